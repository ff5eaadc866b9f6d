// The money module's HTTP-facing services (docs/money.md): the admin's decisions on settlements and
// staged releases (each with its audit entry in the same transaction), a trader's campaign documents
// and evidence, and who may read a document.
import { and, eq } from 'drizzle-orm';
import type { CampaignDetail } from '../../../domain/campaign-schemas.ts';
import type { CampaignDocumentKind, SettlementReview } from '../../../domain/money-out.ts';
import { detectDocumentType } from '../../../domain/kyc.ts';
import type { MilestoneKind } from '../../../domain/lifecycle.ts';
import { canViewCampaign, ownsCampaign } from '../../../domain/policies.ts';
import type { Role } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaignDocuments, campaignReleases, campaigns } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { Money } from '../../money/context.ts';
import { releaseTranche } from '../../money/releases.ts';
import {
  liveSettlement,
  openSettlementIntent,
  receiveBankTransfer,
  reviewSettlement,
} from '../../money/settlement.ts';
import { campaignDocumentList, toCampaignDocument } from '../../money/views.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { backsCampaign, getCampaign, invalidateCampaignLists } from '../campaigns/service.ts';

type Viewer = { id: string; role: Role; kycStatus: string; emailVerified: boolean };

async function lockCampaign(tx: Tx, id: string) {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
  return row;
}

/** POST /api/admin/campaigns/:id/settlement (fixed contract): approve or reject a declared result. */
export async function decideSettlement(
  money: Money,
  admin: Actor & Viewer,
  campaignId: string,
  review: SettlementReview,
): Promise<CampaignDetail> {
  const now = money.clock();
  const opened = await inTransaction(money.db, async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    const { before, payment } = await reviewSettlement(tx, money, campaign, review, admin.id, now);
    await recordAudit(
      tx,
      admin,
      {
        action: review.decision === 'approve' ? 'settlement.approve' : 'settlement.reject',
        targetType: 'campaign',
        targetId: campaignId,
        reason: review.decision === 'reject' ? review.reason : null,
        before: { settlement: before.status, amountDue: before.amountDue },
        after: { settlement: review.decision === 'approve' ? 'approved' : 'rejected' },
      },
      now,
    );
    await invalidateCampaignLists(tx);
    return payment && { payment, settlementId: before.id };
  });
  if (opened) await openSettlementIntent(money, opened.payment, opened.settlementId);
  return getCampaign(money.db, campaignId, admin);
}

/** POST /api/admin/campaigns/:id/settlement/bank-transfer: the trader's transfer arrived. */
export async function settleByBankTransfer(
  money: Money,
  admin: Actor & Viewer,
  campaignId: string,
): Promise<CampaignDetail> {
  const now = money.clock();
  await inTransaction(money.db, async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    await receiveBankTransfer(tx, money, campaign, now);
    await recordAudit(
      tx,
      admin,
      {
        action: 'settlement.bank_transfer',
        targetType: 'campaign',
        targetId: campaignId,
        after: { settlement: 'paid', campaign: 'completed' },
      },
      now,
    );
    await invalidateCampaignLists(tx);
  });
  return getCampaign(money.db, campaignId, admin);
}

/**
 * POST /api/admin/campaigns/:id/releases/:releaseId: an admin confirms a staged release against its
 * evidence (paid to the trader at once) or sends the evidence back with a reason.
 */
export async function decideRelease(
  money: Money,
  admin: Actor & Viewer,
  campaignId: string,
  releaseId: string,
  review: SettlementReview,
): Promise<CampaignDetail> {
  const now = money.clock();
  await inTransaction(money.db, async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    const [release] = await tx
      .select()
      .from(campaignReleases)
      .where(and(eq(campaignReleases.id, releaseId), eq(campaignReleases.campaignId, campaignId)))
      .for('update');
    if (!release) throw new AppError('NOT_FOUND', 'Release not found');
    if (release.status !== 'awaiting_review' || campaign.status !== 'trading')
      throw AppError.of('RELEASE_NOT_AWAITING', { status: release.status.replace('_', ' ') });
    if (review.decision === 'approve') {
      await assertNotDeclared(tx, campaignId);
      await releaseTranche(tx, money, campaign, release, now);
    } else
      await tx
        .update(campaignReleases)
        .set({ status: 'scheduled', reviewNote: review.reason, reviewedBy: admin.id, updatedAt: now })
        .where(eq(campaignReleases.id, releaseId));
    await recordAudit(
      tx,
      admin,
      {
        action: review.decision === 'approve' ? 'release.approve' : 'release.reject',
        targetType: 'campaign',
        targetId: campaignId,
        reason: review.decision === 'reject' ? review.reason : null,
        before: { release: releaseId, status: 'awaiting_review' },
        after: { status: review.decision === 'approve' ? 'released' : 'scheduled' },
      },
      now,
    );
  });
  return getCampaign(money.db, campaignId, admin);
}

