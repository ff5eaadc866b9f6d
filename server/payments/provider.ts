// The payment provider interface (DESIGN.md §4): the investment flow creates, reads, cancels and
// refunds payment intents through it and never trusts the browser's word about a payment. Two
// implementations: Stripe when keys are configured, the built-in sandbox otherwise.
import type { PaymentIntentStatus, PaymentProviderName } from '../../domain/payments.ts';
import { dec } from '../../domain/money.ts';
import { AppError } from '../errors.ts';

/** What the investment flow stores on every intent, to check a payment against the investment. */
export interface InvestmentIntentMetadata {
  investmentId: string;
  campaignId: string;
  investorId: string;
}

/** What a buyer order's intent carries: the order, its buyer (the payer) and its supplier. */
export interface OrderIntentMetadata {
  orderId: string;
  buyerId: string;
  traderId: string;
}

/** What an intent pays for: an investment or a buyer order (the metadata says which). */
export type IntentMetadata = InvestmentIntentMetadata | OrderIntentMetadata;

/** Who pays an intent: the investor of an investment, the buyer of an order. */
export function payerOf(metadata: ProviderIntent['metadata']): string | undefined {
  return metadata.investorId ?? metadata.buyerId;
}

/** The intent is exactly the one created for this payment: amount, currency and every metadata id. */
export function intentMatches(
  intent: ProviderIntent,
  expected: { id: string | null; amount: string; metadata: IntentMetadata },
): boolean {
  const metadata = intent.metadata as Record<string, string | undefined>;
  return (
    intent.id === expected.id &&
    dec(intent.amount).eq(expected.amount) &&
    intent.currency === 'usd' &&
    Object.entries(expected.metadata).every(([key, value]) => metadata[key] === value)
  );
}

/** A payment intent as the provider reports it: the only source of truth about a payment. */
export interface ProviderIntent {
  id: string;
  status: PaymentIntentStatus;
  /** Decimal dollars ("500.00"), converted exactly from the provider's minor units. */
  amount: string;
  currency: string;
  metadata: Partial<InvestmentIntentMetadata & OrderIntentMetadata>;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** `idempotencyKey` makes a retried create return the first intent instead of a second one. */
  createIntent(input: {
    amount: string;
    metadata: IntentMetadata;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** The intent, or null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Cancels an unpaid intent so it can no longer be paid; answers the intent as it ends up (a paid one stays succeeded). */
  cancelIntent(id: string): Promise<ProviderIntent>;
  /** Refunds a paid intent in full; repeating it refunds nothing more. */
  refund(id: string, input: { idempotencyKey: string }): Promise<void>;
}

/**
 * The provider could not be reached or failed on its side: nothing about the payment changed here.
 * The client hears the catalogue's message; the provider's own text stays in the logs (`cause`).
 */
export class ProviderUnavailableError extends AppError {
  constructor(detail: string) {
    super('PROVIDER_UNAVAILABLE');
    this.cause = detail;
  }
}
