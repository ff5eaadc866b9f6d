// One payment lifecycle for every payer (docs/money.md, domain/payment-lifecycle.ts): learning of a
// payment's hold, capturing or voiding it, ending it unpaid (opening one: payment-opening.ts; refunds:
// refunds.ts; the sweep that finishes whatever a browser or a crash left: payment-sweep.ts). The
// purpose's adapter (context.ts) says what a payment draws on and what happens to its subject; nothing
// else writes a payment's status.
//
// The provider is never called inside a transaction. Each decision is taken with the subject locked
// and leaves a durable marker (`authorized`: capture it; `voiding`: release it; `refunding`: refund
// it); the provider call follows after COMMIT and a second short transaction books what it did.
import { and, eq } from 'drizzle-orm';
import {
  canMovePayment,
  type PaymentEndReason,
  type PaymentStatus,
} from '../../../domain/payment-lifecycle.ts';
import { payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/connect.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { intentMatches, type IntentMetadata, type ProviderIntent } from './providers/provider.ts';
import type { Locked, Money, PaymentRow, PurposeAdapter } from './context.ts';
import { finishRefunds, startRefunds } from './refunds.ts';
import { sourceAccount } from './source-account.ts';

export { sourceAccount };

export const MINUTE_MS = 60_000;

/** Moves a payment to `to` if the table allows it from where it is; answers the row as it now is. */
export async function movePayment(
  tx: Tx,
  payment: PaymentRow,
  to: PaymentStatus,
  now: Date,
  set: Partial<PaymentRow> = {},
): Promise<PaymentRow> {
  if (!canMovePayment(payment.status, to))
    throw new Error(`payment ${payment.id} cannot move from ${payment.status} to ${to}`);
  const stamp =
    to === 'authorized'
      ? { authorizedAt: now }
      : to === 'captured'
        ? { capturedAt: now }
        : to === 'voided' || to === 'expired' || to === 'refunded'
          ? { endedAt: now }
          : {};
  const [row] = await tx
    .update(payments)
    .set({ ...set, ...stamp, status: to, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)))
    .returning();
  if (!row) throw new Error(`payment ${payment.id} moved under its lock`);
  return row;
}

async function readPayment(db: Db | Tx, id: string): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  return row;
}

/**
 * Runs `fn` in a transaction with what the payment draws on, its subject and the payment itself locked
 * (its purpose's adapter locks them in one statement, in the order every path uses). The purpose
 * never changes, so the payment the caller holds names the adapter.
 */
async function underLock<T>(
  money: Money,
  payment: PaymentRow | string,
  fn: (tx: Tx, adapter: PurposeAdapter, locked: Locked) => Promise<T>,
): Promise<T> {
  const known = typeof payment === 'string' ? await readPayment(money.db, payment) : payment;
  const adapter = money.purposes[known.purpose];
  return inTransaction(money.db, async (tx) => fn(tx, adapter, await adapter.lock(tx, known)));
}

function metadataOf(payment: PaymentRow, subjectId: string): IntentMetadata {
  return { paymentId: payment.id, purpose: payment.purpose, payerId: payment.payerId, subjectId };
}

// ---- moving a payment along --------------------------------------------------------------------

/** How a payment stands after `advancePayment`, and whether this call booked its capture. */
export interface Advanced {
  payment: PaymentRow;
  /** This call moved it to captured (the record call answers 201 then, 200 on a replay). */
  bookedNow: boolean;
  /** The provider's intent is not the one made for this payment. */
  mismatch?: boolean;
}

/**
 * Brings a payment as far as the provider's state allows, however often and from wherever it is
 * called (the record call, the sandbox confirmation, Stripe's webhook, the sweep): a hold becomes
 * `authorized` or `voiding`, an authorized one is captured and booked, a voiding one released, a
 * cancelled unpaid one expired, a refunding one refunded. `fresh` is the intent as the provider just
 * answered it (no need to ask again).
 */
