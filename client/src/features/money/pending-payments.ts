// Payments that went through at the card step but whose record call has not answered yet, kept in
// sessionStorage: a reload or a back navigation in the middle of a payment must not leave the payer
// wondering where their money went. The next page load asks the purpose's record call again and says
// what became of it (payment-recovery.ts). Only what recording needs is kept: no card, no secret.
import type { PaymentPurposeName, PaymentRef } from './payment-purpose.ts';
import { PENDING_PAYMENTS_KEY, sessionStore, type SessionStore } from './session-store.ts';

export interface PendingPayment {
  purpose: PaymentPurposeName;
  paymentIntentId: string;
  /** The amount paid, a decimal string in dollars. */
  amount: string;
  /** What it pays for, as the payer knows it (a campaign title, an order). */
  title: string;
  /** What the record call needs besides the intent. */
  ref: PaymentRef;
  /** Who paid: another user signed in in this tab is not told about it. */
  payerId: string;
  /** When the card step succeeded (ISO). */
  at: string;
}

/**
 * How long a remembered payment is worth asking about: by then the server has recorded or refunded
 * it on its own (its sweep runs every minute), and the investments list tells the rest.
 */
export const PENDING_PAYMENT_MAX_AGE_MS = 24 * 3_600_000;

const PURPOSES: readonly string[] = ['investment', 'order', 'settlement'] satisfies PaymentPurposeName[];

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

const isText = (value: unknown, pattern = /./): value is string =>
  typeof value === 'string' && pattern.test(value);

/** An entry as this code wrote it (storage is the user's: anything else is dropped). */
function isPendingPayment(value: unknown): value is PendingPayment {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<keyof PendingPayment, unknown>;
  return (
    isText(e.purpose) &&
    PURPOSES.includes(e.purpose) &&
    isText(e.paymentIntentId, /^pi_[A-Za-z0-9_]+$/) &&
    isText(e.amount, /^\d+(\.\d+)?$/) &&
    isText(e.title) &&
    isText(e.payerId) &&
    isText(e.at) &&
    !Number.isNaN(Date.parse(e.at)) &&
    isStringRecord(e.ref)
  );
}

function read(store: SessionStore | null): PendingPayment[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(PENDING_PAYMENTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPendingPayment) : [];
  } catch {
    return [];
  }
}

function write(store: SessionStore | null, entries: PendingPayment[]): void {
  try {
    if (entries.length) store?.setItem(PENDING_PAYMENTS_KEY, JSON.stringify(entries));
    else store?.removeItem(PENDING_PAYMENTS_KEY);
  } catch {
    // Full or refused: the payment is still recorded (or refunded) by the server on its own.
  }
}

/** Remembers a paid intent until its record call answers (one entry per intent). */
export function rememberPayment(entry: PendingPayment, store = sessionStore()): void {
  write(store, [...read(store).filter((e) => e.paymentIntentId !== entry.paymentIntentId), entry]);
}

/** Forgets an intent once the payer knows what became of it. */
export function forgetPayment(paymentIntentId: string, store = sessionStore()): void {
  const entries = read(store);
  const left = entries.filter((e) => e.paymentIntentId !== paymentIntentId);
  if (left.length !== entries.length) write(store, left);
}

/** The payments `payerId` made that still wait for an answer; entries too old to matter are dropped. */
export function pendingPaymentsOf(
  payerId: string,
  now = new Date(),
  store = sessionStore(),
): PendingPayment[] {
  const entries = read(store);
  const fresh = entries.filter((e) => now.getTime() - Date.parse(e.at) < PENDING_PAYMENT_MAX_AGE_MS);
  if (fresh.length !== entries.length) write(store, fresh);
  return fresh.filter((e) => e.payerId === payerId);
}
