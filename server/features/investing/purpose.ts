// What an investment's payment does (the `investment` purpose of the money module, docs/money.md):
// a hold fits while the campaign is open, on the terms the investor saw, within what others have not
// raised or hold; a capture places the money in the campaign's escrow (investment confirmed, escrow
// record Held, raised and backers, `funded` at the target); refunds go back out of escrow to the card
// or the balance it came from. Every path locks the campaign before its investments.
import { eq, inArray, sql } from 'drizzle-orm';
import { findTransition } from '../../../domain/campaigns.ts';
import type { PaymentEndReason } from '../../../domain/payment-lifecycle.ts';
import { campaignShare, dec, toFixed, usdText, ZERO } from '../../../domain/money.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, escrowRecords, investments, payments } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { accounts, postingCtes, postMany, transfer } from '../money/index.ts';
import { definePurpose, type Money, type PaymentRow } from '../money/index.ts';
import { sourceAccount } from '../money/index.ts';
import { markRefunded, refundPosting } from '../money/index.ts';
import { invalidateCampaignLists } from '../campaigns/index.ts';
import { announce } from '../campaigns/index.ts';
import { notify } from '../notifications/index.ts';
import { INVESTMENT_STATUS_GROUPS } from '../../../domain/investments.ts';
import { sqlIn } from '../../db/vocabulary.ts';

type CampaignRow = typeof campaigns.$inferSelect;
type InvestmentRow = typeof investments.$inferSelect;

/** What the live holds of others keep of a campaign: their authorized, not yet captured payments. */
export function liveHoldsOf(campaignId: string, except?: string) {
  return sql<string>`(select coalesce(sum(i.amount), 0) from ${investments} i
    join ${payments} p on p.id = i.payment_id
    where i.campaign_id = ${campaignId} and i.status = 'pending'
      and p.status = 'authorized'${except ? sql` and i.id <> ${except}` : sql``})`;
}

/** What is still open: target − raised − the live holds of others. */
export async function openAmountOf(tx: Db | Tx, campaign: CampaignRow, except?: string) {
  const [row] = await tx
    .select({ held: liveHoldsOf(campaign.id, except) })
    .from(campaigns)
    .where(eq(campaigns.id, campaign.id));
  return dec(campaign.targetAmount).minus(campaign.raisedAmount).minus(row!.held);
}

/**
 * The campaign, the investment and its payment, locked in that order (one statement: every investor of
 * a campaign waits on this lock). `no key update` excludes every other writer of these rows but not
 * the key-share locks of foreign keys, so new intents on the campaign are not held up by it.
 */
async function lockOf(tx: Tx, paymentId: string) {
  const [locked] = await tx
    .select({ campaign: campaigns, investment: investments, payment: payments })
    .from(campaigns)
    .innerJoin(investments, eq(investments.campaignId, campaigns.id))
    .innerJoin(payments, eq(payments.id, investments.paymentId))
    .where(eq(investments.paymentId, paymentId))
    .for('no key update');
  if (!locked) throw new AppError('PAYMENT_NOT_FOUND');
  return locked;
}

/** Why a hold on this campaign can no longer count; null when it fits. */
async function holdRefusal(
  tx: Tx,
  campaign: CampaignRow,
  investment: InvestmentRow,
  now: Date,
): Promise<PaymentEndReason | null> {
  if (campaign.status === 'cancelled') return 'cancelled';
  // Funded (or on to trading) by others meanwhile: the investor hears it filled up, not "closed".
  if (campaign.status !== 'active' && dec(campaign.raisedAmount).gte(campaign.targetAmount))
    return 'filled_up';
  if (campaign.status !== 'active' || campaign.deadline <= now) return 'closed';
  if (investment.termsVersion !== campaign.termsVersion) return 'terms_changed';
  // Sent back to the due-diligence review meanwhile: not open to investors until approved again.
  if (campaign.reviewStatus !== 'approved') return 'closed';
  // Read after the lock, in a statement of its own: its snapshot sees every hold decided before us
  // (a subquery of the locking statement would read the snapshot taken before it waited for the lock).
  if (dec(investment.amount).gt(await openAmountOf(tx, campaign, investment.id))) return 'filled_up';
  return null;
}

/**
 * Places captured money in the campaign's escrow (the caller holds the campaign's lock): investment
 * confirmed with its shares, the ledger posting from where it came (card or balance) into escrow, the
 * escrow record Held, raised and backers kept in step, `funded` at the target.
 */
