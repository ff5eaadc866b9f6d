// Identities that stay verified (docs/verification.md). A verified (or in-review) legal identity — name,
// company name, registration number — changes only through a request: KYC goes back to Under Review
// (the money gate closes), the verified values stay on the user until an admin approves the new ones.
// No two verified companies share a name and a registration number (normalized: case, spaces,
// punctuation). An admin approves KYC only after opening every document on file; each opening is kept.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  IDENTITY_FIELD_LABELS,
  IDENTITY_MESSAGES,
  identityFieldsOf,
  isIdentityLocked,
  registrationKey,
  sameCompany,
  type IdentityChange,
  type IdentityChangeCreate,
  type IdentityField,
} from '../../../../domain/identity.ts';
import { DOCUMENT_KIND_LABELS } from '../../../../domain/kyc.ts';
import type { Role } from '../../../../domain/users.ts';
import type { Db } from '../../../db/connect.ts';
import { identityChanges, kycDocumentViews, users, verificationDocuments } from '../../../db/schema/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../errors.ts';

type ChangeRow = typeof identityChanges.$inferSelect;
type Identity = Record<IdentityField, string | null>;

function toChange(row: ChangeRow): IdentityChange {
  return {
    id: row.id,
    status: row.status,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    registrationNumber: row.registrationNumber,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's newest identity change (in review, or the last decided one), or null. */
export async function latestIdentityChange(db: Db, userId: string): Promise<IdentityChange | null> {
  const [row] = await db
    .select()
    .from(identityChanges)
    .where(eq(identityChanges.userId, userId))
    .orderBy(desc(identityChanges.createdAt))
    .limit(1);
  return row ? toChange(row) : null;
}

/**
 * 409 when another verified company already holds this name and registration number (normalized).
 * Numbers are compared in SQL (Latin letters and digits, as `registrationKey`), names in code.
 */
export async function assertCompanyIdentityFree(
  db: Db,
  userId: string,
  company: { companyName: string | null; registrationNumber: string | null },
): Promise<void> {
  const key = registrationKey(company.registrationNumber);
  if (!key || !company.companyName) return;
  const holders = await db
    .select({ companyName: users.companyName, registrationNumber: users.registrationNumber })
    .from(users)
    .where(
      and(
        ne(users.id, userId),
        eq(users.kycStatus, 'approved'),
        sql`lower(regexp_replace(coalesce(${users.registrationNumber}, ''), '[^a-zA-Z0-9]+', '', 'g')) = ${key}`,
      ),
    );
  if (holders.some((h) => sameCompany(h, company)))
    throw AppError.of('COMPANY_IDENTITY_TAKEN', {
      company: company.companyName,
      number: company.registrationNumber ?? '',
    });
}

/** The identity fields of `input` that differ from the user's (trimmed; empty is none). */
export function changedIdentityFields(
  role: Role,
  current: Identity,
  input: Partial<Record<IdentityField, string | undefined>>,
): IdentityField[] {
  return identityFieldsOf(role).filter((f) => {
    const value = input[f];
    if (value === undefined) return false;
    return (value.trim() || null) !== (current[f] ?? null);
  });
}

/**
 * PATCH /api/auth/profile's rule for the identity fields: while KYC is approved or in review they are
 * locked (409 naming them and the way to change them); otherwise the profile edits them.
 */
export function assertIdentityEditable(
  user: Identity & { role: Role; kycStatus: string },
  input: Partial<Record<IdentityField, string | undefined>>,
): void {
  if (!isIdentityLocked(user.kycStatus)) return;
  const changed = changedIdentityFields(user.role, user, input);
  if (changed.length)
    throw new AppError(
      'IDENTITY_LOCKED',
      IDENTITY_MESSAGES.locked(changed.map((f) => IDENTITY_FIELD_LABELS[f]).join(', ')),
    );
}

/**
 * POST /api/kyc/identity-change: asks to change a verified identity. The verified values stay on the
 * user; KYC goes back to Under Review (queued as a new submission), which closes the money gate until
 * an admin decides (`settleIdentityChange`).
 */
export async function requestIdentityChange(
  db: Db,
  user: { id: string; role: Role },
  input: IdentityChangeCreate,
  now: Date,
): Promise<IdentityChange> {
  const allowed = identityFieldsOf(user.role);
  const extra = (Object.keys(input) as IdentityField[]).find(
    (f) => input[f] !== undefined && !allowed.includes(f),
  );
  if (extra) {
    const message = IDENTITY_MESSAGES.notAllowed(IDENTITY_FIELD_LABELS[extra]);
    throw new AppError('VALIDATION', message, { [extra]: message });
  }
  const row = await inTransaction(db, async (tx) => {
    const [me] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!me) throw new AppError('NOT_FOUND');
    if (!isIdentityLocked(me.kycStatus)) throw new AppError('CONFLICT', IDENTITY_MESSAGES.notVerified);
    const [pending] = await tx
      .select({ id: identityChanges.id })
      .from(identityChanges)
      .where(and(eq(identityChanges.userId, me.id), eq(identityChanges.status, 'pending')));
    if (pending) throw new AppError('CONFLICT', IDENTITY_MESSAGES.pending);
    if (!changedIdentityFields(me.role, me, input).length)
      throw new AppError('VALIDATION', IDENTITY_MESSAGES.noChange);
    const asked: Identity = {
      firstName: input.firstName ?? me.firstName,
      lastName: input.lastName ?? me.lastName,
      companyName: allowed.includes('companyName') ? (input.companyName ?? me.companyName) : null,
      registrationNumber: allowed.includes('registrationNumber')
        ? (input.registrationNumber ?? me.registrationNumber)
        : null,
    };
    await assertCompanyIdentityFree(tx, me.id, asked);
    const [inserted] = await tx
      .insert(identityChanges)
      .values({ userId: me.id, ...asked, createdAt: now })
      .returning();
    await tx
      .update(users)
      .set({ kycStatus: 'under_review', kycRejectionReason: null, kycSubmittedAt: now, updatedAt: now })
      .where(eq(users.id, me.id));
    return inserted!;
  });
  return toChange(row);
}

/** Whether the user has an identity change in review (they may then upload new documents for it). */
export async function hasPendingIdentityChange(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: identityChanges.id })
    .from(identityChanges)
    .where(and(eq(identityChanges.userId, userId), eq(identityChanges.status, 'pending')));
  return !!row;
}

