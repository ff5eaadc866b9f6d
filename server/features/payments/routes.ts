// Card payments shared by everything that is paid for (investments and buyer orders): the payments
// configuration, the sandbox's card step (a fixed contract, DESIGN.md §5) and the Stripe webhook. An
// intent's metadata says what it pays for; the server then records that payment itself, so a browser
// that closes right after paying loses nothing.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentIntentIdField } from '../../../domain/investments.ts';
import {
  paymentsConfigSchema,
  sandboxConfirmResultSchema,
  sandboxConfirmSchema,
} from '../../../domain/payments.ts';
import { stripeWebhookEvents } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { sendInBackground } from '../../mail.ts';
import type { ProviderIntent } from '../../payments/provider.ts';
import { SandboxProvider } from '../../payments/sandbox.ts';
import { StripeProvider } from '../../payments/stripe.ts';
import { investmentOfIntent, settlePayment } from '../investments/service.ts';
import { orderOfIntent, settleOrderPayment } from '../marketplace/orders.ts';

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.payments;
  const orderDeps = {
    db: app.db,
    provider,
    notify: (message: Parameters<typeof sendInBackground>[1]) =>
      sendInBackground(app.mailer, message, app.log),
    publicUrl: app.settings.publicUrl,
  };

  /** Records what an intent paid for, as its metadata names it (the intent as the provider just answered). */
  function settle(intent: ProviderIntent) {
    const { investmentId, orderId } = intent.metadata;
    if (investmentId) return settlePayment(app.db, provider, investmentId, app.clock(), intent);
    if (orderId) return settleOrderPayment(orderDeps, orderId, app.clock(), intent);
    return undefined;
  }

  app.get(
    '/api/payments/config',
    { config: { access: 'public' }, schema: { response: { 200: paymentsConfigSchema } } },
    () =>
      provider instanceof StripeProvider
        ? { provider: 'stripe' as const, publishableKey: provider.settings.publishableKey }
        : { provider: 'sandbox' as const },
  );

  if (provider instanceof SandboxProvider) {
    app.post(
      '/api/sandbox/payment-intents/:id/confirm',
      {
        // Investors pay investments, buyers pay orders; the provider checks the intent is the caller's.
        preHandler: app.requireRole('investor', 'buyer'),
        schema: {
          params: z.object({ id: paymentIntentIdField }),
          body: sandboxConfirmSchema,
          response: { 200: sandboxConfirmResultSchema },
        },
      },
      async (request) => {
        const { result, intent } = await provider.confirm(request.params.id, request.body, {
          payerId: request.user!.id,
        });
        // What Stripe's webhook does; the record call then answers the same investment or order.
        await Promise.resolve(settle(intent)).catch((error: unknown) =>
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
    const intentId = event.data.object.id;
    const investmentId = await investmentOfIntent(app.db, provider, intentId);
    if (investmentId) await settlePayment(app.db, provider, investmentId, app.clock());
    const orderId = investmentId ? undefined : await orderOfIntent(app.db, provider, intentId);
    if (orderId) await settleOrderPayment(orderDeps, orderId, app.clock());
    await app.db.insert(stripeWebhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  }
};

export default paymentRoutes;