export async function advancePayment(
  money: Money,
  paymentOrId: PaymentRow | string,
  fresh?: ProviderIntent,
): Promise<Advanced> {
  let payment = typeof paymentOrId === 'string' ? await readPayment(money.db, paymentOrId) : paymentOrId;
  let bookedNow = false;
  let known = fresh;
  for (;;) {
    const now = money.clock();
    switch (payment.status) {
      case 'created': {
        if (!payment.intentId) return { payment, bookedNow };
        const intent = known ?? (await money.provider.retrieveIntent(payment.intentId));
        known = undefined;
        if (!intent || intent.status === 'requires_payment_method' || intent.status === 'processing')
          return { payment, bookedNow };
        if (intent.status === 'canceled') {
          payment = await endUnpaid(money, payment, payment.endReason ?? 'lapsed', now);
          continue;
        }
        // A hold (requires_capture), or a capture we did not make (reported by verify-ledger).
        if (intent.status !== 'requires_capture') return { payment, bookedNow };
        const decided = await decideHold(money, payment, intent, now);
        if (decided === 'mismatch') return { payment, bookedNow, mismatch: true };
        payment = decided;
        continue;
      }
      case 'authorized': {
        const intent = await money.provider.captureIntent(payment.intentId!, {
          idempotencyKey: `capture-${payment.id}`,
        });
        if (intent.status === 'succeeded') {
          const booked = await book(money, payment, now);
          bookedNow ||= booked.bookedNow;
          payment = booked.payment;
          continue;
        }
        if (intent.status === 'canceled') {
          payment = await endHold(money, payment, 'authorized', 'hold_lapsed', now);
          continue;
        }
        return { payment, bookedNow };
      }
      case 'voiding': {
        const intent = await money.provider.cancelIntent(payment.intentId!);
        if (intent.status !== 'canceled') return { payment, bookedNow };
        payment = await endHold(money, payment, 'voiding', payment.endReason ?? 'cancelled', now);
        continue;
      }
      case 'refunding':
        await finishRefunds(money, [payment.id], now);
        return { payment: await readPayment(money.db, payment.id), bookedNow };
      default:
        return { payment, bookedNow };
    }
  }
}

/**
 * A hold the provider reports: with the subject locked, it counts (`authorized`) or is released. An
 * intent that is not exactly the one made for this payment and its subject is left alone.
 */
function decideHold(
  money: Money,
  known: PaymentRow,
  intent: ProviderIntent,
  now: Date,
): Promise<PaymentRow | 'mismatch'> {
  return underLock(money, known, async (tx, adapter, locked) => {
    const { payment } = locked;
    const expected = {
      intentId: payment.intentId,
      amount: payment.amount,
      metadata: metadataOf(payment, locked.subjectId),
    };
    if (!intentMatches(intent, expected)) return 'mismatch';
    if (payment.status !== 'created') return payment;
    const refusal = await adapter.holdRefusal(tx, locked, payment, now);
    if (refusal) return movePayment(tx, payment, 'voiding', now, { endReason: refusal });
    const authorized = await movePayment(tx, payment, 'authorized', now);
    await adapter.onAuthorized(tx, locked, authorized, now);
    return authorized;
  });
}

/** Books a capture the provider made: the purpose's posting and subject, once. */
function book(money: Money, known: PaymentRow, now: Date): Promise<Advanced> {
  return underLock(money, known, async (tx, adapter, locked) => {
    const { payment } = locked;
    if (payment.status !== 'authorized') return { payment, bookedNow: false };
    const captured = await movePayment(tx, payment, 'captured', now);
    const refund = await adapter.onCaptured(tx, locked, captured, now);
    if (refund) await startRefunds(tx, money, [captured], now);
    return { payment: refund ? { ...captured, status: 'refunding' as const } : captured, bookedNow: true };
  });
}

/** A hold released at the provider (voided), or lapsed there before its capture. */
function endHold(
  money: Money,
  known: PaymentRow,
  from: 'authorized' | 'voiding',
  reason: PaymentEndReason,
  now: Date,
): Promise<PaymentRow> {
  return underLock(money, known, async (tx, adapter, locked) => {
    const { payment } = locked;
    if (payment.status !== from) return payment;
    const ended = await movePayment(tx, payment, 'voided', now, { endReason: reason });
    await adapter.onEnded(tx, locked, ended, now);
    return ended;
  });
}

/** A payment that was never authorized ends: its intent is (or will be) cancelled. */
export function endUnpaid(
  money: Money,
  payment: PaymentRow | string,
  reason: PaymentEndReason,
  now: Date,
): Promise<PaymentRow> {
  return underLock(money, payment, async (tx, adapter, locked) => {
    const current = locked.payment;
    if (current.status !== 'created') return current;
    const ended = await movePayment(tx, current, 'expired', now, { endReason: reason });
    await adapter.onEnded(tx, locked, ended, now);
    return ended;
  });
}

/**
 * The payer gives an unpaid payment up (closed the form, changed the amount): its intent is cancelled
 * at the provider and it ends at once. A hold that got in first is recorded as usual.
 */
export async function abandonPayment(money: Money, paymentId: string): Promise<PaymentRow> {
  const payment = await readPayment(money.db, paymentId);
  if (payment.status !== 'created') return payment;
  if (!payment.intentId) return endUnpaid(money, payment.id, 'abandoned', money.clock());
  // Asked first: cancelling a held intent would release the hold instead of recording it.
  const current = await money.provider.retrieveIntent(payment.intentId);
  if (current && current.status !== 'requires_payment_method')
    return (await advancePayment(money, payment.id, current)).payment;
  const intent = await money.provider.cancelIntent(payment.intentId);
  if (intent.status === 'canceled') return endUnpaid(money, payment.id, 'abandoned', money.clock());
  return (await advancePayment(money, payment.id, intent)).payment;
}
