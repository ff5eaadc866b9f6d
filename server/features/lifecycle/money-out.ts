// Money out of escrow (DESIGN.md §3 escrow: Held → Released | Refunded, Held → Disputed → (admin)
// Released | Refunded). The ONE implementation of each movement: campaign cancellation, the deadline
// sweep and the admin's dispute resolution all come here.
//
//   refundInvestment(tx, provider, id, { now, reason })   one escrow back to the investor's card
//   startRefunds(tx, provider, investments, { now, reason }) many at once (a cancelled campaign's)
//   releaseInvestment(tx, id, { now })                    escrow to the campaign's trader
//
// They run inside the caller's transaction, which must have locked the campaign row first (every path
// locks a campaign before its investments). A refund needs the payment provider, which is never called
// inside a transaction: the refund is marked `refunding` (durable: the payments sweep finishes it if
// the process dies), and after COMMIT the provider refunds (idempotently) and the ledger books it,
// a campaign's refunds together (finishRefunds): a sweep of 2,000 refunds is seconds, not minutes.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { toFixed, ZERO } from '../../../domain/money.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, escrowRecords, investments } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { accounts, post, postMany, transfer, type Posting } from '../../ledger/ledger.ts';
import { ProviderUnavailableError, type PaymentProvider } from '../../payments/provider.ts';

type InvestmentRow = typeof investments.$inferSelect;

/** Escrow records whose money is still in the campaign's escrow account. */
export const IN_ESCROW = ['held', 'disputed'] as const;

/** Locks the investment and its escrow record (the caller holds the campaign's lock). */
async function lockWithEscrow(tx: Tx, investmentId: string) {
  const [row] = await tx
    .select({ investment: investments, escrow: escrowRecords })
    .from(investments)
    .leftJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
    .where(eq(investments.id, investmentId))
    .for('update', { of: investments });
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  return row;
}

export interface RefundOptions {
  now: Date;
  /** Why, for the ledger memo ("campaign cancelled: …", "dispute resolved for the investor"). */
  reason: string;
}

/**
 * Starts refunding ONE confirmed investment whose money is in escrow (Held or Disputed): marks it
 * `refunding` now; after the caller's COMMIT the provider refunds the payment and the ledger moves the
 * amount from escrow back to the investor's card (finishRefund). Answers false, changing nothing, when
 * it is already refunding or refunded (a repeat); refuses money that left escrow (NOT_IN_ESCROW).
 */
export async function refundInvestment(
  tx: Tx,
  provider: PaymentProvider,
  investmentId: string,
  { now, reason }: RefundOptions,
): Promise<boolean> {
  const { investment, escrow } = await lockWithEscrow(tx, investmentId);
  if (investment.status === 'refunding' || investment.status === 'refunded') return false;
  if (
    investment.status !== 'confirmed' ||
    !escrow ||
    !(IN_ESCROW as readonly string[]).includes(escrow.status)
  )
    throw AppError.of('NOT_IN_ESCROW', { status: escrow?.status ?? investment.status });
  await startRefunds(tx, provider, [investment], { now, reason });
  return true;
}

/**
 * Marks refunding the given confirmed investments, whose money is in escrow and which the caller has
 * locked (refundInvestment one at a time; cancelCampaign all of a campaign's), in one statement; after
 * the caller's COMMIT the provider refunds each and the ledger books them together (finishRefunds).
 */
export async function startRefunds(
  tx: Tx,
  provider: PaymentProvider,
  eligible: ReadonlyArray<Pick<InvestmentRow, 'id' | 'provider'>>,
  { now, reason }: RefundOptions,
): Promise<void> {
  if (eligible.length === 0) return;
  const foreign = eligible.find((i) => i.provider !== provider.name);
  if (foreign)
    throw new Error(`investment ${foreign.id} was paid through ${foreign.provider}, not ${provider.name}`);
  const ids = eligible.map((i) => i.id);
  await tx
    .update(investments)
    .set({ status: 'refunding', updatedAt: now })
    .where(inArray(investments.id, ids));
  tx.afterCommit(async () => {
    try {
      await finishRefunds(tx.root, provider, ids, now, reason);
    } catch (error) {
      // The provider is down: what it did not refund stays `refunding`, and the payments sweep retries.
      if (!(error instanceof ProviderUnavailableError)) throw error;
    }
  });
}

