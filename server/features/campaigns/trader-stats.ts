// The trader dashboard's figures from the trader's campaigns.
import { desc, eq } from 'drizzle-orm';
import type { TraderStats } from '../../../domain/campaign-schemas.ts';
import { dec, expectedRoiPercent, percentOf, toFixed, ZERO } from '../../../domain/money.ts';
import { canViewTraderStats, type Actor } from '../../../domain/policies.ts';
import { inStatusGroup } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { CampaignRow } from './campaign-detail.ts';

export async function traderStats(
  db: Db,
  viewer: NonNullable<Actor<'kycStatus' | 'emailVerified'> | null>,
  traderId: string,
): Promise<TraderStats> {
  if (!canViewTraderStats(viewer, traderId)) throw new AppError('FORBIDDEN');
  if (viewer.role === 'admin') {
    const [trader] = await db.select({ role: users.role }).from(users).where(eq(users.id, traderId));
    if (trader?.role !== 'trader') throw new AppError('NOT_FOUND', 'Trader not found');
  }
  const rows = await db
    .select({
      status: campaigns.status,
      raisedAmount: campaigns.raisedAmount,
      actualProfit: campaigns.actualProfit,
      buyPrice: campaigns.buyPrice,
      sellPrice: campaigns.sellPrice,
    })
    .from(campaigns)
    .where(eq(campaigns.traderId, traderId))
    .orderBy(desc(campaigns.createdAt));
  return summarizeTraderCampaigns(rows);
}

type StatsRow = Pick<CampaignRow, 'status' | 'raisedAmount' | 'actualProfit' | 'buyPrice' | 'sellPrice'>;

/** The dashboard's four cards from the trader's campaigns (money in decimals, never floats). */
export function summarizeTraderCampaigns(rows: StatsRow[]): TraderStats {
  const live = rows.filter((r) => inStatusGroup(r.status, 'live'));
  // Funding has ended for a campaign that reached its target (funded onwards) or was cancelled.
  const reachedTarget = rows.filter((r) => inStatusGroup(r.status, 'funded')).length;
  const fundingEnded = reachedTarget + (rows.length - live.length);
  const totalRoi = live.reduce((sum, r) => sum.plus(expectedRoiPercent(r.buyPrice, r.sellPrice)), ZERO);
  return {
    totalCampaigns: rows.length,
    activeCampaigns: rows.filter((r) => inStatusGroup(r.status, 'openForFunding')).length,
    totalFunded: toFixed(live.reduce((sum, r) => sum.plus(r.raisedAmount), ZERO)),
    totalProfits: toFixed(
      rows.filter((r) => r.status === 'completed').reduce((sum, r) => sum.plus(dec(r.actualProfit)), ZERO),
    ),
    successRate: fundingEnded ? percentOf(reachedTarget, fundingEnded) : null,
    averageRoi: live.length ? toFixed(totalRoi.div(live.length), 1) : null,
  };
}
