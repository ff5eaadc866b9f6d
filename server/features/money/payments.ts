// One payment lifecycle for every payer (docs/money.md, domain/payment-lifecycle.ts): opening a card
// payment, learning of its hold, capturing or voiding it, ending it unpaid, refunding it, and the sweep
// that finishes whatever a browser or a crash left. The purpose's adapter (context.ts) says what a
// payment draws on and what happens to its subject; nothing else writes a payment's status.
//
// The provider is never called inside a transaction. Each decision is taken with the subject locked
// and leaves a durable marker (`authorized`: capture it; `voiding`: release it; `refunding`: refund
// it); the provider call follows after COMMIT and a second short transaction books what it did.
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import {
  canMovePayment,
  INTENT_LIFETIME_MINUTES,
  PAYMENT_STATUS_GROUPS,
  type PaymentEndReason,
  type PaymentPurpose,
  type PaymentStatus,
} from '../../../domain/payment-lifecycle.ts';
import { payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/connect.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError, RateLimitedError } from '../../errors.ts';
import {
  intentMatches,
  ProviderUnavailableError,
  type IntentMetadata,
  type ProviderIntent,
} from './providers/provider.ts';
import { type Locked, type Money, type PaymentRow, type PurposeAdapter } from './context.ts';
import { afterCommitJob } from './after-commit-job.ts';
import { finishRefunds } from './refunds.ts';
import { sqlIn } from '../../db/vocabulary.ts';
import { sourceAccount } from './source-account.ts';

export { sourceAccount };

const MINUTE_MS = 60_000;

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

// ---- opening a payment -------------------------------------------------------------------------

/**
 * The caps of docs/money.md, checked before a new intent is opened: live holds of the payer, and new
 * intents in the window. Counted from the payments themselves, so every instance sees the same.
 */