/**
 * Releases ONE investment's escrow to the campaign's trader (an admin resolving a dispute for the
 * trader; completion releases every held one the same way): escrow record Released, the ledger moves
 * the amount from the campaign's escrow to the trader. The investment stays confirmed until it is paid
 * out at completion. Answers false when it was released already.
 */
export async function releaseInvestment(
  tx: Tx,
  investmentId: string,
  { now }: { now: Date },
): Promise<boolean> {
  const { investment, escrow } = await lockWithEscrow(tx, investmentId);
  if (escrow?.status === 'released') return false;
  if (
    investment.status !== 'confirmed' ||
    !escrow ||
    !(IN_ESCROW as readonly string[]).includes(escrow.status)
  )
    throw AppError.of('NOT_IN_ESCROW', { status: escrow?.status ?? investment.status });
  const [campaign] = await tx
    .select({ traderId: campaigns.traderId })
    .from(campaigns)
    .where(eq(campaigns.id, investment.campaignId));
  await tx
    .update(escrowRecords)
    .set({ status: 'released', updatedAt: now })
    .where(eq(escrowRecords.id, escrow.id));
  // Escrow → trader: its principal goes to work in the trade.
  await post(
    tx,
    transfer(
      'release',
      accounts.escrow(investment.campaignId),
      accounts.trader(campaign!.traderId),
      investment.amount,
      {
        campaignId: investment.campaignId,
        investmentId: investment.id,
        at: now,
        memo: `Escrow of investment ${investment.id} released to the trader`,
      },
    ),
  );
  return true;
}

/** One refund marked `refunding` finished (finishRefunds for a single investment). */
export async function finishRefund(
  db: Db,
  provider: PaymentProvider,
  investmentId: string,
  now: Date,
  /** For the ledger memo; a refund the sweep finishes has none. */
  reason?: string,
): Promise<RefundEnd> {
  const ends = await finishRefunds(db, provider, [investmentId], now, reason);
  return ends.get(investmentId) ?? 'not_refunding';
}

export type RefundEnd = 'refunded' | 'not_refunding';

/**
 * Finishes refunds marked `refunding` (by startRefunds, or by the investment flow for a payment that
 * could not be placed): the provider refunds each payment first (idempotently: a retry after a lost
 * answer refunds nothing twice), then, per campaign, with the campaign and the investments locked,
 * the ledger books them all at once: one transaction of a handful of statements, however many. What
 * the provider did not refund stays `refunding` for the payments sweep (after an outage, no further
 * call is made), and the first error is thrown once the others are booked.
 */
export async function finishRefunds(
  db: Db,
  provider: PaymentProvider,
  investmentIds: readonly string[],
  now: Date,
  reason?: string,
): Promise<Map<string, RefundEnd>> {
  const ends = new Map<string, RefundEnd>();
  const rows = investmentIds.length
    ? await db
        .select()
        .from(investments)
        .where(inArray(investments.id, [...investmentIds]))
        .orderBy(investments.createdAt, investments.id)
    : [];
  const refunded: InvestmentRow[] = [];
  let failure: unknown;
  for (const row of rows) {
    if (row.status !== 'refunding') {
      ends.set(row.id, row.status === 'refunded' ? 'refunded' : 'not_refunding');
      continue;
    }
    try {
      await provider.refund(row.stripePaymentId!, { idempotencyKey: `refund-${row.id}` });
      refunded.push(row);
    } catch (error) {
      failure ??= error;
      // The provider is unreachable: the next calls would wait for it too. What it refunded so far is
      // booked below; the rest stays `refunding` for the payments sweep.
      if (error instanceof ProviderUnavailableError) break;
    }
  }
  for (const campaignId of new Set(refunded.map((r) => r.campaignId))) {
    const ids = refunded.filter((r) => r.campaignId === campaignId).map((r) => r.id);
    for (const [id, end] of await bookRefunds(db, campaignId, ids, now, reason)) ends.set(id, end);
  }
  if (failure) throw failure;
  return ends;
}

