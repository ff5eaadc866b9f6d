import { desc, eq, ne } from 'drizzle-orm';
import type { Campaign } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

const campaignColumns = {
  id: campaigns.id,
  traderId: campaigns.traderId,
  title: campaigns.title,
  description: campaigns.description,
  tradeRoute: campaigns.tradeRoute,
  status: campaigns.status,
  targetAmount: campaigns.targetAmount,
  raisedAmount: campaigns.raisedAmount,
  quantity: campaigns.quantity,
  buyPrice: campaigns.buyPrice,
  sellPrice: campaigns.sellPrice,
  minimumInvestment: campaigns.minimumInvestment,
  riskLevel: campaigns.riskLevel,
  region: campaigns.region,
  deadline: campaigns.deadline,
  expectedProfit: campaigns.expectedProfit,
  actualProfit: campaigns.actualProfit,
  createdAt: campaigns.createdAt,
  updatedAt: campaigns.updatedAt,
};

type CampaignRow = {
  [K in keyof typeof campaignColumns]: (typeof campaignColumns)[K]['_']['data'];
};

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
    .select(campaignColumns)
    .from(campaigns)
    .where(ne(campaigns.status, 'cancelled'))
    .orderBy(desc(campaigns.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(toCampaign);
}

export async function getCampaign(db: Db, id: string): Promise<Campaign> {
  const [row] = await db.select(campaignColumns).from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
  return toCampaign(row);
}
