// The money module's HTTP-facing services (docs/money.md): the admin's decisions on settlements and
// staged releases (each with its audit entry in the same transaction), a trader's campaign documents
// and evidence, and who may read a document.
import { and, eq } from 'drizzle-orm';
import type { CampaignDetail } from '../../../domain/campaign-schemas.ts';
import type { CampaignDocumentKind, SettlementReview } from '../../../domain/money-out.ts';
import type { MilestoneKind } from '../../../domain/lifecycle.ts';
import { DILIGENCE_DOCUMENT_KINDS } from '../../../domain/diligence.ts';
import { canViewCampaign, ownsCampaign, type Actor } from '../../../domain/policies.ts';
import type { Db } from '../../db/connect.ts';
import { campaignDocuments, campaignReleases, campaigns, settlements } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from '../../uploads/receive.ts';
import { commitFiles, deleteFiles } from '../../uploads/storage.ts';
import {
  campaignDocumentList,
  dueByCard,
  liveSettlement,
  openCardPayment,
  receiveBankTransfer,
  releaseTranche,
  reviewSettlement,
  toCampaignDocument,
  type Money,
  type OpenedIntent,
} from '../money/index.ts';
import { recordAudit, type Auditor } from '../../audit.ts';
import { backsCampaign, getCampaign } from './campaign-detail.ts';
import { invalidateCampaignLists } from './campaign-list.ts';

async function lockCampaign(tx: Tx, id: string) {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
  return row;
}

/** POST /api/admin/campaigns/:id/settlement (fixed contract): approve or reject a declared result. */
export async function decideSettlement(
  money: Money,
  admin: Auditor & Actor<'kycStatus' | 'emailVerified'>,
  campaignId: string,
  review: SettlementReview,
): Promise<CampaignDetail> {
  const now = money.clock();
  const decide = async (tx: Tx, card?: { expected: string; opened: OpenedIntent }) => {
    const campaign = await lockCampaign(tx, campaignId);
    const before = await reviewSettlement(tx, campaign, review, admin.id, now, card);
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
  };
  // An approval payable by card opens the trader's card payment first, and approves in the same
  // transaction that writes it: the provider is never called under the campaign's lock.
  const [pending] = await money.db
    .select({ settlement: settlements, traderId: campaigns.traderId })
    .from(settlements)
    .innerJoin(campaigns, eq(campaigns.id, settlements.campaignId))
    .where(and(eq(settlements.campaignId, campaignId), eq(settlements.status, 'pending_review')));
  if (review.decision === 'approve' && pending && dueByCard(money, pending.settlement))
    await openCardPayment(
      money,
      {
        purpose: 'settlement',
        payerId: pending.traderId,
        amount: pending.settlement.amountDue,
        subjectId: pending.settlement.id,
      },
      now,
      (tx, opened) => decide(tx, { expected: pending.settlement.id, opened }),
    );
  else await inTransaction(money.db, (tx) => decide(tx));
  return getCampaign(money.db, campaignId, admin, money.clock());
}

/** POST /api/admin/campaigns/:id/settlement/bank-transfer: the trader's transfer arrived. */
export async function settleByBankTransfer(
  money: Money,
  admin: Auditor & Actor<'kycStatus' | 'emailVerified'>,
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
  return getCampaign(money.db, campaignId, admin, money.clock());
}

/**
 * POST /api/admin/campaigns/:id/releases/:releaseId: an admin confirms a staged release against its
 * evidence (paid to the trader at once) or sends the evidence back with a reason.
 */
export async function decideRelease(
  money: Money,
  admin: Auditor & Actor<'kycStatus' | 'emailVerified'>,
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
  return getCampaign(money.db, campaignId, admin, money.clock());
}

/**
 * POST /api/campaigns/:id/releases/:releaseId/evidence: the trader files (again) the document a staged
 * release waits on, once its milestone is recorded; the release waits for an admin's confirmation.
 */
export async function fileReleaseEvidence(
  money: Money,
  user: Actor<'kycStatus' | 'emailVerified'>,
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
  return getCampaign(money.db, campaignId, user, money.clock());
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

/** Checked before an upload is read: only the campaign's own trader files its documents. */
export async function assertMayFileDocument(
  db: Db,
  user: Actor<'kycStatus' | 'emailVerified'>,
  campaignId: string,
): Promise<void> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign || !canViewCampaign(user, campaign)) throw new AppError('CAMPAIGN_NOT_FOUND');
  if (!ownsCampaign(user, campaign))
    throw new AppError('FORBIDDEN', 'You can only file documents for your own campaigns');
}

/** POST /api/campaigns/:id/documents: the owning trader files a milestone's evidence or the sales invoice. */
export async function uploadCampaignDocument(
  db: Db,
  user: Actor<'kycStatus' | 'emailVerified'>,
  campaignId: string,
  file: ReceivedFile & { kind: CampaignDocumentKind; milestone: MilestoneKind | null },
) {
  try {
    await assertMayFileDocument(db, user, campaignId);
    // The file's type was read from its first bytes as it streamed in (server/uploads).
    const row = await inTransaction(db, async (tx) => {
      const [inserted] = await tx
        .insert(campaignDocuments)
        .values({
          campaignId,
          kind: file.kind,
          milestone: file.milestone,
          fileName: file.fileName.slice(0, 200),
          contentType: file.contentType,
          size: file.size,
          fileId: file.fileId,
          uploadedBy: user.id,
        })
        .returning();
      await commitFiles(tx, [file.fileId]);
      return inserted!;
    });
    return toCampaignDocument(row);
  } catch (error) {
    await deleteFiles(db, [file.fileId]);
    throw error;
  }
}

/** GET /api/campaigns/:id/documents: the campaign's own trader's (or an admin's) list; 404 to anyone else. */
export async function listCampaignDocuments(
  db: Db,
  viewer: Actor<'kycStatus' | 'emailVerified'>,
  campaignId: string,
) {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign || (viewer.role !== 'admin' && !ownsCampaign(viewer, campaign)))
    throw new AppError('CAMPAIGN_NOT_FOUND');
  return campaignDocumentList(db, campaignId);
}

/** A campaign document's file: for its trader, admins and the campaign's backers (its evidence). */
export async function readCampaignDocument(
  db: Db,
  viewer: Actor<'kycStatus' | 'emailVerified'>,
  campaignId: string,
  documentId: string,
) {
  const [row] = await db
    .select({ doc: campaignDocuments, campaign: campaigns })
    .from(campaignDocuments)
    .innerJoin(campaigns, eq(campaigns.id, campaignDocuments.campaignId))
    .where(and(eq(campaignDocuments.id, documentId), eq(campaignDocuments.campaignId, campaignId)));
  // The due-diligence files (contracts, financials) are for the reviewer, not the campaign's backers.
  const allowed =
    row &&
    (viewer.role === 'admin' ||
      ownsCampaign(viewer, row.campaign) ||
      (!isDiligenceDocument(row.doc.kind) && (await backsCampaign(db, viewer.id, campaignId))));
  if (!allowed) throw new AppError('NOT_FOUND', 'Document not found');
  return row.doc;
}

const isDiligenceDocument = (kind: string) => (DILIGENCE_DOCUMENT_KINDS as readonly string[]).includes(kind);