export async function assertMayOpenPayment(
  tx: Db | Tx,
  money: Money,
  payerId: string,
  now: Date,
): Promise<void> {
  const { intentRate, maxLiveHolds } = money.limits;
  const since = new Date(now.getTime() - intentRate.windowMinutes * MINUTE_MS);
  const [row] = await tx
    .select({
      holds: sql<number>`count(*) filter (where ${payments.status} = 'authorized')::int`,
      recent: sql<number>`count(*) filter (where ${payments.createdAt} >= ${since} and ${payments.source} = 'card')::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.payerId, payerId),
        or(gte(payments.createdAt, since), eq(payments.status, 'authorized')),
      ),
    );
  if ((row?.holds ?? 0) >= maxLiveHolds) throw new AppError('TOO_MANY_HOLDS');
  if ((row?.recent ?? 0) >= intentRate.max)
    throw new RateLimitedError(
      `Too many payment attempts: please wait ${intentRate.windowMinutes} minutes and try again.`,
      intentRate.windowMinutes * 60,
    );
}

/** What `openCardPayment` hands the subject's insert: the payment's id and the provider's intent. */
export interface OpenedIntent {
  paymentId: string;
  paymentIntentId: string;
  clientSecret: string;
}

/**
 * Opens a card payment for a subject (an investment, an order, a settlement). An unpaid intent
 * reserves nothing, so there is nothing to decide first: the caps, then the provider's intent (its
 * metadata names the payment and the subject, ids chosen here), then one transaction writes the
 * payment and, through `insert`, the subject (which may check and lock what it needs). Should that
 * transaction refuse or fail, the intent is cancelled: its secret never left the server.
 */
export async function openCardPayment<T>(
  money: Money,
  input: { purpose: PaymentPurpose; payerId: string; amount: string; subjectId: string },
  now: Date,
  insert: (tx: Tx, opened: OpenedIntent) => Promise<T>,
): Promise<OpenedIntent & { result: T }> {
  await assertMayOpenPayment(money.db, money, input.payerId, now);
  const paymentId = randomUUID();
  const intent = await money.provider.createIntent({
    amount: input.amount,
    metadata: { paymentId, purpose: input.purpose, payerId: input.payerId, subjectId: input.subjectId },
    idempotencyKey: `intent-${paymentId}`,
  });
  const opened = { paymentId, paymentIntentId: intent.id, clientSecret: intent.clientSecret };
  try {
    const result = await inTransaction(money.db, async (tx) => {
      await tx.insert(payments).values({
        id: paymentId,
        purpose: input.purpose,
        payerId: input.payerId,
        amount: input.amount,
        provider: money.provider.name,
        intentId: intent.id,
        createdAt: now,
        updatedAt: now,
      });
      return insert(tx, opened);
    });
    return { ...opened, result };
  } catch (error) {
    await money.provider.cancelIntent(intent.id).catch(() => undefined);
    throw error;
  }
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

// ---- refunds -----------------------------------------------------------------------------------

/**
 * Marks captured payments `refunding` in the caller's transaction (which locked their subjects); after
 * COMMIT the provider refunds each and the purpose books them (refunds.ts). Answers how many.
 */
export async function startRefunds(
  tx: Tx,
  money: Money,
  captured: ReadonlyArray<Pick<PaymentRow, 'id'>>,
  now: Date,
): Promise<number> {
  if (captured.length === 0) return 0;
  const ids = captured.map((p) => p.id);
  const marked = await tx
    .update(payments)
    .set({ status: 'refunding', updatedAt: now })
    .where(and(inArray(payments.id, ids), eq(payments.status, 'captured')))
    .returning({ id: payments.id });
  const refunding = marked.map((m) => m.id);
  if (refunding.length) await afterCommitJob(tx, money, 'money.refunds', { paymentIds: refunding });
  return refunding.length;
}

// ---- the sweep ---------------------------------------------------------------------------------

export interface PaymentSweepReport {
  captured: number;
  voided: number;
  expired: number;
  refunded: number;
}

/**
 * Finishes what browsers and crashes left, oldest first: provider work first (holds to capture or
 * release, refunds), so a flood of unpaid intents cannot delay a paid one; then unpaid intents older
 * than a minute (asked at the provider: a hold is recorded; one unpaid for INTENT_LIFETIME_MINUTES is
 * cancelled there and ends). Each step is advancePayment: several instances may sweep at once.
 */
export async function sweepPayments(money: Money): Promise<PaymentSweepReport> {
  const now = money.clock();
  const report: PaymentSweepReport = { captured: 0, voided: 0, expired: 0, refunded: 0 };
  const count = (before: PaymentStatus, after: PaymentRow) => {
    if (after.status === before) return;
    if (after.status === 'captured') report.captured++;
    if (after.status === 'voided') report.voided++;
    if (after.status === 'expired') report.expired++;
    if (after.status === 'refunded') report.refunded++;
  };
  const work = await money.db
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(sqlIn(payments.status, PAYMENT_STATUS_GROUPS.providerWork))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(500);
  let failure: unknown;
  for (const item of work) {
    try {
      count(item.status, (await advancePayment(money, item.id)).payment);
    } catch (error) {
      failure ??= error;
      if (error instanceof ProviderUnavailableError) break;
    }
  }

  const unpaid = await money.db
    .select({
      id: payments.id,
      purpose: payments.purpose,
      createdAt: payments.createdAt,
      intentId: payments.intentId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'created'),
        sql`${payments.intentId} is not null`,
        lte(payments.createdAt, new Date(now.getTime() - MINUTE_MS)),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(500);
  for (const item of failure instanceof ProviderUnavailableError ? [] : unpaid) {
    try {
      let after = (await advancePayment(money, item.id)).payment;
      // A settlement stays due until it is paid (in default too): its card step never lapses.
      const lapsed =
        item.purpose !== 'settlement' &&
        item.createdAt.getTime() + INTENT_LIFETIME_MINUTES * MINUTE_MS <= now.getTime();
      if (after.status === 'created' && lapsed) {
        const intent = await money.provider.cancelIntent(item.intentId!);
        after = (await advancePayment(money, item.id, intent)).payment;
      }
      count('created', after);
    } catch (error) {
      failure ??= error;
      if (error instanceof ProviderUnavailableError) break;
    }
  }
  if (failure) throw failure;
  return report;
}

/** Payments of a payer by status (the caps' tests and the admin's view). */
export async function countPayments(money: Money, payerId: string, status: PaymentStatus) {
  const [row] = await money.db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.payerId, payerId), eq(payments.status, status)));
  return row?.n ?? 0;
}