/**
 * Part of an admin's KYC decision (in its transaction, the user row locked). Approve: the identity in
 * review (a change asked for, or the user's own on a first verification) must not be another verified
 * company's; a change's values become the user's. Reject: a change is declined with the reason and
 * the verified identity stands (KYC back to Approved); a first verification is rejected as before.
 * Answers the KYC status the decision leads to and what changed, for the audit entry.
 */
export async function settleIdentityChange(
  tx: Db,
  user: Identity & { id: string },
  decision: { decision: 'approve' } | { decision: 'reject'; reason: string },
  adminId: string,
  now: Date,
): Promise<{ kycStatus: 'approved' | 'rejected'; before?: Identity; after?: Identity }> {
  const [change] = await tx
    .select()
    .from(identityChanges)
    .where(and(eq(identityChanges.userId, user.id), eq(identityChanges.status, 'pending')))
    .for('update');
  const current: Identity = {
    firstName: user.firstName,
    lastName: user.lastName,
    companyName: user.companyName,
    registrationNumber: user.registrationNumber,
  };
  if (decision.decision === 'reject') {
    if (!change) return { kycStatus: 'rejected' };
    await tx
      .update(identityChanges)
      .set({ status: 'rejected', reason: decision.reason, decidedAt: now, decidedBy: adminId })
      .where(eq(identityChanges.id, change.id));
    return { kycStatus: 'approved' };
  }
  if (!change) {
    await assertCompanyIdentityFree(tx, user.id, current);
    return { kycStatus: 'approved' };
  }
  const asked: Identity = {
    firstName: change.firstName,
    lastName: change.lastName,
    companyName: change.companyName,
    registrationNumber: change.registrationNumber,
  };
  await assertCompanyIdentityFree(tx, user.id, asked);
  await tx
    .update(identityChanges)
    .set({ status: 'approved', decidedAt: now, decidedBy: adminId })
    .where(eq(identityChanges.id, change.id));
  await tx
    .update(users)
    .set({ ...asked, updatedAt: now })
    .where(eq(users.id, user.id));
  return { kycStatus: 'approved', before: current, after: asked };
}

/** Records that an admin opened a KYC document (once per admin and document). */
export async function recordDocumentOpened(db: Db, documentId: string, adminId: string, now: Date) {
  await db.insert(kycDocumentViews).values({ documentId, adminId, openedAt: now }).onConflictDoNothing();
}

/** The ids of the user's documents this admin has opened. */
export async function documentsOpenedBy(db: Db, userId: string, adminId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: kycDocumentViews.documentId })
    .from(kycDocumentViews)
    .innerJoin(verificationDocuments, eq(verificationDocuments.id, kycDocumentViews.documentId))
    .where(and(eq(verificationDocuments.userId, userId), eq(kycDocumentViews.adminId, adminId)));
  return new Set(rows.map((r) => r.id));
}

/** An approval needs documents on file, each opened by the approving admin (409 naming what is not). */
export async function assertDocumentsOpened(tx: Db, userId: string, adminId: string): Promise<void> {
  const docs = await tx
    .select({ id: verificationDocuments.id, kind: verificationDocuments.kind })
    .from(verificationDocuments)
    .where(eq(verificationDocuments.userId, userId));
  if (!docs.length) throw new AppError('KYC_NO_DOCUMENTS');
  const opened = await documentsOpenedBy(tx, userId, adminId);
  const unopened = docs.filter((d) => !opened.has(d.id));
  if (unopened.length)
    throw AppError.of('KYC_DOCUMENTS_NOT_OPENED', {
      documents: unopened.map((d) => DOCUMENT_KIND_LABELS[d.kind]).join(', '),
    });
}
