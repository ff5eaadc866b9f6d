// Shipment milestones of a trading campaign (issue 11): recorded by its trader, each step once, read
// by everyone who may see the campaign (its investors follow the cargo on the campaign page and in
// their portfolio). A milestone a tranche of the release schedule waits on needs its document (the
// bill of lading…); declaring the result needs `delivered` (docs/money.md).
import { and, asc, eq } from 'drizzle-orm';
import { MILESTONE_LABELS, type Milestone, type MilestoneCreate } from '../../../domain/lifecycle.ts';
import { canViewCampaign, ownsCampaign, type Actor } from '../../../domain/policies.ts';
import type { Role } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { campaignMilestones, campaigns, investments } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { backsCampaign } from './campaign-detail.ts';
import { releaseOnMilestone } from '../money/index.ts';
import { assertOwnDocument } from './money.ts';
import { notifyEach } from '../notifications/index.ts';

type Row = typeof campaignMilestones.$inferSelect;

export function toMilestone(row: Row): Milestone {
  return {
    id: row.id,
    campaignId: row.campaignId,
    kind: row.kind,
    at: row.at.toISOString(),
    note: row.note,
    documentRef: row.documentRef,
    documentId: row.documentId,
  };
}

/** The campaign's milestones in the order they happened, for whoever may see the campaign. */
export async function listMilestones(db: Db, viewer: Actor | null, campaignId: string): Promise<Milestone[]> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (
    !campaign ||
    (!canViewCampaign(viewer, campaign) &&
      !(viewer && canViewCampaign(viewer, campaign, await backsCampaign(db, viewer.id, campaign.id))))
  )
    throw new AppError('CAMPAIGN_NOT_FOUND');
  const rows = await db
    .select()
    .from(campaignMilestones)
    .where(eq(campaignMilestones.campaignId, campaignId))
    .orderBy(asc(campaignMilestones.at), asc(campaignMilestones.createdAt));
  return rows.map(toMilestone);
}

/** The owning trader records one step of a trading campaign's shipment. */
export async function recordMilestone(
  db: Db,
  user: { id: string; role: Role },
  campaignId: string,
  input: MilestoneCreate,
  now: Date,
): Promise<Milestone> {
  return inTransaction(db, async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
    if (!campaign || !canViewCampaign(user, campaign)) throw new AppError('CAMPAIGN_NOT_FOUND');
    if (!ownsCampaign(user, campaign))
      throw new AppError('FORBIDDEN', 'You can only track your own campaigns');
    if (campaign.status !== 'trading')
      throw AppError.of('MILESTONE_NOT_TRADING', { current: campaign.status });
    if (input.documentId) await assertOwnDocument(tx, campaignId, input.documentId, 'milestone');
    // A tranche released on this milestone waits for its document and an admin (docs/money.md).
    if (input.kind !== 'delivered')
      await releaseOnMilestone(tx, campaignId, input.kind, input.documentId ?? null, now);
    let row: Row | undefined;
    try {
      [row] = await tx
        .insert(campaignMilestones)
        .values({
          campaignId,
          kind: input.kind,
          at: input.at ? new Date(input.at) : now,
          note: input.note?.trim() || null,
          documentRef: input.documentRef?.trim() || null,
          documentId: input.documentId ?? null,
          recordedBy: user.id,
          createdAt: now,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error))
        throw AppError.of('MILESTONE_RECORDED', { milestone: MILESTONE_LABELS[input.kind] });
      throw error;
    }
    // Its investors follow the cargo: each hears of the step once.
    const backers = await tx
      .selectDistinct({ id: investments.investorId })
      .from(investments)
      .where(and(eq(investments.campaignId, campaignId), eq(investments.status, 'confirmed')));
    await notifyEach(
      tx,
      backers.map((b) => b.id),
      (userId) => ({
        userId,
        kind: 'milestone',
        key: `milestone:${row!.id}`,
        title: `${campaign.title}: ${MILESTONE_LABELS[input.kind].toLowerCase()}`,
        body: row!.note,
        link: `/campaigns/${campaignId}`,
      }),
    );
    return toMilestone(row!);
  });
}
