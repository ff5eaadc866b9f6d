// Card payments shared by everything that is paid for (investments, buyer orders, settlements): the
// payments configuration, the sandbox's card step (a fixed contract, DESIGN.md §5) and the Stripe
// webhook. Whatever the payment is for, the money module then moves it along itself (captures a hold
// that fits, releases one that does not), so a browser that closes right after paying loses nothing.
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentIntentIdField } from '../../../domain/investments.ts';
import {
  paymentsConfigSchema,
  sandboxConfirmResultSchema,
  sandboxConfirmSchema,
} from '../../../domain/payments.ts';
import { payments, stripeWebhookEvents } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { advancePayment } from './payments.ts';
import type { ProviderIntent } from './providers/provider.ts';
import { SandboxProvider } from './providers/sandbox.ts';
import { StripeProvider } from './providers/stripe.ts';
import { PAYMENTS_API } from '../../../domain/endpoints/account.ts';
import { answerSchema } from '../../../domain/endpoint.ts';

const STRIPE_EVENTS = new Set([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.canceled',
]);

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.payments;

  /** Moves the payment of an intent along (the intent as the provider just answered it, if known). */
  async function settle(intentId: string, intent?: ProviderIntent) {
    // Webhooks and the sandbox know only the provider's intent id.
    const [payment] = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.intentId, intentId)));
    if (payment) await advancePayment(app.money, payment, intent);
  }

  app.get(
    '/api/payments/config',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Which payment provider takes cards (sandbox or Stripe) and its public key',
        response: { 200: answerSchema(PAYMENTS_API.config, paymentsConfigSchema) },
      },
    },
    () =>
      provider instanceof StripeProvider
        ? { provider: 'stripe' as const, publishableKey: provider.settings.publishableKey }
        : { provider: 'sandbox' as const },
  );

  if (provider instanceof SandboxProvider) {
    app.post(
      '/api/sandbox/payment-intents/:id/confirm',
      {
        config: {
          errors: [
            'PAYMENT_NOT_FOUND',
            'CARD_DECLINED',
            'CARD_INSUFFICIENT_FUNDS',
            'CARD_NUMBER_INVALID',
            'CARD_EXPIRED',
          ],
        },
        // Investors pay investments, buyers orders, traders settlements; the provider checks the
        // intent is the caller's own.
        preHandler: app.requireRole('investor', 'buyer', 'trader'),
        schema: {
          summary: "Pay a sandbox payment with a test card (the sandbox's card step)",
          params: z.object({ id: paymentIntentIdField }),
          body: sandboxConfirmSchema,
          response: { 200: answerSchema(PAYMENTS_API.confirmSandbox, sandboxConfirmResultSchema) },
        },
      },
      async (request) => {
        const { result, intent } = await provider.confirm(request.params.id, request.body, {
          payerId: request.user!.id,
        });
        // What Stripe's webhook does; the record call then answers the same investment or order.
        await settle(intent.id, intent).catch((error: unknown) =>
          request.log.error(
            { err: error, intent: intent.id },
            'recording a sandbox payment failed; the sweep retries',
          ),
        );
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
          config: { access: 'public', errors: ['VALIDATION'] },
          // The exact bytes Stripe signed (the parser above keeps them as they came).
          schema: {
            summary: "Stripe's events (signed by Stripe): payments succeed, fail or refund",
            body: z.instanceof(Buffer),
          },
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
   * A hold placed (amount_capturable_updated), a capture or a cancellation moves the payment along; the
   * intent is asked for again (never taken from the event: Stripe delivers at least once and in any
   * order). An event is marked handled only after its effect, so a failed one is handled again on
   * Stripe's retry.
   */
  async function handleStripeEvent(event: ReturnType<StripeProvider['verifyWebhook']>) {
    if (!STRIPE_EVENTS.has(event.type)) return;
    const [seen] = await app.db
      .select({ id: stripeWebhookEvents.id })
      .from(stripeWebhookEvents)
      .where(eq(stripeWebhookEvents.id, event.id));
    if (seen) return;
    await settle((event.data.object as { id: string }).id);
    await app.db.insert(stripeWebhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  }
};

export default paymentRoutes;
