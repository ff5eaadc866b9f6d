// The one refund path (docs/money.md): a payment marked `refunding` (startRefunds below) is
// refunded by the provider after COMMIT (idempotently: a retry after a lost answer refunds nothing
// twice; a balance or bank transfer needs no provider call), then its purpose books the refunds of a
// subject group together (one transaction of a handful of statements, however many): the ledger moves
// the money out of escrow back to where it came from, the subjects end refunded.
import { and, eq, inArray } from 'drizzle-orm';
import { afterCommitJob } from './after-commit-job.ts';
import { payments } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { transfer, type LedgerKind, type Posting } from './ledger/ledger.ts';
import { ProviderUnavailableError } from './providers/provider.ts';
import type { Money, PaymentRow } from './context.ts';
import { sourceAccount } from './source-account.ts';

/**
 * Refunds at the provider the given payments still `refunding`, then has each purpose book them. What
 * the provider did not refund stays `refunding` for the sweep (after an outage no further call is
 * made); the first error is thrown once the others are booked.
 */
export async function finishRefunds(money: Money, paymentIds: readonly string[], now: Date): Promise<void> {
  if (paymentIds.length === 0) return;
  const rows = await money.db
    .select()
    .from(payments)
    .where(and(inArray(payments.id, [...paymentIds]), eq(payments.status, 'refunding')))
    .orderBy(payments.createdAt, payments.id);
  const refunded: PaymentRow[] = [];
  let failure: unknown;
  for (const row of rows) {
    if (row.source === 'card') {
      try {
        await money.provider.refund(row.intentId!, { idempotencyKey: `refund-${row.id}` });
      } catch (error) {
        failure ??= error;
        if (error instanceof ProviderUnavailableError) break;
        continue;
      }
    }
    refunded.push(row);
  }
  for (const purpose of new Set(refunded.map((r) => r.purpose))) {
    const ids = refunded.filter((r) => r.purpose === purpose).map((r) => r.id);
    await money.purposes[purpose].bookRefunds(money, ids, now);
  }
  if (failure) throw failure;
}

/**
 * Marks refunded, in the purpose's transaction (its subjects locked), those of the payments still
 * `refunding`; answers them (a concurrent booking got the others).
 */
export async function markRefunded(tx: Tx, paymentIds: readonly string[], now: Date): Promise<PaymentRow[]> {
  if (paymentIds.length === 0) return [];
  return tx
    .update(payments)
    .set({ status: 'refunded', endedAt: now, updatedAt: now })
    .where(and(inArray(payments.id, [...paymentIds]), eq(payments.status, 'refunding')))
    .returning();
}

/** The ledger side of one refund: from where the money was held back to where it came from. */
export function refundPosting(
  kind: Extract<LedgerKind, 'refund' | 'order_refund'>,
  payment: PaymentRow,
  heldIn: string,
  refs: Omit<Posting, 'kind' | 'entries' | 'paymentId'>,
): Posting {
  return transfer(kind, heldIn, sourceAccount(payment), payment.amount, { ...refs, paymentId: payment.id });
}

/**
 * Marks captured payments `refunding` in the caller's transaction (which locked their subjects); after
 * COMMIT the provider refunds each and the purpose books them (finishRefunds). Answers how many.
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
