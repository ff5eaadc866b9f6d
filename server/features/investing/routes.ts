// Investing over HTTP (spec §7): the payment intent, recording the investment, giving an unpaid
// intent up, the investor's list. The card step (sandbox) and the Stripe webhook, shared with buyer
// orders, are in features/money/payment-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBodySchema } from '../../../domain/api.ts';
import {
  createPaymentIntentSchema,
  investmentListQuerySchema,
  investmentListSchema,
  investmentSchema,
  paymentCancelledSchema,
  paymentIntentCreatedSchema,
  paymentIntentIdField,
  recordInvestmentSchema,
} from '../../../domain/investments.ts';
import { ERRORS, type ErrorCode } from '../../../domain/errors.ts';
import { revokeResultSchema } from '../../../domain/diligence.ts';
import { revokeInvestment } from './revoke.ts';
import {
  cancelPayment,
  createPaymentIntent,
  investFromBalance,
  listInvestments,
  recordInvestment,
} from './service.ts';
import { INVESTMENT_API } from '../../../domain/endpoints/investments.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import { pathId } from '../../../domain/ids.ts';

/** What investing refuses, by card or from the balance alike (the one placing rule: docs/investing.md). */
const INVESTING_REFUSALS = [
  'CAMPAIGN_NOT_FOUND',
  'INVESTOR_MISMATCH',
  'NOT_AN_INVESTOR',
  'INVESTING_NEEDS_KYC',
  'CAMPAIGN_FULLY_FUNDED',
  'CAMPAIGN_FUNDING_CLOSED',
  'CAMPAIGN_PAUSED',
  'NOTHING_OPEN',
  'ABOVE_OPEN_AMOUNT',
  'BELOW_MINIMUM',
  'BELOW_MINIMUM_LAST_SLICE',
  'APPROPRIATENESS_REQUIRED',
  'ACKNOWLEDGEMENT_REQUIRED',
] as const satisfies readonly ErrorCode[];

const investmentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Investing is for investors (the service checks the rest: own id, KYC, an open campaign). */
  const investorsOnly = app.requireRole('investor', { message: ERRORS.NOT_AN_INVESTOR.message });
  /** Starting an investment is a money path: behind the money gate (domain/policies.ts). Recording a
   * payment already made, or cancelling one, is not: it settles a hold the gate let through. */
  const verifiedInvestors = app.requireRole('investor', {
    message: ERRORS.NOT_AN_INVESTOR.message,
    verified: { kyc: 'INVESTING_NEEDS_KYC' },
  });

  app.post(
    '/api/create-payment-intent',
    {
      config: {
        errors: [
          ...INVESTING_REFUSALS,
          'TOO_MANY_HOLDS',
          'RATE_LIMITED',
          'PROVIDER_UNAVAILABLE',
          'NOT_FOUND',
        ],
      },
      preHandler: verifiedInvestors,
      schema: {
        summary: 'Start an investment: hold the amount and open a card payment',
        body: createPaymentIntentSchema,
        response: { 200: answerSchema(INVESTMENT_API.createPaymentIntent, paymentIntentCreatedSchema) },
      },
    },
    (request) => createPaymentIntent(app.money, request.user!, request.body, app.clock()),
  );

  app.post(
    '/api/investments',
    {
      config: {
        errors: [
          'INVESTOR_MISMATCH',
          'PAYMENT_NOT_FOUND',
          'PAYMENT_MISMATCH',
          'PAYMENT_REFUNDED',
          'PAYMENT_VOIDED',
          'PAYMENT_EXPIRED',
          'PAYMENT_NOT_SUCCEEDED',
        ],
      },
      preHandler: investorsOnly,
      schema: {
        summary: 'Record an investment once its card payment succeeded',
        body: recordInvestmentSchema,
        response: {
          200: answerSchema(INVESTMENT_API.record, investmentSchema),
          201: answerSchema(INVESTMENT_API.record, investmentSchema),
        },
      },
    },
    async (request, reply) => {
      const { investment, created } = await recordInvestment(app.money, request.user!, request.body);
      return reply.status(created ? 201 : 200).send(investment);
    },
  );

  app.post(
    '/api/payment-intents/:id/cancel',
    {
      config: { errors: ['PAYMENT_NOT_FOUND'] },
      // The service checks the intent is the caller's (404 otherwise).
      preHandler: investorsOnly,
      schema: {
        summary: 'Cancel an investment payment not yet made',
        params: z.object({ id: paymentIntentIdField }),
        body: noBodySchema,
        response: { 200: answerSchema(INVESTMENT_API.cancelPayment, paymentCancelledSchema) },
      },
    },
    (request) => cancelPayment(app.money, request.user!, request.params.id),
  );

  app.post(
    '/api/investments/:id/revoke',
    {
      config: {
        errors: ['INVESTMENT_NOT_FOUND', 'REVOKE_NOT_HELD', 'REVOKE_PERIOD_OVER', 'REVOKE_SOPHISTICATED'],
      },
      // Within the reflection period, by the investor whose investment it is (the service checks: 404
      // for anyone else's, 403 for a sophisticated investor, 409 once the period is over).
      preHandler: investorsOnly,
      schema: {
        summary: 'Revoke an investment within the reflection period (refunded)',
        params: z.object({ id: pathId('INVESTMENT_NOT_FOUND') }),
        body: noBodySchema,
        response: { 200: answerSchema(INVESTMENT_API.revoke, revokeResultSchema) },
      },
    },
    (request) => revokeInvestment(app.money, request.user!, request.params.id, app.clock()),
  );

  app.get(
    '/api/investments',
    {
      config: { errors: ['INVESTOR_MISMATCH'] },
      // The investor themself or an admin (checked by the service).
      preHandler: app.requireRole('investor', 'admin'),
      schema: {
        summary: "The investor's investments",
        querystring: investmentListQuerySchema,
        response: { 200: answerSchema(INVESTMENT_API.list, investmentListSchema) },
      },
    },
    (request) => listInvestments(app.db, request.user!, request.query.investorId),
  );

  // Paying from the investor's HydroBridge balance instead of a card (docs/money.md).
  app.post(
    '/api/investments/from-balance',
    {
      config: {
        errors: [...INVESTING_REFUSALS, 'INSUFFICIENT_BALANCE', 'NOT_FOUND', 'PAYMENT_NOT_FOUND'],
      },
      preHandler: verifiedInvestors,
      schema: {
        summary: 'Invest from the HydroBridge balance',
        body: createPaymentIntentSchema,
        response: { 201: answerSchema(INVESTMENT_API.fromBalance, investmentSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await investFromBalance(app.money, request.user!, request.body, app.clock())),
  );
};

export default investmentRoutes;
