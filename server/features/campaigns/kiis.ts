// GET /api/campaigns/:id/kiis: the campaign's key investment information sheet, built from what the
// campaign page shows (anyone who may see the campaign may read its sheet), at its current version.
import type { Actor } from '../../../domain/policies.ts';
import { buildKiis, type Kiis } from '../../../domain/kiis.ts';
import type { Db } from '../../db/connect.ts';
import { getCampaign } from './campaign-detail.ts';

export async function kiisOf(
  db: Db,
  id: string,
  viewer: Actor<'kycStatus' | 'emailVerified'> | null,
  now: Date,
): Promise<Kiis> {
  const campaign = await getCampaign(db, id, viewer, now);
  return buildKiis({
    ...campaign,
    schedule: campaign.releases.map((r) => ({ trigger: r.trigger, percent: r.percent })),
  });
}
