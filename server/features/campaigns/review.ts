// Campaign due diligence (issue 19 item 6, domain/diligence.ts, docs/campaigns.md): a new campaign is
// `pending` review and seen only by its trader and admins until an admin approves it against the
// trader's supply contract, offtake contract and latest financials, recording the checks done; or sends
// it back with a reason, after which the trader edits it (or files what is missing) and resubmits.
// Each decision is kept (campaign_reviews), on the audit log in the same transaction, and emailed.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { REVIEW_STATUS_LABELS } from '../../../domain/diligence.ts';
import {
  DILIGENCE_DOCUMENT_KINDS,
  DILIGENCE_DOCUMENT_LABELS,
  missingDiligenceDocuments,
  type CampaignReviewDecision,
  type DiligenceDocumentKind,
  type ReviewQueueItem,
} from '../../../domain/diligence.ts';
import type { CampaignDetail } from '../../../domain/campaign-schemas.ts';
import { ownsCampaign } from '../../../domain/policies.ts';
import type { Role } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaignDocuments, campaignReviews, campaigns, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { recordAudit, type Auditor } from '../../audit.ts';
import { announce } from './notices.ts';
import { fullName } from './review-views.ts';
import { getCampaign } from './campaign-detail.ts';
import { invalidateCampaignLists } from './campaign-list.ts';

/**
 * `POST /api/admin/campaigns/:id/review` (fixed contract): approve (the three diligence documents must
 * be on file) or send back with a reason, only while pending. Answers the campaign as the admin sees it.
 */
export async function reviewCampaign(
  db: Db,
  admin: Auditor & { role: Role; kycStatus: string; emailVerified: boolean },
  campaignId: string,
  decision: CampaignReviewDecision,
  now: Date,
): Promise<CampaignDetail> {
  await inTransaction(db, async (tx) => {
    // Locked: two admins deciding at once, or the trader editing meanwhile, wait for each other.
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
    if (!campaign) throw new AppError('CAMPAIGN_NOT_FOUND');
    if (campaign.reviewStatus !== 'pending' || campaign.status === 'cancelled')
      throw AppError.of('REVIEW_NOT_PENDING', {
        status:
          campaign.status === 'cancelled'
            ? 'closed (the campaign was withdrawn or its deadline passed)'
            : REVIEW_STATUS_LABELS[campaign.reviewStatus].toLowerCase(),
      });
    const documents = await tx
      .select({ id: campaignDocuments.id, kind: campaignDocuments.kind })
      .from(campaignDocuments)
      .where(
        and(
          eq(campaignDocuments.campaignId, campaignId),
          inArray(campaignDocuments.kind, [...DILIGENCE_DOCUMENT_KINDS]),
        ),
      );
    const approve = decision.decision === 'approve';
    const missing = missingDiligenceDocuments(documents.map((d) => d.kind));
    if (approve && missing.length)
      throw AppError.of('DILIGENCE_DOCUMENTS_MISSING', {
        missing: missing.map((k) => DILIGENCE_DOCUMENT_LABELS[k].toLowerCase()).join(', '),
      });
    const reason = decision.decision === 'reject' ? decision.reason : null;
    const checks = [...new Set(decision.checks ?? [])];
    await tx.insert(campaignReviews).values({
      campaignId,
      decision: approve ? 'approved' : 'rejected',
      reason,
      checks,
      documentIds: documents.map((d) => d.id),
      termsVersion: campaign.termsVersion,
      reviewerId: admin.id,
      createdAt: now,
    });
    await tx
      .update(campaigns)
      .set({ reviewStatus: approve ? 'approved' : 'rejected', reviewReason: reason, updatedAt: now })
      .where(eq(campaigns.id, campaignId));
    await recordAudit(
      tx,
      admin,
      {
        action: approve ? 'campaign.approve' : 'campaign.reject',
        targetType: 'campaign',
        targetId: campaignId,
        reason,
        before: { review: 'pending' },
        after: { review: approve ? 'approved' : 'rejected', checks, documents: documents.length },
      },
      now,
    );
    await invalidateCampaignLists(tx);
    announce(tx, 'onReviewed', campaignId);
    if (approve) announce(tx, 'onCampaignLive', campaignId);
  });
  return getCampaign(db, campaignId, admin, now);
}

/**
 * `POST /api/campaigns/:id/resubmit`: the owning trader sends a campaign the reviewer sent back to
 * review again (after filing what was missing; an edit resubmits it too: campaign-write.ts updateCampaign).
 */
export async function resubmitCampaign(
  db: Db,
  trader: { id: string; role: Role; kycStatus: string; emailVerified: boolean },
  campaignId: string,
  now: Date,
): Promise<CampaignDetail> {
  await inTransaction(db, async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
    // Another trader's unreviewed campaign does not exist for them.
    if (!campaign || !ownsCampaign(trader, campaign)) throw new AppError('CAMPAIGN_NOT_FOUND');
    if (campaign.reviewStatus !== 'rejected' || campaign.status === 'cancelled')
      throw AppError.of('REVIEW_NOT_REJECTED', {
        status:
          campaign.status === 'cancelled'
            ? 'closed'
            : REVIEW_STATUS_LABELS[campaign.reviewStatus].toLowerCase(),
      });
    await tx
      .update(campaigns)
      .set({ reviewStatus: 'pending', reviewReason: null, updatedAt: now })
      .where(eq(campaigns.id, campaignId));
    await invalidateCampaignLists(tx);
  });
  return getCampaign(db, campaignId, trader, now);
}

/** `GET /api/admin/campaign-reviews`: open campaigns awaiting review, the longest waiting first. */
export async function reviewQueue(db: Db): Promise<ReviewQueueItem[]> {
  const rows = await db
    .select({
      c: campaigns,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      companyName: users.companyName,
      kinds: sql<string[]>`coalesce((select array_agg(distinct d.kind) from ${campaignDocuments} d
        where d.campaign_id = ${campaigns.id}), '{}')`,
      rejections: sql<number>`(select count(*)::int from ${campaignReviews} r
        where r.campaign_id = ${campaigns.id} and r.decision = 'rejected')`,
    })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.traderId))
    .where(and(eq(campaigns.reviewStatus, 'pending'), eq(campaigns.status, 'active')))
    .orderBy(asc(campaigns.updatedAt), asc(campaigns.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.c.id,
    title: r.c.title,
    traderName: fullName(r),
    traderCompany: r.companyName,
    targetAmount: r.c.targetAmount,
    tradeRoute: r.c.tradeRoute,
    submittedAt: r.c.updatedAt.toISOString(),
    documentKinds: DILIGENCE_DOCUMENT_KINDS.filter((k: DiligenceDocumentKind) => r.kinds.includes(k)),
    previousRejections: r.rejections,
  }));
}
