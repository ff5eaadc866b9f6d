// Money out of escrow, one investment at a time (DESIGN.md §3 escrow: Held → Released | Refunded,
// Held → Disputed → (admin) Released | Refunded). The ONE implementation of each movement: campaign
// cancellation, the deadline sweep, completion and the admin's dispute resolution all come here.
//
//   refundInvestment(tx, provider, id, { now, reason })  escrow back to the investor's card
//   releaseInvestment(tx, id, { now })                   escrow to the campaign's trader
//
// Both run inside the caller's transaction, which must have locked the campaign row first (every path
// locks a campaign before its investments). A refund needs the payment provider, which is never called
// inside a transaction: the refund is marked `refunding` (durable: the payments sweep finishes it if
// the process dies), and after COMMIT the provider refunds (idempotently) and the ledger books it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { toFixed, dec } from '../../../domain/money.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, escrowRecords, investments } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { accounts, post, transfer, type Posting } from '../../ledger/ledger.ts';
import { ProviderUnavailableError, type PaymentProvider } from '../../payments/provider.ts';

type InvestmentRow = typeof investments.$inferSelect;

/** Escrow records whose money is still in the campaign's escrow account. */
const IN_ESCROW = ['held', 'disputed'] as const;

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
  if (investment.provider !== provider.name)
    throw new Error(
      `investment ${investmentId} was paid through ${investment.provider}, not ${provider.name}`,
    );
  await tx
    .update(investments)
    .set({ status: 'refunding', updatedAt: now })
    .where(eq(investments.id, investmentId));
  tx.afterCommit(async () => {
    try {
      await finishRefund(tx.root, provider, investmentId, now, reason);
    } catch (error) {
      // The provider is down: the investment stays `refunding` and the payments sweep retries it.
      if (!(error instanceof ProviderUnavailableError)) throw error;
    }
  });
  return true;
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
  await post(tx, releasePosting(investment, campaign!.traderId));
  return true;
}

/** Escrow → trader for one investment: its principal goes to work in the trade. */
export function releasePosting(
  investment: Pick<InvestmentRow, 'id' | 'campaignId' | 'amount'>,
  traderId: string,
): Posting {
  return transfer(
    'release',
    accounts.escrow(investment.campaignId),
    accounts.trader(traderId),
    investment.amount,
    {
      campaignId: investment.campaignId,
      investmentId: investment.id,
      memo: `Escrow of investment ${investment.id} released to the trader`,
    },
  );
}

/**
 * Finishes a refund marked `refunding` (by refundInvestment, or by the investment flow for a payment
 * that could not be placed): the provider refunds first (idempotently: a retry after a lost answer
 * refunds nothing twice), then, with the campaign and the investment locked, the ledger books it once.
 * A provider failure throws and leaves it `refunding` for the payments sweep.
 */
export async function finishRefund(
  db: Db,
  provider: PaymentProvider,
  investmentId: string,
  now: Date,
  /** For the ledger memo; a refund the sweep finishes has none. */
  reason?: string,
): Promise<'refunded' | 'not_refunding'> {
  const [row] = await db.select().from(investments).where(eq(investments.id, investmentId));
  if (row?.status !== 'refunding') return row?.status === 'refunded' ? 'refunded' : 'not_refunding';
  await provider.refund(row.stripePaymentId!, { idempotencyKey: `refund-${row.id}` });
  return inTransaction(db, async (tx) => {
    const [campaign] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.id, row.campaignId))
      .for('update');
    const { investment, escrow } = await lockWithEscrow(tx, investmentId);
    if (investment.status !== 'refunding')
      return investment.status === 'refunded' ? 'refunded' : 'not_refunding';
    await tx
      .update(investments)
      .set({ status: 'refunded', updatedAt: now })
      .where(eq(investments.id, investmentId));
    const refs = { campaignId: campaign!.id, investmentId };
    const clearing = accounts.clearing(investment.provider);
    if (!escrow) {
      // Paid but never placed (the campaign filled up or closed first): in and straight back out.
      const investor = accounts.investor(investment.investorId);
      await post(tx, {
        ...transfer('payment_received', clearing, investor, investment.amount, refs),
        memo: `Payment for investment ${investmentId} received after the campaign filled up`,
      });
      await post(tx, {
        ...transfer('payment_refund', investor, clearing, investment.amount, refs),
        memo: `Payment for investment ${investmentId} refunded in full`,
      });
      return 'refunded';
    }
    await tx
      .update(escrowRecords)
      .set({ status: 'refunded', updatedAt: now })
      .where(eq(escrowRecords.id, escrow.id));
    await post(tx, {
      ...transfer('refund', accounts.escrow(investment.campaignId), clearing, investment.amount, refs),
      memo: `Investment ${investmentId} refunded from escrow${reason ? `: ${reason}` : ''}`,
    });
    // The campaign no longer holds this money: raised and backers follow its escrow (verify-ledger).
    const stillBacking = sql`exists (select 1 from ${investments} i join ${escrowRecords} e on e.investment_id = i.id
      where i.campaign_id = ${investment.campaignId} and i.investor_id = ${investment.investorId}
        and i.id <> ${investmentId} and e.status <> 'refunded')`;
    await tx
      .update(campaigns)
      .set({
        raisedAmount: sql`${campaigns.raisedAmount} - ${toFixed(dec(investment.amount))}::numeric`,
        investorCount: sql`${campaigns.investorCount} - case when ${stillBacking} then 0 else 1 end`,
        updatedAt: now,
      })
      .where(eq(campaigns.id, investment.campaignId));
    return 'refunded';
  });
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
