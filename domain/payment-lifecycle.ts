// One payment lifecycle for every payer (docs/money.md, DESIGN.md §3–4): an investor paying an
// investment, a buyer paying an order, a trader paying a settlement. Statuses, the allowed moves and
// the words a payer reads are data here; server/features/money/payments.ts is the one implementation.
import { inGroup } from './status-groups.ts';

export const PAYMENT_PURPOSES = ['investment', 'order', 'settlement'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** Where the money comes from: a card through the provider, or the payer's HydroBridge balance. */
export const PAYMENT_SOURCES = ['card', 'balance', 'bank_transfer'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/**
 * - `created`: the intent exists; it reserves nothing.
 * - `authorized`: the card holds the amount and it fits: it counts against the open amount. Durable
 *   marker for "capture it" (the sweep finishes a capture a crash interrupted).
 * - `captured`: the money is taken and booked (escrow, the settlement account).
 * - `voiding` → `voided`: the hold did not fit (or its subject went away): released, never charged.
 * - `expired`: never authorized (unpaid for INTENT_LIFETIME_MINUTES, or given up).
 * - `refunding` → `refunded`: captured money going back to where it came from.
 */
export const PAYMENT_STATUSES = [
  'created',
  'authorized',
  'captured',
  'voiding',
  'voided',
  'expired',
  'refunding',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentTransition {
  from: PaymentStatus;
  to: PaymentStatus;
  does: string;
}

/** Every allowed move; nothing else writes a payment's status (server/features/money/payments.ts checks it). */
export const PAYMENT_TRANSITIONS: readonly PaymentTransition[] = [
  { from: 'created', to: 'authorized', does: 'the card holds the amount and it fits: it counts' },
  { from: 'created', to: 'voiding', does: 'the card holds the amount but it no longer fits' },
  { from: 'created', to: 'expired', does: 'never paid: cancelled at the provider' },
  { from: 'created', to: 'captured', does: 'paid from a balance or by a bank transfer: booked at once' },
  { from: 'authorized', to: 'captured', does: 'the provider captured the hold: booked' },
  { from: 'authorized', to: 'voiding', does: 'its subject went away before the capture' },
  { from: 'authorized', to: 'voided', does: 'the hold lapsed at the provider before the capture' },
  { from: 'voiding', to: 'voided', does: 'the provider released the hold' },
  { from: 'voiding', to: 'captured', does: 'the provider had captured it already: booked, then refunded' },
  { from: 'captured', to: 'refunding', does: 'the money goes back (cancellation, dispute, no longer fits)' },
  { from: 'refunding', to: 'refunded', does: 'the provider refunded it: booked' },
];

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS.some((t) => t.from === from && t.to === to);
}

/** Named groups: each rule that means "counts against the open amount" or "work for the sweep" says so. */
export const PAYMENT_STATUS_GROUPS = {
  /** A live hold: counts against the campaign's or listing's open amount until captured or voided. */
  liveHold: ['authorized'],
  /** The provider still has to act (capture, void, refund): the sweep finishes these. */
  providerWork: ['authorized', 'voiding', 'refunding'],
  /** Money the platform holds or held for this payment. */
  taken: ['captured', 'refunding', 'refunded'],
  /** Ended without any charge. */
  notCharged: ['voided', 'expired'],
} as const satisfies Record<string, readonly PaymentStatus[]>;

export function inPaymentGroup(status: PaymentStatus, group: keyof typeof PAYMENT_STATUS_GROUPS): boolean {
  return inGroup<PaymentStatus>(PAYMENT_STATUS_GROUPS[group], status);
}

/** Why a hold was released (voided) or a payment ended unpaid: what the payer is told. */
export const PAYMENT_END_REASONS = [
  'filled_up',
  'terms_changed',
  'closed',
  'cancelled',
  'sold_out',
  'not_due',
  'hold_lapsed',
  'abandoned',
  'lapsed',
] as const;
export type PaymentEndReason = (typeof PAYMENT_END_REASONS)[number];

export const PAYMENT_END_MESSAGES: Record<PaymentEndReason, string> = {
  filled_up: 'The campaign filled up: your card was not charged',
  terms_changed: "The campaign's terms changed: your card was not charged",
  closed: 'The campaign closed for funding: your card was not charged',
  cancelled: 'This was cancelled: your card was not charged',
  sold_out: 'The listing sold out: your card was not charged',
  not_due: 'This settlement is no longer due: your card was not charged',
  hold_lapsed: 'The hold on your card lapsed before it was captured: your card was not charged',
  abandoned: 'This payment was given up: your card was not charged',
  lapsed: 'This payment has expired and nothing was charged. Please start again.',
};

/** An unpaid intent is cancelled at the provider after this, so a form left open cannot pay later. */
export const INTENT_LIFETIME_MINUTES = 15;

/**
 * Live holds a payer may have at once. A hold lives seconds (it is captured as soon as it is
 * recorded), so three covers paying several things in parallel; a script cannot pin more than that.
 */
export const MAX_LIVE_HOLDS_PER_PAYER = 3;

/**
 * New intents per payer per window: a buyer placing a batch of orders or an investor retrying cards
 * and amounts stays far below it; a loop of cancel and re-create is stopped within seconds.
 */
export const INTENT_RATE = { max: 30, windowMinutes: 10 } as const;

/** An approved settlement unpaid this long after approval puts the campaign in default. */
export const SETTLEMENT_GRACE_DAYS = 14;
