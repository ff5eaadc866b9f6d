// Money over HTTP (docs/money.md): the cash account, the bank account, withdrawals and what waits for
// an admin's decision. A campaign's documents, release evidence and the admin's decisions on them are
// the campaigns feature's (features/campaigns/money-routes.ts). Routes map; the money module decides.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankAccountCreateSchema,
  bankAccountSchema,
  cashAccountSchema,
  payoutSchema,
  withdrawalSchema,
} from '../../../domain/cash-account.ts';
import { ERRORS } from '../../../domain/errors.ts';
import { adminMoneySchema } from '../../../domain/money-out.ts';
import { cashAccountOf, setBankAccount, withdraw } from './payouts.ts';
import { adminSettlements, releasesAwaitingReview } from './views.ts';
import { CAMPAIGN_API } from '../../../domain/endpoints/campaigns.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import { CASH_API } from '../../../domain/endpoints/account.ts';
import paymentRoutes from './payment-routes.ts';

const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminsOnly = app.requireRole('admin');

  // ---- the cash account --------------------------------------------------------------------------
  app.get(
    '/api/cash-account',
    {
      preHandler: app.requireRole('investor', 'trader'),
      schema: {
        summary: "The user's HydroBridge balance and its movements",
        response: { 200: answerSchema(CASH_API.account, cashAccountSchema) },
      },
    },
    (request) => cashAccountOf(app.db, request.user!),
  );

  app.put(
    '/api/bank-account',
    {
      config: { errors: ['STEP_UP_REQUIRED', 'BANK_ACCOUNT_NEEDS_KYC', 'BANK_HOLDER_MISMATCH', 'NOT_FOUND'] },
      preHandler: [
        app.requireRole('investor', 'trader', { verified: { unverified: 'BANK_ACCOUNT_NEEDS_KYC' } }),
        app.requireStepUp,
      ],
      schema: {
        summary: 'Set the bank account withdrawals are paid to',
        body: bankAccountCreateSchema,
        response: { 200: answerSchema(CASH_API.setBankAccount, bankAccountSchema) },
      },
    },
    (request) => setBankAccount(app.money, request.user!.id, request.body),
  );

  app.post(
    '/api/withdrawals',
    {
      config: { errors: ['STEP_UP_REQUIRED', 'NO_BANK_ACCOUNT', 'INSUFFICIENT_BALANCE', 'NOT_FOUND'] },
      preHandler: [
        app.requireRole('investor', { message: ERRORS.NOT_AN_INVESTOR.message, verified: true }),
        app.requireStepUp,
      ],
      schema: {
        summary: 'Withdraw from the balance to the bank account',
        body: withdrawalSchema,
        response: { 201: answerSchema(CASH_API.withdraw, payoutSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await withdraw(app.money, request.user!.id, request.body.amount)),
  );

  // ---- the admin's decisions ----------------------------------------------------------------------
  app.get(
    '/api/admin/money',
    {
      preHandler: adminsOnly,
      schema: {
        summary: 'Settlements and staged releases waiting for an admin',
        response: { 200: answerSchema(CAMPAIGN_API.adminMoney, adminMoneySchema) },
      },
    },
    async () => ({
      settlements: await adminSettlements(app.db, ['pending_review', 'approved', 'defaulted']),
      releases: await releasesAwaitingReview(app.db),
    }),
  );

  // The card step, the provider's webhooks and the sandbox's test card.
  await app.register(paymentRoutes);
};

export default moneyRoutes;