/** The ledger side of refunds the provider has made, for one campaign's investments, once each. */
async function bookRefunds(
  db: Db,
  campaignId: string,
  ids: string[],
  now: Date,
  reason: string | undefined,
): Promise<Map<string, RefundEnd>> {
  return inTransaction(db, async (tx) => {
    await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
    const locked = await tx
      .select({ investment: investments, escrow: escrowRecords })
      .from(investments)
      .leftJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
      .where(inArray(investments.id, ids))
      .for('update', { of: investments });
    const ends = new Map<string, RefundEnd>(
      locked.map(({ investment: i }) => [i.id, i.status === 'refunded' ? 'refunded' : 'not_refunding']),
    );
    const due = locked.filter(({ investment }) => investment.status === 'refunding');
    if (due.length === 0) return ends;
    await tx
      .update(investments)
      .set({ status: 'refunded', updatedAt: now })
      .where(
        inArray(
          investments.id,
          due.map(({ investment }) => investment.id),
        ),
      );
    const escrowed = due.filter(({ escrow }) => escrow);
    if (escrowed.length)
      await tx
        .update(escrowRecords)
        .set({ status: 'refunded', updatedAt: now })
        .where(
          inArray(
            escrowRecords.id,
            escrowed.map(({ escrow }) => escrow!.id),
          ),
        );
    await postMany(
      tx,
      due.flatMap(({ investment, escrow }) => refundPostings(investment, Boolean(escrow), now, reason)),
    );
    if (escrowed.length) {
      // The campaign no longer holds this money: raised and backers follow its escrow (verify-ledger).
      const back = escrowed.reduce((sum, { investment }) => sum.plus(investment.amount), ZERO);
      await tx
        .update(campaigns)
        .set({
          raisedAmount: sql`${campaigns.raisedAmount} - ${toFixed(back)}::numeric`,
          investorCount: sql`(select count(distinct i.investor_id) from ${investments} i
            join ${escrowRecords} e on e.investment_id = i.id
            where i.campaign_id = ${campaignId} and e.status <> 'refunded')`,
          updatedAt: now,
        })
        .where(eq(campaigns.id, campaignId));
    }
    for (const { investment } of due) ends.set(investment.id, 'refunded');
    return ends;
  });
}

/** A refund in the ledger: from escrow to the card, or a payment never placed in and straight back out. */
function refundPostings(
  investment: InvestmentRow,
  escrowed: boolean,
  at: Date,
  reason: string | undefined,
): Posting[] {
  const refs = { campaignId: investment.campaignId, investmentId: investment.id, at };
  const clearing = accounts.clearing(investment.provider);
  if (escrowed)
    return [
      {
        ...transfer('refund', accounts.escrow(investment.campaignId), clearing, investment.amount, refs),
        memo: `Investment ${investment.id} refunded from escrow${reason ? `: ${reason}` : ''}`,
      },
    ];
  // Paid but never placed (the campaign filled up or closed first): in and straight back out.
  const investor = accounts.investor(investment.investorId);
  return [
    {
      ...transfer('payment_received', clearing, investor, investment.amount, refs),
      memo: `Payment for investment ${investment.id} received after the campaign filled up`,
    },
    {
      ...transfer('payment_refund', investor, clearing, investment.amount, refs),
      memo: `Payment for investment ${investment.id} refunded in full`,
    },
  ];
}

/** The campaign's investments whose money is in escrow or at work (not refunded), for completion. */
export function openInvestmentsOf(tx: Tx, campaignId: string) {
  return tx
    .select({
      id: investments.id,
      campaignId: investments.campaignId,
      investorId: investments.investorId,
      amount: investments.amount,
      provider: investments.provider,
      status: investments.status,
      escrowStatus: escrowRecords.status,
    })
    .from(investments)
    .innerJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
    .where(
      and(eq(investments.campaignId, campaignId), inArray(investments.status, ['confirmed', 'refunding'])),
    )
    .orderBy(investments.id)
    .for('update', { of: investments });
}