export async function placeInvestment(
  tx: Tx,
  campaign: CampaignRow,
  investment: InvestmentRow,
  payment: PaymentRow,
  now: Date,
): Promise<void> {
  // Kept in step here, under the campaign's lock, and checked against the investments and the escrow
  // account by verify-ledger (recomputing them from every investment would cost O(backers) per payment).
  const raised = dec(campaign.raisedAmount).plus(investment.amount);
  const funded =
    campaign.status === 'active' &&
    raised.gte(campaign.targetAmount) &&
    !!findTransition(campaign.status, 'funded', 'system');
  const alreadyBacking = sql`exists (select 1 from ${investments} i where i.campaign_id = ${campaign.id}
    and i.investor_id = ${investment.investorId} and i.id <> ${investment.id}
    and ${sqlIn(sql`i.status`, INVESTMENT_STATUS_GROUPS.kept)})`;
  const posting = transfer(
    'investment',
    sourceAccount(payment),
    accounts.escrow(campaign.id),
    investment.amount,
    {
      campaignId: campaign.id,
      investmentId: investment.id,
      paymentId: payment.id,
      at: now,
      memo: `Investment ${investment.id} held in escrow`,
    },
  );
  // The investment, its escrow record, its ledger posting and the campaign's figures in one statement:
  // one round trip while the campaign is locked (every investor of a campaign waits on that lock).
  await tx.execute(sql`with ${postingCtes(posting)}, confirmed as (
      update ${investments} set status = 'confirmed',
        shares = ${campaignShare(investment.amount, campaign.targetAmount).toFixed(6)}::numeric,
        confirmed_at = ${now}, updated_at = ${now}
      where id = ${investment.id}),
    held as (
      insert into ${escrowRecords} (investment_id, campaign_id, amount, created_at, updated_at)
      values (${investment.id}, ${campaign.id}, ${investment.amount}::numeric, ${now}, ${now}))
    update ${campaigns} set raised_amount = ${toFixed(raised)}::numeric,
      investor_count = investor_count + case when ${alreadyBacking} then 0 else 1 end,
      status = case when ${funded} then 'funded' else status end, updated_at = ${now}
    where id = ${campaign.id}`);
  if (funded) announce(tx, 'onFunded', campaign.id);
  await invalidateCampaignLists(tx);
}

/** Books refunds of one campaign's investments the provider has made, once each. */
async function bookCampaignRefunds(money: Money, campaignId: string, paymentIds: string[], now: Date) {
  await inTransaction(money.db, async (tx) => {
    await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
    const done = await markRefunded(tx, paymentIds, now);
    if (done.length === 0) return;
    const byPayment = new Map(done.map((p) => [p.id, p]));
    const rows = await tx
      .select({ investment: investments, escrow: escrowRecords })
      .from(investments)
      .leftJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
      .where(inArray(investments.paymentId, [...byPayment.keys()]))
      .for('update', { of: investments });
    await tx
      .update(investments)
      .set({ status: 'refunded', updatedAt: now })
      .where(
        inArray(
          investments.id,
          rows.map((r) => r.investment.id),
        ),
      );
    await tx
      .update(escrowRecords)
      .set({ status: 'refunded', updatedAt: now })
      .where(
        inArray(
          escrowRecords.investmentId,
          rows.map((r) => r.investment.id),
        ),
      );
    await postMany(
      tx,
      rows.map(({ investment }) => ({
        ...refundPosting('refund', byPayment.get(investment.paymentId)!, accounts.escrow(campaignId), {
          campaignId,
          investmentId: investment.id,
          at: now,
        }),
        memo: `Investment ${investment.id} refunded from escrow`,
      })),
    );
    // The campaign no longer holds this money: raised and backers follow its escrow (verify-ledger).
    const back = rows.reduce((sum, { investment }) => sum.plus(investment.amount), ZERO);
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
    await invalidateCampaignLists(tx);
  });
}

export const investmentPurpose = definePurpose({
  async lock(tx, payment) {
    const locked = await lockOf(tx, payment.id);
    return { subjectId: locked.investment.id, ...locked };
  },
  holdRefusal: (tx, { campaign, investment }, _payment, now) => holdRefusal(tx, campaign, investment, now),
  async onAuthorized() {
    // The hold counts through liveHoldsOf: nothing to write.
  },
  async onCaptured(tx, { campaign, investment }, payment, now) {
    await placeInvestment(tx, campaign, investment, payment, now);
    await notify(tx, {
      userId: investment.investorId,
      kind: 'investment_confirmed',
      key: `investment:${investment.id}:confirmed`,
      title: `Your investment of ${usdText(investment.amount)} in ${campaign.title} is confirmed`,
      body: 'The money is held in the campaign’s escrow until its trade starts.',
      link: '/portfolio',
    });
    // Cancelled while the card was being captured: its escrow goes straight back.
    if (campaign.status !== 'cancelled') return false;
    await tx
      .update(investments)
      .set({ status: 'refunding', updatedAt: now })
      .where(eq(investments.id, investment.id));
    return true;
  },
  async onEnded(tx, { campaign, investment }, payment, now) {
    if (investment.status !== 'pending') return;
    await tx
      .update(investments)
      .set({ status: payment.status === 'voided' ? 'voided' : 'expired', updatedAt: now })
      .where(eq(investments.id, investment.id));
    // A hold the card made and we released (it no longer fits): the investor hears it was not charged.
    if (payment.status === 'voided')
      await notify(tx, {
        userId: investment.investorId,
        kind: 'hold_voided',
        key: `investment:${investment.id}:voided`,
        title: `Your investment of ${usdText(investment.amount)} in ${campaign.title} did not go ahead: your card was not charged`,
        link: `/campaigns/${campaign.id}`,
      });
  },
  async bookRefunds(money, paymentIds, now) {
    const rows = await money.db
      .select({ paymentId: investments.paymentId, campaignId: investments.campaignId })
      .from(investments)
      .where(inArray(investments.paymentId, paymentIds));
    for (const campaignId of new Set(rows.map((r) => r.campaignId))) {
      const ids = rows.filter((r) => r.campaignId === campaignId).map((r) => r.paymentId);
      await bookCampaignRefunds(money, campaignId, ids, now);
    }
  },
});
