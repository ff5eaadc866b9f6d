// KYC/KYB verification (docs/kyc.md): the user's documents and status. Documents are checked by
// content (magic bytes) as they stream in (server/uploads); a submission replaces the previous
// documents and puts the account Under Review, in one transaction with the user row locked.
import { and, desc, eq } from 'drizzle-orm';
import {
  DOCUMENT_KIND_LABELS,
  KYC_MESSAGES,
  maySubmitDocuments,
  requiredDocuments,
  type DocumentKind,
  type Verification,
  type VerificationDocument,
} from '../../../../domain/kyc.ts';
import type { Role } from '../../../../domain/users.ts';
import type { Db } from '../../../db/connect.ts';
import { users, verificationDocuments } from '../../../db/schema/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { isIdentityLocked } from '../../../../domain/identity.ts';
import { AppError } from '../../../errors.ts';
import type { ReceivedFile } from '../../../uploads/receive.ts';
import { commitFiles, deleteFiles } from '../../../uploads/storage.ts';
import {
  assertCompanyIdentityFree,
  hasPendingIdentityChange,
  latestIdentityChange,
  recordDocumentOpened,
} from './identity.ts';

const documentColumns = {
  id: verificationDocuments.id,
  kind: verificationDocuments.kind,
  fileName: verificationDocuments.fileName,
  contentType: verificationDocuments.contentType,
  size: verificationDocuments.size,
  createdAt: verificationDocuments.createdAt,
};

export async function documentsOf(db: Db, userId: string): Promise<VerificationDocument[]> {
  const rows = await db
    .select(documentColumns)
    .from(verificationDocuments)
    .where(eq(verificationDocuments.userId, userId))
    .orderBy(desc(verificationDocuments.createdAt));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** GET /api/kyc: the caller's status, the admin's reason when rejected, and their documents. */
export async function verificationOf(db: Db, userId: string): Promise<Verification> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND');
  return {
    kycStatus: user.kycStatus,
    kycRejectionReason: user.kycStatus === 'rejected' ? (user.kycRejectionReason ?? '') : null,
    submittedAt: user.kycSubmittedAt?.toISOString() ?? null,
    required: requiredDocuments(user.role),
    documents: await documentsOf(db, userId),
    identityChange: await latestIdentityChange(db, userId),
  };
}

/**
 * POST /api/kyc/documents: one file per required kind (all of them), optionally the KYB company
 * fields. Allowed while Pending or Rejected (a rejected user re-submits), or Under Review with an
 * identity change in review (documents showing the new identity); the account goes Under Review.
 */
export async function submitDocuments(
  db: Db,
  user: { id: string; role: Role },
  files: ReceivedFile[],
  kyb: { companyName?: string | undefined; registrationNumber?: string | undefined },
  now: Date,
): Promise<Verification> {
  try {
    await recordSubmission(db, user, files, kyb, now);
  } catch (error) {
    await deleteFiles(
      db,
      files.map((f) => f.fileId),
    );
    throw error;
  }
  return verificationOf(db, user.id);
}

async function recordSubmission(
  db: Db,
  user: { id: string; role: Role },
  files: ReceivedFile[],
  kyb: { companyName?: string | undefined; registrationNumber?: string | undefined },
  now: Date,
) {
  const checked = files.map((f) => ({ ...f, kind: f.field as DocumentKind }));
  for (const kind of requiredDocuments(user.role)) {
    if (!checked.some((f) => f.kind === kind)) {
      const message = KYC_MESSAGES.missing(DOCUMENT_KIND_LABELS[kind]);
      throw new AppError('VALIDATION', message, { [kind]: message });
    }
  }
  const extra = checked.find((f) => !requiredDocuments(user.role).includes(f.kind));
  if (extra) {
    const message = KYC_MESSAGES.unknownField(extra.kind);
    throw new AppError('VALIDATION', message, { [extra.kind]: message });
  }
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!row) throw new AppError('NOT_FOUND');
    if (!maySubmitDocuments(row.kycStatus, await hasPendingIdentityChange(tx, user.id)))
      throw new AppError(
        'CONFLICT',
        row.kycStatus === 'approved' ? KYC_MESSAGES.alreadyApproved : KYC_MESSAGES.alreadySubmitted,
      );
    // A re-submission replaces the documents the admin rejected (their files go with them).
    const previous = await tx
      .select({ fileId: verificationDocuments.fileId })
      .from(verificationDocuments)
      .where(eq(verificationDocuments.userId, user.id));
    await tx.delete(verificationDocuments).where(eq(verificationDocuments.userId, user.id));
    await deleteFiles(
      tx,
      previous.map((p) => p.fileId),
    );
    await tx.insert(verificationDocuments).values(
      checked.map((f) => ({
        userId: user.id,
        kind: f.kind,
        fileName: f.fileName.slice(0, 200),
        contentType: f.contentType,
        size: f.size,
        fileId: f.fileId,
        createdAt: now,
      })),
    );
    await commitFiles(
      tx,
      checked.map((f) => f.fileId),
    );
    // The company fields come with a first submission (or a re-submission after a rejection); while an
    // identity change is in review, its request holds the new values, not this upload.
    const isCompany = (user.role === 'trader' || user.role === 'buyer') && !isIdentityLocked(row.kycStatus);
    // No company takes another verified company's name and registration number (domain/identity.ts).
    if (isCompany)
      await assertCompanyIdentityFree(tx, user.id, {
        companyName: kyb.companyName || row.companyName,
        registrationNumber: kyb.registrationNumber || row.registrationNumber,
      });
    await tx
      .update(users)
      .set({
        kycStatus: 'under_review',
        kycRejectionReason: null,
        kycSubmittedAt: now,
        kycDocuments: checked.map((f) => f.kind),
        ...(isCompany && kyb.companyName && { companyName: kyb.companyName }),
        ...(isCompany && kyb.registrationNumber && { registrationNumber: kyb.registrationNumber }),
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
  });
}

/**
 * One document's file, for its owner or an admin; anyone else learns nothing (404). An admin's opening
 * is recorded: approving KYC needs every document opened (server/features/verification/kyc/identity.ts).
 */
export async function readDocument(db: Db, viewer: { id: string; role: Role }, id: string, now: Date) {
  const [doc] = await db
    .select()
    .from(verificationDocuments)
    .where(
      viewer.role === 'admin'
        ? eq(verificationDocuments.id, id)
        : and(eq(verificationDocuments.id, id), eq(verificationDocuments.userId, viewer.id)),
    );
  if (!doc) throw new AppError('NOT_FOUND', 'Document not found');
  if (viewer.role === 'admin') await recordDocumentOpened(db, doc.id, viewer.id, now);
  return doc;
}
