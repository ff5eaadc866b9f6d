// One campaign as its page shows it: the wire form of a row, the detail with its money, review and
// disclosure, and whether a user backs it or a card holds money for it.
import { and, eq, sql } from 'drizzle-orm';
import type { Campaign, CampaignDetail } from '../../../domain/campaign-schemas.ts';
import { areTermsLocked, canViewCampaign, type Actor } from '../../../domain/policies.ts';
import { INVESTMENT_STATUS_GROUPS } from '../../../domain/investments.ts';
import { displayName } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, investments, payments, users } from '../../db/schema/index.ts';
import { reflectionEndsAtOf } from '../money/index.ts';
import { releaseViews, settlementView } from '../money/index.ts';
import { reviewHistoryOf } from './review-views.ts';
import type { Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { disclosureOf, trackRecordOf } from '../verification/index.ts';
import { sqlIn } from '../../db/vocabulary.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

export function toCampaign(row: CampaignRow): Campaign {
  return {
    ...row,
    deadline: row.deadline.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    review: {
      status: row.reviewStatus,
      ...(row.reviewStatus === 'rejected' && row.reviewReason && { reason: row.reviewReason }),
    },
  };
}

export async function getCampaign(
  db: Db,
  id: string,
  viewer: Actor<'kycStatus' | 'emailVerified'> | null,
  now: Date,
): Promise<CampaignDetail> {
  const [row] = await db
    .select({ campaign: campaigns, trader: users })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.traderId))
    .where(eq(campaigns.id, id));
  if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
  const { campaign, trader } = row;
  // A cancelled campaign is private to its trader, admins and its backers: to anyone else it does not exist.
  if (
    !canViewCampaign(viewer, campaign) &&
    !(viewer && canViewCampaign(viewer, campaign, await backsCampaign(db, viewer.id, campaign.id)))
  )
    throw new AppError('CAMPAIGN_NOT_FOUND');
  const canPay = viewer?.role === 'admin' || viewer?.id === campaign.traderId;
  const [releases, settlement, liveHold, reflection, reviewHistory, disclosure, trackRecord, refunds] =
    await Promise.all([
      releaseViews(db, campaign.id),
      settlementView(db, campaign, canPay),
      hasLiveHold(db, campaign.id),
      reflectionEndsAtOf(db, campaign.id, now),
      canPay ? reviewHistoryOf(db, campaign.id) : [],
      disclosureOf(db, campaign.id),
      trackRecordOf(db, campaign.traderId),
      campaign.status === 'cancelled' ? refundProgressOf(db, campaign.id) : null,
    ]);
  return {
    ...toCampaign(campaign),
    traderName: `${displayName(trader)}${trader.lastName ? ` ${trader.lastName}` : ''}`,
    traderCompany: trader.companyName,
    termsLocked: areTermsLocked(campaign, liveHold),
    releases,
    settlement,
    reflectionEndsAt: reflection?.toISOString() ?? null,
    reviewHistory,
    disclosure,
    termsVersion: campaign.termsVersion,
    trackRecord,
    refunds,
  };
}

/** A cancelled campaign's refunds: refunded so far of all being refunded (null when none). */
async function refundProgressOf(db: Db, campaignId: string): Promise<CampaignDetail['refunds']> {
  const [row] = await db
    .select({
      refunded: sql<number>`count(*) filter (where ${investments.status} = 'refunded')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(investments)
    .where(
      and(
        eq(investments.campaignId, campaignId),
        sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.refunds),
      ),
    );
  return row && row.total > 0 ? row : null;
}

/** Whether the user put money into the campaign (their refund came from it, or their payout will). */
export async function backsCampaign(db: Db, userId: string, campaignId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(
      and(
        eq(investments.investorId, userId),
        eq(investments.campaignId, campaignId),
        sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.backers),
      ),
    )
    .limit(1);
  return !!row;
}

/** Whether a card holds money for the campaign right now (its terms are locked from then on). */
export async function hasLiveHold(tx: Db | Tx, campaignId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: investments.id })
    .from(investments)
    .innerJoin(payments, eq(payments.id, investments.paymentId))
    .where(and(eq(investments.campaignId, campaignId), eq(payments.status, 'authorized')))
    .limit(1);
  return !!row;
}
