import { desc, eq, ne } from 'drizzle-orm';
import type { Campaign } from '../../../domain/campaign-schemas.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

type CampaignRow = typeof campaigns.$inferSelect;

function toCampaign(row: CampaignRow): Campaign {
  return {
    ...row,
    status: row.status as Campaign['status'],
    riskLevel: row.riskLevel as Campaign['riskLevel'],
    region: row.region as Campaign['region'],
    deadline: row.deadline.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const LIST_LIMIT = 100;

/** Public list: every campaign except cancelled drafts, newest first. */
export async function listCampaigns(db: Db): Promise<Campaign[]> {
  const rows = await db
    .select()
    .from(campaigns)
    .where(ne(campaigns.status, 'cancelled'))
    .orderBy(desc(campaigns.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(toCampaign);
}

export async function getCampaign(db: Db, id: string): Promise<Campaign> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
  return toCampaign(row);
}
