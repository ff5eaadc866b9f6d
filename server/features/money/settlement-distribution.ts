// The settlement's distribution: the settlement account and what escrow still holds paid out to the
// investors' cash accounts in one ledger transaction, the fee to the platform, the campaign completed
// (and the events the campaigns feature hears of, given by the app context).
import { and, asc, eq, sql } from 'drizzle-orm';
import { apportion } from '../../../domain/lifecycle.ts';
import { dec, toFixed } from '../../../domain/money.ts';
import { campaigns, escrowRecords, investments, settlements } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { accounts, post } from './ledger/ledger.ts';
import { effectKey, effectOf } from '../../effects.ts';
import { notify } from '../notifications/index.ts';
import type { CampaignRow, SettlementRow } from './settlement.ts';

/**
 * What a settlement changes for its campaign beyond money (the public lists, the investors' emails):
 * the campaigns feature's, given by the app context (server/context.ts). Each runs in the settling
 * transaction; a handle outside any context has none.
 */
export interface SettlementEvents {
  /** The settlement was paid in and distributed: the campaign is completed. */
  completed(tx: Tx, campaignId: string): Promise<void>;
  /** The settlement is unpaid past its due date: the campaign is in default. */
  defaulted(tx: Tx, campaignId: string): Promise<void>;
}
export const SETTLEMENT_EVENTS = effectKey<SettlementEvents>('settlement-events');

/**
 * The distribution, in the caller's transaction (campaign and settlement locked), as ONE ledger
 * transaction: the settlement account and what escrow still holds go to each investor's cash account
 * (principal ± their share of the net profit, to the cent) and the fee to the platform; investments
 * `paid_out` with their profit share, escrow records Released, the settlement paid, the campaign
 * completed. A handful of statements whatever the number of investors.
 */
export async function distribute(tx: Tx, campaign: CampaignRow, settlement: SettlementRow, now: Date) {
  const open = await tx
    .select({ id: investments.id, investorId: investments.investorId, amount: investments.amount })
    .from(investments)
    .where(and(eq(investments.campaignId, campaign.id), eq(investments.status, 'confirmed')))
    .orderBy(asc(investments.id));
  const gross = dec(settlement.grossProfit);
  const fee = dec(settlement.fee);
  const weights = open.map((i) => ({ id: i.id, weight: dec(i.amount) }));
  const netParts = apportion(gross.minus(fee), weights);
  const feeParts = apportion(fee, weights);
  const escrowLeft = dec(settlement.principal).minus(settlement.disbursed);
  const entries = [
    ...(dec(settlement.amountDue).gt(0)
      ? [{ account: accounts.settlement(campaign.id), amount: dec(settlement.amountDue).times(-1) }]
      : []),
    ...(escrowLeft.gt(0) ? [{ account: accounts.escrow(campaign.id), amount: escrowLeft.times(-1) }] : []),
    ...open.map((i, k) => ({
      account: accounts.investor(i.investorId),
      amount: dec(i.amount).plus(netParts[k]!),
    })),
    ...(fee.gt(0) ? [{ account: accounts.platformFees(), amount: fee }] : []),
  ].filter((e) => !e.amount.eq(0));
  if (entries.length >= 2)
    await post(tx, {
      kind: 'distribution',
      campaignId: campaign.id,
      at: now,
      memo: `Settlement distributed: principal ${settlement.principal}, investors' gross profit ${settlement.grossProfit}, fee ${settlement.fee}`,
      entries,
    });
  if (open.length) {
    const shares = JSON.stringify(
      open.map((i, k) => ({
        id: i.id,
        profit_share: toFixed(netParts[k]!),
        fee_share: toFixed(feeParts[k]!),
      })),
    );
    await tx.execute(sql`update ${investments} i set status = 'paid_out', profit_share = v.profit_share,
        fee_share = v.fee_share, updated_at = ${now}
      from jsonb_to_recordset(${shares}::jsonb) as v(id uuid, profit_share numeric, fee_share numeric)
      where i.id = v.id`);
    await tx
      .update(escrowRecords)
      .set({ status: 'released', releasedAmount: sql`${escrowRecords.amount}`, updatedAt: now })
      .where(and(eq(escrowRecords.campaignId, campaign.id), eq(escrowRecords.status, 'held')));
  }
  await tx
    .update(settlements)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(eq(settlements.id, settlement.id));
  await tx
    .update(campaigns)
    .set({ status: 'completed', actualProfit: settlement.actualProfit, updatedAt: now })
    .where(eq(campaigns.id, campaign.id));
  // Whichever way it was paid in (a card captured by the sweep too): lists and investors hear of it.
  await effectOf(tx, SETTLEMENT_EVENTS)?.completed(tx, campaign.id);
  await notify(tx, {
    userId: campaign.traderId,
    kind: 'settlement',
    key: `settlement:${settlement.id}:distributed`,
    title: `The settlement of ${campaign.title} is distributed to its investors: the campaign is completed`,
    link: '/trader/dashboard',
  });
}
