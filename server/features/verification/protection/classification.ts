// Investor classification (ECSP art. 2(1)(j) and Annex II, docs/investor-protection.md): every investor
// is non-sophisticated until an admin approves their application (criteria ticked, evidence attached);
// the status holds two years (`users.accredited_until`), read through isSophisticated at every use.
import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import {
  CLASSIFICATION_MESSAGES,
  isSophisticated,
  twoYearsAfter,
  type ClassificationApplication,
  type ClassificationDecision,
  type ClassificationQueue,
  type ClassificationView,
  type PersonType,
} from '../../../../domain/investor-protection.ts';
import { displayName } from '../../../../domain/users.ts';
import type { Db } from '../../../db/connect.ts';
import {
  classificationApplications,
  classificationDocuments,
  storedFiles,
  users,
} from '../../../db/schema/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../errors.ts';
import { recordAudit, type Auditor } from '../../../audit.ts';
import { queueAccountEmail, type AccountMailContext } from '../../../email/account-emails.ts';
import { commitFiles, deleteFiles, type ReceivedFile } from '../../../uploads/storage.ts';

type ApplicationRow = typeof classificationApplications.$inferSelect;

/** At most this many evidence files per application. */
export const MAX_EVIDENCE_FILES = 5;

async function documentsByApplication(db: Db, ids: string[]) {
  const byApp = new Map<string, ClassificationApplication['documents']>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byApp;
  const rows = await db
    .select({
      id: classificationDocuments.id,
      applicationId: classificationDocuments.applicationId,
      fileName: classificationDocuments.fileName,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
    })
    .from(classificationDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, classificationDocuments.fileId))
    .where(inArray(classificationDocuments.applicationId, ids))
    .orderBy(asc(classificationDocuments.createdAt));
  for (const { applicationId, ...doc } of rows) byApp.get(applicationId)?.push(doc);
  return byApp;
}

function toApplication(
  row: ApplicationRow,
  documents: ClassificationApplication['documents'],
): ClassificationApplication {
  return {
    id: row.id,
    userId: row.userId,
    personType: row.personType,
    criteria: row.criteria,
    statement: row.statement,
    status: row.status,
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    documents,
  };
}

/** GET /api/investor/classification. */
export async function classificationOf(db: Db, userId: string, now: Date): Promise<ClassificationView> {
  const [[user], [latest]] = await Promise.all([
    db
      .select({ isAccredited: users.isAccredited, accreditedUntil: users.accreditedUntil })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select()
      .from(classificationApplications)
      .where(eq(classificationApplications.userId, userId))
      .orderBy(desc(classificationApplications.submittedAt))
      .limit(1),
  ]);
  if (!user) throw new AppError('NOT_FOUND');
  const sophisticated = isSophisticated(user, now);
  const docs = await documentsByApplication(db, latest ? [latest.id] : []);
  return {
    sophisticated,
    validUntil: sophisticated ? (user.accreditedUntil?.toISOString() ?? null) : null,
    latest: latest ? toApplication(latest, docs.get(latest.id) ?? []) : null,
  };
}

/** POST /api/investor/classification: a new application with its evidence (one waiting at a time). */
export async function applyForClassification(
  db: Db,
  user: { id: string; role: string },
  input: { personType: PersonType; criteria: string[]; statement?: string | undefined },
  files: ReceivedFile[],
  now: Date,
): Promise<ClassificationView> {
  try {
    if (user.role !== 'investor') throw new AppError('FORBIDDEN', CLASSIFICATION_MESSAGES.notInvestor);
    if (files.length === 0)
      throw new AppError('VALIDATION', CLASSIFICATION_MESSAGES.evidenceRequired, {
        evidence: CLASSIFICATION_MESSAGES.evidenceRequired,
      });
    await saveApplication(db, user, input, files, now);
  } catch (error) {
    // A refused application keeps none of its files.
    await deleteFiles(
      db,
      files.map((f) => f.fileId),
    );
    throw error;
  }
  return classificationOf(db, user.id, now);
}

async function saveApplication(
  db: Db,
  user: { id: string },
  input: { personType: PersonType; criteria: string[]; statement?: string | undefined },
  files: ReceivedFile[],
  now: Date,
) {
  await inTransaction(db, async (tx) => {
    // The user's row locked: two applications sent at once cannot both be waiting.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [waiting] = await tx
      .select({ id: classificationApplications.id })
      .from(classificationApplications)
      .where(
        and(eq(classificationApplications.userId, user.id), eq(classificationApplications.status, 'pending')),
      );
    if (waiting) throw new AppError('CONFLICT', CLASSIFICATION_MESSAGES.alreadyPending);
    const [app] = await tx
      .insert(classificationApplications)
      .values({
        userId: user.id,
        personType: input.personType,
        criteria: [...new Set(input.criteria)],
        statement: input.statement || null,
        submittedAt: now,
      })
      .returning({ id: classificationApplications.id });
    await tx.insert(classificationDocuments).values(
      files.map((f) => ({
        applicationId: app!.id,
        userId: user.id,
        fileName: f.fileName.slice(0, 200),
        fileId: f.fileId,
        createdAt: now,
      })),
    );
    await commitFiles(
      tx,
      files.map((f) => f.fileId),
    );
  });
}

