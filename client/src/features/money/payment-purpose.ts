// What a payment is for, as the one payment flow sees it: three calls of the purpose's own API.
// An investment, an order and (later) a trader's settlement each bring their own three; the flow, the
// card form and the recovery of a payment whose record call did not come back are the same for all.
import type { QueryClient } from '@tanstack/react-query';

/** The purposes a payment may have; stored with a payment that is paid but not recorded yet. */
export type PaymentPurposeName = 'investment' | 'order' | 'settlement';

/**
 * What the record call needs besides the intent (e.g. the campaign and investor, or the order):
 * plain strings, so that it can wait in sessionStorage for the next page load.
 */
export type PaymentRef = Record<string, string>;

export interface IntentOf<Ref extends PaymentRef = PaymentRef> {
  paymentIntentId: string;
  ref: Ref;
}

/** An intent as created: the card step pays it with its client secret. */
export interface CreatedIntent<Ref extends PaymentRef = PaymentRef> extends IntentOf<Ref> {
  clientSecret: string;
}

export interface PaymentPurpose<Input, Ref extends PaymentRef, Recorded> {
  name: PaymentPurposeName;
  /** Creates the intent to pay (→ `{paymentIntentId, clientSecret}`), with what recording it needs. */
  createIntent(input: Input): Promise<CreatedIntent<Ref>>;
  /**
   * Records a paid intent and refreshes the views it changes. Safe to repeat: the server answers a
   * replay with the same recorded thing, or a 4xx saying what became of the money.
   */
  record(intent: IntentOf<Ref>, client: QueryClient): Promise<Recorded>;
  /** Gives up an unpaid intent, so what it holds is free at once. Fire and forget. */
  giveUp(intent: IntentOf<Ref>): void;
}

/** A purpose's record call alone: what the recovery of a remembered payment needs. */
export type RecordCall = Pick<PaymentPurpose<never, PaymentRef, unknown>, 'record'>;

/** Where the recovery finds each purpose's record call (loaded only when a payment waits). */
export type PaymentPurposeLoaders = Partial<Record<PaymentPurposeName, () => Promise<RecordCall>>>;