/**
 * POST /api/campaigns/:id/releases/:releaseId/evidence: the trader files (again) the document a staged
 * release waits on, once its milestone is recorded; the release waits for an admin's confirmation.
 */
export async function fileReleaseEvidence(
  money: Money,
  user: Viewer,
  campaignId: string,
  releaseId: string,
  documentId: string,
): Promise<CampaignDetail> {
  const now = money.clock();
  await inTransaction(money.db, async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (!ownsCampaign(user, campaign)) throw new AppError('CAMPAIGN_NOT_FOUND');
    const [release] = await tx
      .select()
      .from(campaignReleases)
      .where(and(eq(campaignReleases.id, releaseId), eq(campaignReleases.campaignId, campaignId)))
      .for('update');
    if (!release || release.status !== 'scheduled' || release.trigger === 'trading')
      throw AppError.of('RELEASE_NOT_AWAITING', { status: release?.status.replace('_', ' ') ?? 'missing' });
    await assertNotDeclared(tx, campaignId);
    await assertOwnDocument(tx, campaignId, documentId, 'milestone');
    await tx
      .update(campaignReleases)
      .set({ status: 'awaiting_review', documentId, reviewNote: null, updatedAt: now })
      .where(eq(campaignReleases.id, releaseId));
  });
  return getCampaign(money.db, campaignId, user);
}

/**
 * Once the result is declared, its settlement counts what had gone to the trade by then: nothing more
 * leaves escrow (what is left goes back to the investors with the distribution).
 */
async function assertNotDeclared(tx: Tx, campaignId: string) {
  if (await liveSettlement(tx, campaignId))
    throw new AppError(
      'CONFLICT',
      'The result of this trade is declared: what is still in escrow goes back to the investors with the settlement',
    );
}

/** The document is one of the campaign's, of the kind the step needs. */
export async function assertOwnDocument(
  tx: Tx,
  campaignId: string,
  documentId: string,
  kind: CampaignDocumentKind,
) {
  const [doc] = await tx
    .select({ id: campaignDocuments.id })
    .from(campaignDocuments)
    .where(
      and(
        eq(campaignDocuments.id, documentId),
        eq(campaignDocuments.campaignId, campaignId),
        eq(campaignDocuments.kind, kind),
      ),
    );
  if (!doc) throw new AppError('VALIDATION', 'The document must be one filed for this campaign');
}

/** POST /api/campaigns/:id/documents: the owning trader files a milestone's evidence or the sales invoice. */
export async function uploadCampaignDocument(
  db: Db,
  user: Viewer,
  campaignId: string,
  file: { fileName: string; content: Buffer; kind: CampaignDocumentKind; milestone: MilestoneKind | null },
) {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign || !canViewCampaign(user, campaign)) throw new AppError('CAMPAIGN_NOT_FOUND');
  if (!ownsCampaign(user, campaign))
    throw new AppError('FORBIDDEN', 'You can only file documents for your own campaigns');
  if (file.content.length === 0) throw new AppError('DOCUMENT_REJECTED', 'The document is empty');
  const contentType = detectDocumentType(file.content.subarray(0, 8));
  if (!contentType) throw new AppError('DOCUMENT_REJECTED', 'The document must be a PDF, JPEG or PNG file');
  const [row] = await db
    .insert(campaignDocuments)
    .values({
      campaignId,
      kind: file.kind,
      milestone: file.milestone,
      fileName: file.fileName.slice(0, 200),
      contentType,
      size: file.content.length,
      content: file.content,
      uploadedBy: user.id,
    })
    .returning();
  return toCampaignDocument(row!);
}

/** GET /api/campaigns/:id/documents: the campaign's own trader's (or an admin's) list; 404 to anyone else. */
export async function listCampaignDocuments(db: Db, viewer: Viewer, campaignId: string) {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign || (viewer.role !== 'admin' && !ownsCampaign(viewer, campaign)))
    throw new AppError('CAMPAIGN_NOT_FOUND');
  return campaignDocumentList(db, campaignId);
}

/** A campaign document's file: for its trader, admins and the campaign's backers (its evidence). */
export async function readCampaignDocument(db: Db, viewer: Viewer, campaignId: string, documentId: string) {
  const [row] = await db
    .select({ doc: campaignDocuments, campaign: campaigns })
    .from(campaignDocuments)
    .innerJoin(campaigns, eq(campaigns.id, campaignDocuments.campaignId))
    .where(and(eq(campaignDocuments.id, documentId), eq(campaignDocuments.campaignId, campaignId)));
  const allowed =
    row &&
    (viewer.role === 'admin' ||
      ownsCampaign(viewer, row.campaign) ||
      (await backsCampaign(db, viewer.id, campaignId)));
  if (!allowed) throw new AppError('NOT_FOUND', 'Document not found');
  return row.doc;
}
