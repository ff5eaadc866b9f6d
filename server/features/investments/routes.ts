// Investing over HTTP (spec §7): the payment intent, the sandbox's card step, recording the
// investment, the investor's list, the payments configuration and the Stripe webhook.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBodySchema } from '../../../domain/api.ts';
import {
  createPaymentIntentSchema,
  INVESTMENT_STATUSES,
  investmentListQuerySchema,
  investmentListSchema,
  investmentSchema,
  paymentIntentCreatedSchema,
  paymentIntentIdField,
  recordInvestmentSchema,
} from '../../../domain/investments.ts';
import {
  paymentsConfigSchema,
  sandboxConfirmResultSchema,
  sandboxConfirmSchema,
} from '../../../domain/payments.ts';
import { eq } from 'drizzle-orm';
import { stripeWebhookEvents } from '../../db/schema/index.ts';
import { ERRORS } from '../../../domain/errors.ts';
import { AppError } from '../../errors.ts';
import { SandboxProvider } from '../../payments/sandbox.ts';
import { StripeProvider } from '../../payments/stripe.ts';
import {
  cancelPayment,
  createPaymentIntent,
  investmentOfIntent,
  listInvestments,
  recordInvestment,
  settlePayment,
} from './service.ts';

const investmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.payments;

  app.get(
    '/api/payments/config',
    { config: { access: 'public' }, schema: { response: { 200: paymentsConfigSchema } } },
    () =>
      provider instanceof StripeProvider
        ? { provider: 'stripe' as const, publishableKey: provider.settings.publishableKey }
        : { provider: 'sandbox' as const },
  );

  /** Investing is for investors (the service checks the rest: own id, KYC, an open campaign). */
  const investorsOnly = app.requireRole('investor', { message: ERRORS.NOT_AN_INVESTOR.message });

  app.post(
    '/api/create-payment-intent',
    {
      preHandler: investorsOnly,
      schema: { body: createPaymentIntentSchema, response: { 200: paymentIntentCreatedSchema } },
    },
    (request) => createPaymentIntent(app.db, provider, request.user!, request.body, app.clock()),
  );

  app.post(
    '/api/investments',
    {
      preHandler: investorsOnly,
      schema: { body: recordInvestmentSchema, response: { 200: investmentSchema, 201: investmentSchema } },
    },
    async (request, reply) => {
      const { investment, created } = await recordInvestment(
        app.db,
        provider,
        request.user!,
        request.body,
        app.clock(),
      );
      return reply.status(created ? 201 : 200).send(investment);
    },
  );

  app.post(
    '/api/payment-intents/:id/cancel',
    {
      // The service checks the intent is the caller's (404 otherwise).
      preHandler: investorsOnly,
      schema: {
        params: z.object({ id: paymentIntentIdField }),
        body: noBodySchema,
        response: { 200: z.object({ status: z.enum(INVESTMENT_STATUSES) }) },
      },
    },
    (request) => cancelPayment(app.db, provider, request.user!, request.params.id, app.clock()),
  );

  app.get(
    '/api/investments',
    {
      // The investor themself or an admin (checked by the service).
      preHandler: app.requireRole('investor', 'admin'),
      schema: { querystring: investmentListQuerySchema, response: { 200: investmentListSchema } },
    },
    (request) => listInvestments(app.db, request.user!, request.query.investorId),
  );

  if (provider instanceof SandboxProvider) {
    app.post(
      '/api/sandbox/payment-intents/:id/confirm',
      {
        preHandler: investorsOnly,
        schema: {
          params: z.object({ id: paymentIntentIdField }),
          body: sandboxConfirmSchema,
          response: { 200: sandboxConfirmResultSchema },
        },
      },
      async (request) => {
        const { result, intent } = await provider.confirm(request.params.id, request.body, {
          investorId: request.user!.id,
        });
        // What Stripe's webhook does: the server records the payment itself, so a browser that
        // closes right after paying loses nothing. The record call then answers the same investment.
        const { investmentId } = intent.metadata;
        if (investmentId) {
          await settlePayment(app.db, provider, investmentId, app.clock(), intent).catch((error: unknown) =>
            request.log.error(
              { err: error, investmentId },
              'recording a sandbox payment failed; the sweep retries',
            ),
          );
        }
        return result;
      },
    );
  }

  if (provider instanceof StripeProvider) {
    await app.register(async (webhook) => {
      // Stripe signs the exact bytes it sent: this route keeps the body raw.
      webhook.removeAllContentTypeParsers();
      webhook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: 256 * 1024 },
        (_req, body, done) => done(null, body),
      );
      // Open to the network: Stripe's signature on the raw body is the check.
      webhook.post(
        '/api/payments/stripe/webhook',
        {
          config: { access: 'public' },
          // The exact bytes Stripe signed (the parser above keeps them as they came).
          schema: { body: z.instanceof(Buffer) },
        },
        async (request, reply) => {
          const signature = request.headers['stripe-signature'];
          let event;
          try {
            event = provider.verifyWebhook(request.body as Buffer, String(signature ?? ''));
          } catch {
            throw new AppError('VALIDATION', 'Invalid Stripe signature');
          }
          await handleStripeEvent(event);
          return reply.send({ received: true });
        },
      );
    });
  }

  /**
   * payment_intent.succeeded records the payment; other events need nothing (lapsed reservations are
   * the sweep's). Stripe delivers at least once and in any order: recording is idempotent, and an event
   * is marked handled only after its effect, so a failed one is handled again on Stripe's retry.
   */
  async function handleStripeEvent(event: ReturnType<StripeProvider['verifyWebhook']>) {
    if (event.type !== 'payment_intent.succeeded') return;
    const [seen] = await app.db
      .select({ id: stripeWebhookEvents.id })
      .from(stripeWebhookEvents)
      .where(eq(stripeWebhookEvents.id, event.id));
    if (seen) return;
    const investmentId = await investmentOfIntent(app.db, provider, event.data.object.id);
    if (investmentId) await settlePayment(app.db, provider, investmentId, app.clock());
    await app.db.insert(stripeWebhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  }
};

export default investmentRoutes;
