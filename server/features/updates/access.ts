// Who may see a campaign's updates and questions: whoever may see the campaign (domain/policies.ts,
// canViewCampaign: a public one everyone, a draft or cancelled one its trader, admins and backers).
// An unknown or invisible campaign answers the same 404.
import { eq } from 'drizzle-orm';
import { canViewCampaign, ownsCampaign, type Actor } from '../../../domain/policies.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { backsCampaign } from '../campaigns/index.ts';

export interface CampaignAccess {
  campaign: typeof campaigns.$inferSelect;
  /** The caller put money into it. */
  backs: boolean;
  /** The caller is its trader. */
  owns: boolean;
  /** Backers-only updates are for them: a backer, the trader, an admin. */
  insider: boolean;
}

export async function campaignAccess(
  db: Db | Tx,
  viewer: Actor | null,
  campaignId: string,
): Promise<CampaignAccess> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign) throw new AppError('CAMPAIGN_NOT_FOUND');
  const backs = viewer ? await backsCampaign(db, viewer.id, campaign.id) : false;
  if (!canViewCampaign(viewer, campaign, backs)) throw new AppError('CAMPAIGN_NOT_FOUND');
  const owns = !!viewer && ownsCampaign(viewer, campaign);
  return { campaign, backs, owns, insider: backs || owns || viewer?.role === 'admin' };
}
