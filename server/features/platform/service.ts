import { and, eq, sql } from 'drizzle-orm';
import { CAMPAIGN_STATUS_GROUPS } from '../../../domain/campaigns.ts';
import { expectedRoiPercent, toFixed, ZERO } from '../../../domain/money.ts';
import type { PlatformStats } from '../../../domain/platform.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, investments, settlements, users } from '../../db/schema/index.ts';
import { defaultRatePercent } from '../../../domain/money-out.ts';
import { INVESTMENT_STATUS_GROUPS } from '../../../domain/investments.ts';
import { sqlIn } from '../../db/vocabulary.ts';

/** Landing-page figures, computed from the campaigns and users tables. */
export async function platformStats(db: Db): Promise<PlatformStats> {
  const [funding] = await db
    .select({
      tradesFunded: sql<number>`count(*) filter (where ${sqlIn(campaigns.status, CAMPAIGN_STATUS_GROUPS.funded)})::int`,
      totalRaised: sql<string>`coalesce(sum(${campaigns.raisedAmount}), 0)::text`,
    })
    .from(campaigns)
    // Only what investors can see: a campaign before its due-diligence approval is nobody's business yet.
    .where(eq(campaigns.reviewStatus, 'approved'));
  const open = await db
    .select({ buyPrice: campaigns.buyPrice, sellPrice: campaigns.sellPrice })
    .from(campaigns)
    .where(
      and(sqlIn(campaigns.status, CAMPAIGN_STATUS_GROUPS.landing), eq(campaigns.reviewStatus, 'approved')),
    );
  // Active Investors: active accounts with money in a campaign (a confirmed or paid-out investment).
  const [investors] = await db
    .select({ n: sql<number>`count(distinct ${investments.investorId})::int` })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.investorId))
    .where(and(sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.kept), eq(users.accountStatus, 'active')));
  const [due] = await db
    .select({
      defaulted: sql<number>`count(*) filter (where ${settlements.status} = 'defaulted')::int`,
      paid: sql<number>`count(*) filter (where ${settlements.status} = 'paid')::int`,
    })
    .from(settlements);
  const roiSum = open.reduce((sum, c) => sum.plus(expectedRoiPercent(c.buyPrice, c.sellPrice)), ZERO);
  return {
    tradesFunded: funding?.tradesFunded ?? 0,
    totalRaised: toFixed(funding?.totalRaised ?? '0'),
    averageRoiPercent: open.length ? toFixed(roiSum.div(open.length), 1) : '0.0',
    investors: investors?.n ?? 0,
    defaultRatePercent: defaultRatePercent(due?.defaulted ?? 0, due?.paid ?? 0),
    settlementsDue: (due?.defaulted ?? 0) + (due?.paid ?? 0),
  };
}
