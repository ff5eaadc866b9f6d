// Complaints (docs/complaints.md): a signed-in user files one (with an optional attachment), gets a
// reference and an acknowledgement email at once; admins work the queue by deadline and record an
// outcome with a written response, emailed to the complainant. Filing and deciding are in the audit log.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  addBusinessDays,
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_DECISION_BUSINESS_DAYS,
  COMPLAINT_MESSAGES,
  COMPLAINT_OUTCOME_LABELS,
  complaintReference,
  isOverdue,
  type AdminComplaint,
  type Complaint,
  type ComplaintCreate,
  type ComplaintOutcomeInput,
} from '../../../../domain/complaints.ts';
import type { Role } from '../../../../domain/users.ts';
import type { Db } from '../../../db/connect.ts';
import { complaintCounters, complaints, storedFiles, users } from '../../../db/schema/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../errors.ts';
import { commitFiles, deleteFiles, type ReceivedFile } from '../../../uploads/storage.ts';
import { recordAudit, type Auditor } from '../../../audit.ts';
import { queueAccountEmail, type AccountMailContext } from '../../../email/account-emails.ts';
import { notify } from '../../notifications/index.ts';

type Row = typeof complaints.$inferSelect;
type FileInfo = { contentType: string; size: number } | null;

const dateText = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function toComplaint(row: Row, file: FileInfo, now: Date): Complaint {
  return {
    id: row.id,
    reference: row.reference,
    category: row.category,
    text: row.text,
    status: row.status,
    receivedAt: row.receivedAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    decisionDueAt: row.decisionDueAt.toISOString(),
    overdue: isOverdue(row, now),
    attachment:
      row.attachmentFileId && file
        ? { fileName: row.attachmentName ?? 'attachment', contentType: file.contentType, size: file.size }
        : null,
    outcome: row.outcome,
    response: row.response,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const withFile = {
  complaint: complaints,
  file: { contentType: storedFiles.contentType, size: storedFiles.size },
};

/** POST /api/complaints: the complaint (and its attachment, already streamed to storage). */
export async function fileComplaint(
  db: Db,
  mail: AccountMailContext,
  user: Auditor & { firstName: string | null },
  input: ComplaintCreate,
  attachment: ReceivedFile | undefined,
  now: Date,
): Promise<Complaint> {
  try {
    const year = now.getUTCFullYear();
    const row = await inTransaction(db, async (tx) => {
      // One upsert takes the next number and holds its row until commit: concurrent filings queue
      // here, each gets the next number, and a rolled-back filing gives its number back.
      const [counter] = await tx
        .insert(complaintCounters)
        .values({ year, last: 1 })
        .onConflictDoUpdate({
          target: complaintCounters.year,
          set: { last: sql`${complaintCounters.last} + 1` },
        })
        .returning({ last: complaintCounters.last });
      const [inserted] = await tx
        .insert(complaints)
        .values({
          reference: complaintReference(year, counter!.last),
          userId: user.id,
          category: input.category,
          text: input.text,
          attachmentFileId: attachment?.fileId ?? null,
          attachmentName: attachment ? attachment.fileName.slice(0, 200) : null,
          receivedAt: now,
          acknowledgedAt: now,
          decisionDueAt: addBusinessDays(now, COMPLAINT_DECISION_BUSINESS_DAYS),
        })
        .returning();
      if (attachment) await commitFiles(tx, [attachment.fileId]);
      await recordAudit(
        tx,
        user,
        {
          action: 'complaint.file',
          targetType: 'complaint',
          targetId: inserted!.id,
          after: { reference: inserted!.reference, category: inserted!.category, attachment: !!attachment },
        },
        now,
      );
      await queueAccountEmail(mail.outbox, tx, user, 'complaint-received', {
        reference: inserted!.reference,
        receivedOn: dateText(inserted!.receivedAt),
        category: COMPLAINT_CATEGORY_LABELS[inserted!.category],
        decisionBy: dateText(inserted!.decisionDueAt),
        businessDays: COMPLAINT_DECISION_BUSINESS_DAYS,
      });
      return inserted!;
    });
    return toComplaint(row, attachment ?? null, now);
  } catch (error) {
    if (attachment) await deleteFiles(db, [attachment.fileId]);
    throw error;
  }
}

/** GET /api/complaints: the caller's own complaints, newest first. */
export async function myComplaints(db: Db, userId: string, now: Date): Promise<Complaint[]> {
  const rows = await db
    .select(withFile)
    .from(complaints)
    .leftJoin(storedFiles, eq(storedFiles.id, complaints.attachmentFileId))
    .where(eq(complaints.userId, userId))
    .orderBy(desc(complaints.receivedAt), desc(complaints.reference));
  return rows.map((r) => toComplaint(r.complaint, r.file, now));
}

/** The attachment of a complaint, for its complainant or an admin; 404 to anyone else. */
export async function complaintAttachment(db: Db, viewer: { id: string; role: Role }, id: string) {
  const [row] = await db
    .select(withFile)
    .from(complaints)
    .innerJoin(storedFiles, eq(storedFiles.id, complaints.attachmentFileId))
    .where(
      viewer.role === 'admin'
        ? eq(complaints.id, id)
        : and(eq(complaints.id, id), eq(complaints.userId, viewer.id)),
    );
  if (!row?.file || !row.complaint.attachmentFileId) throw new AppError('NOT_FOUND', 'Attachment not found');
  return { fileId: row.complaint.attachmentFileId, ...row.file };
}

const adminColumns = {
  ...withFile,
  complainant: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    username: users.username,
    email: users.email,
    role: users.role,
  },
};

/** GET /api/admin/complaints: open ones first, the nearest deadline first; then decided, newest first. */
export async function complaintQueue(db: Db, now: Date, only?: string): Promise<AdminComplaint[]> {
  const decider = db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .as('decider');
  const rows = await db
    .select({ ...adminColumns, decider: { email: decider.email, username: decider.username } })
    .from(complaints)
    .innerJoin(users, eq(users.id, complaints.userId))
    .leftJoin(storedFiles, eq(storedFiles.id, complaints.attachmentFileId))
    .leftJoin(decider, eq(decider.id, complaints.decidedBy))
    .where(only ? eq(complaints.id, only) : undefined)
    .orderBy(
      sql`case when ${complaints.status} = 'open' then 0 else 1 end`,
      sql`case when ${complaints.status} = 'open' then ${complaints.decisionDueAt} end asc`,
      desc(complaints.decidedAt),
      asc(complaints.reference),
    );
  return rows.map((r) => ({
    ...toComplaint(r.complaint, r.file, now),
    complainant: {
      id: r.complainant.id,
      name:
        [r.complainant.firstName, r.complainant.lastName].filter(Boolean).join(' ') || r.complainant.username,
      email: r.complainant.email,
      role: r.complainant.role,
    },
    decidedBy: r.decider ? (r.decider.email ?? r.decider.username) : null,
  }));
}

/** POST /api/admin/complaints/:id/outcome: once per complaint; emailed to the complainant. */
export async function decideComplaint(
  db: Db,
  mail: AccountMailContext,
  admin: Auditor,
  id: string,
  input: ComplaintOutcomeInput,
  now: Date,
): Promise<AdminComplaint> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', COMPLAINT_MESSAGES.notFound);
    if (row.status !== 'open') throw new AppError('CONFLICT', COMPLAINT_MESSAGES.alreadyDecided);
    const [updated] = await tx
      .update(complaints)
      .set({
        status: 'decided',
        outcome: input.outcome,
        response: input.response,
        decidedBy: admin.id,
        decidedAt: now,
      })
      .where(eq(complaints.id, id))
      .returning();
    await recordAudit(
      tx,
      admin,
      {
        action: 'complaint.decide',
        targetType: 'complaint',
        targetId: id,
        reason: input.response,
        before: { reference: row.reference, status: row.status },
        after: { status: 'decided', outcome: input.outcome, overdue: isOverdue(row, now) },
      },
      now,
    );
    const [complainant] = await tx
      .select({ email: users.email, firstName: users.firstName, username: users.username })
      .from(users)
      .where(eq(users.id, updated!.userId));
    if (complainant)
      await queueAccountEmail(mail.outbox, tx, complainant, 'complaint-decided', {
        reference: updated!.reference,
        receivedOn: dateText(updated!.receivedAt),
        outcome: COMPLAINT_OUTCOME_LABELS[updated!.outcome!],
        response: updated!.response!,
      });
    // In the app too (its email, above, always leaves: a complaint's decision is not optional).
    await notify(tx, {
      userId: updated!.userId,
      kind: 'complaint',
      key: `complaint:${updated!.id}:decided`,
      title: `Complaint ${updated!.reference} decided: ${COMPLAINT_OUTCOME_LABELS[updated!.outcome!].toLowerCase()}`,
      body: updated!.response!,
      link: '/complaints',
    });
  });
  const [complaint] = await complaintQueue(db, now, id);
  return complaint!;
}
