// The payment provider interface (DESIGN.md §4, docs/money.md): the money module creates intents,
// learns of holds, captures, voids and refunds them, and pays out to bank accounts through it, and
// never trusts the browser's word about a payment. Two implementations: Stripe when keys are
// configured, the built-in sandbox otherwise.
import type { PaymentIntentStatus, PaymentProviderName } from '../../../../domain/payments.ts';
import { dec } from '../../../../domain/money.ts';
import { AppError } from '../../../errors.ts';

/** What every intent carries: our payment, what it pays for and who pays (checked when it is booked). */
export interface IntentMetadata {
  paymentId: string;
  purpose: string;
  payerId: string;
  /** The investment, order or campaign (settlement) it pays for. */
  subjectId: string;
}

/** A payment intent as the provider reports it: the only source of truth about a card payment. */
export interface ProviderIntent {
  id: string;
  status: PaymentIntentStatus;
  /** Decimal dollars ("500.00"), converted exactly from the provider's minor units. */
  amount: string;
  /** What the hold still allows to capture; what was captured; what was refunded. */
  amountCapturable: string;
  amountCaptured: string;
  amountRefunded: string;
  currency: string;
  metadata: Partial<IntentMetadata>;
}

/** The intent is exactly the one created for this payment: amount, currency and every metadata value. */
export function intentMatches(
  intent: ProviderIntent,
  expected: { intentId: string | null; amount: string; metadata: IntentMetadata },
): boolean {
  const metadata = intent.metadata as Record<string, string | undefined>;
  return (
    intent.id === expected.intentId &&
    dec(intent.amount).eq(expected.amount) &&
    intent.currency === 'usd' &&
    Object.entries(expected.metadata).every(([key, value]) => metadata[key] === value)
  );
}

/** A payout to a bank account as the provider reports it. */
export interface ProviderPayout {
  id: string;
  status: 'in_transit' | 'paid' | 'failed';
  amount: string;
  /** The bank's reason when it failed ("The bank account has been closed."). */
  failureMessage?: string | undefined;
  metadata: Record<string, string>;
}

/** One money movement at the provider, for the reconciliation of the ledger (verify-ledger). */
export interface ProviderMovement {
  kind: 'capture' | 'refund' | 'payout' | 'payout_failure';
  /** The intent (capture, refund) or the payout (payout, payout failure). */
  objectId: string;
  amount: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The most one card payment can be ("999999.99" at Stripe); none: no limit (the sandbox). */
  readonly maxCardAmount?: string;
  /**
   * A manual-capture intent: the card step only authorizes (holds) the amount; `capture` takes it.
   * `idempotencyKey` makes a retried create return the first intent instead of a second one.
   */
  createIntent(input: {
    amount: string;
    metadata: IntentMetadata;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  /** The intent, or null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Takes the held amount; capturing a captured intent answers it as it is. */
  captureIntent(id: string, input: { idempotencyKey: string }): Promise<ProviderIntent>;
  /**
   * Cancels an unpaid intent, or releases (voids) a hold; answers the intent as it ends up (a captured
   * one stays succeeded).
   */
  cancelIntent(id: string): Promise<ProviderIntent>;
  /** Refunds a captured intent in full; repeating it refunds nothing more. */
  refund(id: string, input: { idempotencyKey: string }): Promise<void>;
  /** Registers a verified bank account as a payout destination; answers the provider's reference. */
  registerBankAccount(input: {
    userId: string;
    holderName: string;
    iban: string;
    country: string;
    email: string | null;
  }): Promise<string>;
  /** Pays out to a registered destination; a retry with the same key answers the first payout. */
  createPayout(input: {
    amount: string;
    destination: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<ProviderPayout>;
  retrievePayout(id: string): Promise<ProviderPayout | null>;
  /** Every capture, refund, payout and payout failure the provider made for us (reconciliation). */
  movements(): AsyncIterable<ProviderMovement>;
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
