// What the money module works with: the database, the payment provider, the clock, and one adapter per
// purpose (what a payment pays for). Built once by the app (server/app.ts) and handed to the features.
import type { PaymentEndReason, PaymentPurpose } from '../../../domain/payment-lifecycle.ts';
import type { Db } from '../../db/connect.ts';
import type { payments } from '../../db/schema/index.ts';
import { rootDb, type Tx } from '../../db/transaction.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { SandboxProvider } from './providers/sandbox.ts';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * What differs between an investment, an order and a settlement; the lifecycle itself is written once
 * (payments.ts). Every hook runs inside the money module's transaction, with what `lock` locked.
 */
/** What a purpose's `lock` answers: at least its subject's id and the payment, locked as it now is. */
export interface Locked {
  subjectId: string;
  payment: PaymentRow;
}

export interface PurposeAdapter<L extends Locked = Locked> {
  /**
   * Locks what the payment draws on (the campaign, the listing), its subject and the payment itself
   * — in one statement where it can, in the order every path uses — and answers them, with the
   * subject's id (the intent's metadata names it) and the payment as it now is.
   */
  lock(tx: Tx, payment: PaymentRow): Promise<L>;
  /** null when the hold may count now, else why it is released uncharged. */
  holdRefusal(tx: Tx, locked: L, payment: PaymentRow, now: Date): Promise<PaymentEndReason | null>;
  /** The hold counts from now on (an order's listing reserves its quantity). */
  onAuthorized(tx: Tx, locked: L, payment: PaymentRow, now: Date): Promise<void>;
  /**
   * Books a captured payment: the ledger posting into escrow (or the settlement account), the subject.
   * Answers true when the subject no longer wants the money (cancelled meanwhile): it is refunded at once.
   */
  onCaptured(tx: Tx, locked: L, payment: PaymentRow, now: Date): Promise<boolean>;
  /** The payment ended without a charge (voided or expired): the subject ends too. */
  onEnded(tx: Tx, locked: L, payment: PaymentRow, now: Date): Promise<void>;
  /**
   * Books refunds the provider (or the balance) has made, for payments of this purpose marked
   * `refunding`: the ledger moves the money back out of escrow, the subjects end refunded. Runs its own
   * transactions (grouped by what they lock) and marks the payments refunded (refunds.ts markRefunded).
   */
  bookRefunds(money: Money, paymentIds: string[], now: Date): Promise<void>;
}

/** A purpose's adapter as the money module holds it (each keeps its own idea of what it locked). */
export function definePurpose<L extends Locked>(adapter: PurposeAdapter<L>): PurposeAdapter {
  return adapter as unknown as PurposeAdapter;
}

/** The caps of docs/money.md (domain/payment-lifecycle.ts); the benchmark lifts the intent rate. */
export interface PaymentLimits {
  maxLiveHolds: number;
  intentRate: { max: number; windowMinutes: number };
}

export interface Money {
  db: Db;
  provider: PaymentProvider;
  clock: () => Date;
  purposes: Record<PaymentPurpose, PurposeAdapter>;
  limits: PaymentLimits;
  /** Where its background work goes (money/jobs.ts): the job queue, or an after-COMMIT run. */
  jobs: Pick<JobQueue, 'enqueue'>;
}

/**
 * The money module outside any transaction: what after-commit work uses (a caller may have built it
 * on a transaction, as the demo seed does, and that transaction is over by then).
 */
export function outside(money: Money): Money {
  const db = rootDb(money.db);
  const provider = money.provider instanceof SandboxProvider ? money.provider.onDatabase(db) : money.provider;
  return { ...money, db, provider };
}