/** GET /api/admin/classifications: the applications waiting, oldest first. */
export async function classificationQueue(db: Db): Promise<ClassificationQueue> {
  const rows = await db
    .select({ app: classificationApplications, user: users })
    .from(classificationApplications)
    .innerJoin(users, eq(users.id, classificationApplications.userId))
    .where(eq(classificationApplications.status, 'pending'))
    .orderBy(asc(classificationApplications.submittedAt))
    .limit(100);
  const docs = await documentsByApplication(
    db,
    rows.map((r) => r.app.id),
  );
  return rows.map(({ app, user }) => ({
    ...toApplication(app, docs.get(app.id) ?? []),
    investorName: `${displayName(user)}${user.lastName ? ` ${user.lastName}` : ''}`,
    investorEmail: user.email,
  }));
}

/**
 * POST /api/admin/classifications/:id: approve (sophisticated for two years from now) or reject with a
 * reason; the application and the user's flag change in one transaction with the audit entry.
 */
export async function decideClassification(
  db: Db,
  mail: AccountMailContext,
  admin: Auditor,
  id: string,
  decision: ClassificationDecision,
  now: Date,
): Promise<ClassificationApplication> {
  const decided = await inTransaction(db, async (tx) => {
    const [app] = await tx
      .select()
      .from(classificationApplications)
      .where(eq(classificationApplications.id, id))
      .for('update');
    if (!app) throw new AppError('NOT_FOUND', CLASSIFICATION_MESSAGES.notFound);
    if (app.status !== 'pending') throw new AppError('CONFLICT', CLASSIFICATION_MESSAGES.decided);
    const approve = decision.decision === 'approve';
    const validUntil = approve ? twoYearsAfter(now) : null;
    const reason = decision.decision === 'reject' ? decision.reason : null;
    const [row] = await tx
      .update(classificationApplications)
      .set({
        status: approve ? 'approved' : 'rejected',
        rejectionReason: reason,
        decidedAt: now,
        decidedBy: admin.id,
        validUntil,
      })
      .where(eq(classificationApplications.id, id))
      .returning();
    const [before] = await tx
      .select({ isAccredited: users.isAccredited, accreditedUntil: users.accreditedUntil })
      .from(users)
      .where(eq(users.id, app.userId))
      .for('update');
    if (approve)
      await tx
        .update(users)
        .set({ isAccredited: true, accreditedUntil: validUntil, updatedAt: now })
        .where(eq(users.id, app.userId));
    await recordAudit(
      tx,
      admin,
      {
        action: approve ? 'classification.approve' : 'classification.reject',
        targetType: 'classification',
        targetId: id,
        reason,
        before: { userId: app.userId, ...before },
        after: approve ? { isAccredited: true, accreditedUntil: validUntil } : { status: 'rejected' },
      },
      now,
    );
    // The investor learns the decision (the page says we email it): the email commits with it.
    const [investor] = await tx.select().from(users).where(eq(users.id, app.userId));
    if (investor) {
      if (approve)
        await queueAccountEmail(mail.outbox, tx, investor, 'classification-approved', {
          validUntil: validUntil!.toISOString().slice(0, 10),
        });
      else
        await queueAccountEmail(mail.outbox, tx, investor, 'classification-rejected', {
          reason: reason ?? '',
        });
    }
    return row!;
  });
  const docs = await documentsByApplication(db, [decided.id]);
  return toApplication(decided, docs.get(decided.id) ?? []);
}

/** One evidence file, for the investor who sent it or an admin; anyone else learns nothing (404). */
export async function readEvidence(db: Db, viewer: { id: string; role: string }, id: string) {
  const [doc] = await db
    .select({ fileId: storedFiles.id, contentType: storedFiles.contentType, size: storedFiles.size })
    .from(classificationDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, classificationDocuments.fileId))
    .where(
      viewer.role === 'admin'
        ? eq(classificationDocuments.id, id)
        : and(eq(classificationDocuments.id, id), eq(classificationDocuments.userId, viewer.id)),
    );
  if (!doc) throw new AppError('NOT_FOUND', 'Document not found');
  return doc;
}

/**
 * The sweep: a sophisticated status past its two years is cleared, so `users.is_accredited` keeps
 * meaning "sophisticated right now" for queries that read the column (reads also honour the date).
 */
export async function sweepExpiredClassifications(db: Db, now: Date): Promise<number> {
  const cleared = await db
    .update(users)
    .set({ isAccredited: false, updatedAt: now })
    .where(and(eq(users.isAccredited, true), lte(users.accreditedUntil, now)))
    .returning({ id: users.id });
  return cleared.length;
}
