// Stripe: manual-capture payment intents, authorized by Stripe.js in the browser (a hold) and captured
// by the server once it records the payment; payouts to bank accounts through Stripe Connect (a custom
// connected account per verified bank account, paid by transfers). Amounts cross the boundary as
// integer cents, converted exactly (domain/payments.ts).
import Stripe from 'stripe';
import { fromMinorUnits, toMinorUnits, type PaymentIntentStatus } from '../../../../domain/payments.ts';
import { AppError } from '../../../errors.ts';
import {
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderMovement,
  type ProviderPayout,
} from './provider.ts';
import type { StripeSettings } from '../../../config.ts';

export type { StripeSettings };

const CARD_LIMIT_MESSAGE = 'A card payment can be at most $999,999.99';

/** Stripe's many intermediate states, as far as the investment flow needs to tell them apart. */
function statusOf(status: Stripe.PaymentIntent.Status): PaymentIntentStatus {
  const known: readonly PaymentIntentStatus[] = ['succeeded', 'canceled', 'processing', 'requires_capture'];
  return known.find((s) => s === status) ?? 'requires_payment_method';
}

/**
 * The intent as the money module reads it; its charge (expanded) tells what was refunded. Stripe
 * reports a released hold's uncaptured charge as refunded in full although no money moved: only a
 * captured charge's refunds are refunds.
 */
function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  const charge =
    typeof intent.latest_charge === 'object' && intent.latest_charge?.captured ? intent.latest_charge : null;
  return {
    id: intent.id,
    status: statusOf(intent.status),
    amount: fromMinorUnits(intent.amount),
    amountCapturable: fromMinorUnits(intent.amount_capturable ?? 0),
    amountCaptured: fromMinorUnits(intent.amount_received ?? 0),
    amountRefunded: fromMinorUnits(charge?.amount_refunded ?? 0),
    currency: intent.currency,
    metadata: intent.metadata,
  };
}

/** A transfer to a connected account: paid unless reversed (the bank refused the payout). */
function toPayout(transfer: Stripe.Transfer): ProviderPayout {
  return {
    id: transfer.id,
    status: transfer.reversed ? 'failed' : 'paid',
    amount: fromMinorUnits(transfer.amount),
    failureMessage: transfer.reversed ? 'The bank refused the payout.' : undefined,
    metadata: transfer.metadata,
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
  /** Stripe takes at most eight digits of cents on a card payment. */
  readonly maxCardAmount = '999999.99';
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
    let intent: Stripe.PaymentIntent;
    try {
      intent = await call(() =>
        this.stripe.paymentIntents.create(
          {
            amount: toMinorUnits(amount),
            currency: 'usd',
            metadata: { ...metadata },
            // A hold: the server captures it once the payment is recorded and still fits.
            capture_method: 'manual',
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        ),
      );
    } catch (error) {
      // Stripe takes at most eight digits ($999,999.99): the payer hears it at the amount, not a bare 400.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'amount_too_large')
        throw new AppError('VALIDATION', CARD_LIMIT_MESSAGE, { amount: CARD_LIMIT_MESSAGE });
      throw error;
    }
    if (!intent.client_secret) throw new ProviderUnavailableError('Stripe returned no client secret');
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      return toIntent(
        await call(() => this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] })),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return null;
      throw error;
    }
  }

  async captureIntent(id: string, { idempotencyKey }: { idempotencyKey: string }): Promise<ProviderIntent> {
    try {
      return toIntent(
        await call(() =>
          this.stripe.paymentIntents.capture(id, { expand: ['latest_charge'] }, { idempotencyKey }),
        ),
      );
    } catch (error) {
      // Captured already (an earlier attempt's answer was lost) or lapsed: report it as it is.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        const current = await this.retrieveIntent(id);
        if (current) return current;
      }
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

  async registerBankAccount(input: Parameters<PaymentProvider['registerBankAccount']>[0]): Promise<string> {
    const account = await call(() =>
      this.stripe.accounts.create(
        {
          type: 'custom',
          country: input.country,
          ...(input.email && { email: input.email }),
          capabilities: { transfers: { requested: true } },
          external_account: {
            object: 'bank_account',
            country: input.country,
            currency: 'eur',
            account_number: input.iban,
            account_holder_name: input.holderName,
          },
          metadata: { userId: input.userId },
        },
        { idempotencyKey: `bank-account-${input.userId}-${input.iban}` },
      ),
    );
    return account.id;
  }

  async createPayout(input: Parameters<PaymentProvider['createPayout']>[0]): Promise<ProviderPayout> {
    const transfer = await call(() =>
      this.stripe.transfers.create(
        {
          amount: toMinorUnits(input.amount),
          currency: 'usd',
          destination: input.destination,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toPayout(transfer);
  }

  async retrievePayout(id: string): Promise<ProviderPayout | null> {
    try {
      return toPayout(await call(() => this.stripe.transfers.retrieve(id)));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return null;
      throw error;
    }
  }

  async *movements(): AsyncIterable<ProviderMovement> {
    for await (const intent of this.stripe.paymentIntents.list({
      limit: 100,
      expand: ['data.latest_charge'],
    })) {
      const read = toIntent(intent);
      if (read.amountCaptured !== '0.00')
        yield { kind: 'capture', objectId: read.id, amount: read.amountCaptured };
      if (read.amountRefunded !== '0.00')
        yield { kind: 'refund', objectId: read.id, amount: read.amountRefunded };
    }
    for await (const transfer of this.stripe.transfers.list({ limit: 100 })) {
      const payout = toPayout(transfer);
      yield { kind: 'payout', objectId: payout.id, amount: payout.amount };
      if (payout.status === 'failed')
        yield { kind: 'payout_failure', objectId: payout.id, amount: payout.amount };
    }
  }

  /** The event of a webhook delivery, after checking its signature over the raw body (300 s tolerance). */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    if (!this.settings.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
  }
}
