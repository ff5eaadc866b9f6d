// Identities that stay verified (docs/verification.md): a change of a verified legal identity (name,
// company name, registration number) is a request the admin reviews, the verified values kept on the
// user until it is approved; and which KYC documents each admin opened (approval needs every one).
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { IDENTITY_CHANGE_STATUSES, type IdentityChangeStatus } from '../../../domain/identity.ts';
import { verificationDocuments } from './kyc.ts';
import { users } from './users.ts';
import { checkIn } from '../vocabulary.ts';

export const identityChanges = pgTable(
  'identity_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The identity asked for, whole (unchanged fields repeat the verified value). */
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyName: text('company_name'),
    registrationNumber: text('registration_number'),
    status: text('status').$type<IdentityChangeStatus>().notNull().default('pending'),
    /** The admin's reason when the change is declined (the verified identity stays). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
  },
  (t) => [
    // One change in review per user at a time.
    uniqueIndex('identity_changes_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('identity_changes_user_idx').on(t.userId, t.createdAt.desc()),
    checkIn('identity_changes_status_check', t.status, IDENTITY_CHANGE_STATUSES),
  ],
);

/** An admin opened a KYC document (its file was sent to them): approval needs each one opened. */
export const kycDocumentViews = pgTable(
  'kyc_document_views',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => verificationDocuments.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.adminId] })],
);
