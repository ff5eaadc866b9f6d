// Stripe: payment intents at Stripe, confirmed by Stripe.js in the browser and by a signed webhook.
// Amounts cross the boundary as integer cents, converted exactly (domain/payments.ts).
import Stripe from 'stripe';
import { fromMinorUnits, toMinorUnits, type PaymentIntentStatus } from '../../domain/payments.ts';
import { ProviderUnavailableError, type PaymentProvider, type ProviderIntent } from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Another API origin than api.stripe.com (a local stand-in in tests, or stripe-mock). */
  apiBase?: string | undefined;
}

/** Stripe's many intermediate states, as far as the investment flow needs to tell them apart. */
function statusOf(status: Stripe.PaymentIntent.Status): PaymentIntentStatus {
  const known: readonly PaymentIntentStatus[] = ['succeeded', 'canceled', 'processing'];
  return known.find((s) => s === status) ?? 'requires_payment_method';
}

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    status: statusOf(intent.status),
    amount: fromMinorUnits(intent.amount),
    currency: intent.currency,
    metadata: intent.metadata,
  };
}

/** Network and server failures become ProviderUnavailableError; Stripe's answers about the request stay as they are. */
async function call<T>(what: () => Promise<T>): Promise<T> {
  try {
    return await what();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError)
      throw new ProviderUnavailableError(error.message);
    throw error;
  }
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(readonly settings: StripeSettings) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  async createIntent({ amount, metadata, idempotencyKey }: Parameters<PaymentProvider['createIntent']>[0]) {
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: toMinorUnits(amount),
          currency: 'usd',
          metadata: { ...metadata },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey },
      ),
    );
    if (!intent.client_secret) throw new ProviderUnavailableError('Stripe returned no client secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      return toIntent(await call(() => this.stripe.paymentIntents.retrieve(id)));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return null;
      throw error;
    }
  }

  async cancelIntent(id: string): Promise<ProviderIntent> {
    try {
      return toIntent(await call(() => this.stripe.paymentIntents.cancel(id)));
    } catch (error) {
      // A paid (or already cancelled) intent cannot be cancelled: report it as it is.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const current = await this.retrieveIntent(id);
        if (current) return current;
      }
      throw error;
    }
  }

  async refund(id: string, { idempotencyKey }: { idempotencyKey: string }): Promise<void> {
    try {
      await call(() => this.stripe.refunds.create({ payment_intent: id }, { idempotencyKey }));
    } catch (error) {
      // Refunded before (by an earlier attempt whose answer was lost): nothing more to return.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'charge_already_refunded'
      )
        return;
      throw error;
    }
  }

  /** The event of a webhook delivery, after checking its signature over the raw body (300 s tolerance). */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    if (!this.settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
  }
}
