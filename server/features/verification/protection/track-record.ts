// A trader's track record (issue 19 §7): every completed campaign's expected return to investors
// (net, from its terms and declared costs) against what it realised, and whether its settlement ever
// went into default; plus the campaigns in default now.
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { expectedNetReturn, realisedNetReturnPercent } from '../../../../domain/returns.ts';
import type { TrackRecord } from '../../../../domain/returns-schema.ts';
import type { Db } from '../../../db/connect.ts';
import { campaigns, settlements } from '../../../db/schema/index.ts';
import { disclosuresOf } from './disclosures.ts';

export async function trackRecordOf(db: Db, traderId: string): Promise<TrackRecord> {
  const everDefaulted = sql<boolean>`exists (select 1 from ${settlements} s
    where s.campaign_id = ${campaigns.id} and s.defaulted_at is not null)`;
  const [completed, [inDefault]] = await Promise.all([
    db
      .select({
        id: campaigns.id,
        title: campaigns.title,
        quantity: campaigns.quantity,
        buyPrice: campaigns.buyPrice,
        sellPrice: campaigns.sellPrice,
        targetAmount: campaigns.targetAmount,
        actualProfit: campaigns.actualProfit,
        completedAt: campaigns.updatedAt,
        defaulted: everDefaulted,
      })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.traderId, traderId),
          eq(campaigns.status, 'completed'),
          isNotNull(campaigns.actualProfit),
        ),
      )
      .orderBy(desc(campaigns.updatedAt))
      .limit(50),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(settlements)
      .innerJoin(campaigns, eq(campaigns.id, settlements.campaignId))
      .where(and(eq(campaigns.traderId, traderId), eq(settlements.status, 'defaulted'))),
  ]);
  const disclosures = await disclosuresOf(
    db,
    completed.map((c) => c.id),
  );
  return {
    traderId,
    completed: completed.map((c) => ({
      campaignId: c.id,
      title: c.title,
      completedAt: c.completedAt.toISOString(),
      expectedNetReturnPercent: expectedNetReturn({ ...c, ...disclosures.get(c.id) }).netReturnPercent,
      realisedNetReturnPercent: realisedNetReturnPercent(c.actualProfit!, c.targetAmount),
      defaulted: Boolean(c.defaulted),
    })),
    inDefault: inDefault?.n ?? 0,
  };
}
