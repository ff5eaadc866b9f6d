import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS, DOCUMENT_TYPES, type DocumentKind, type DocumentType } from '../../../domain/kyc.ts';
import { SIGNUP_ROLES, type Role } from '../../../domain/users.ts';
import { storedFiles } from './files.ts';
import { users } from './users.ts';
import { ROLE_REQUEST_STATUSES } from '../../../domain/admin.ts';
import { checkIn } from '../vocabulary.ts';

// KYC/KYB documents (docs/kyc.md). The file itself lives in the database (stored_files, in chunks):
// every server instance reads it through the connection it already has, no extra storage service to
// run or secure, and it goes with the account (ON DELETE CASCADE) and with the database's backups. It is never
// written under the web root; only the owner and admins can read it (features/verification/kyc/routes.ts).
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DocumentKind>().notNull(),
    /** As uploaded (shown to admins only, never trusted: the type is read from the content). */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').$type<DocumentType>().notNull(),
    size: integer('size').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_documents_user_idx').on(t.userId, t.createdAt.desc()),
    checkIn('verification_documents_kind_check', t.kind, DOCUMENT_KINDS),
    checkIn('verification_documents_type_check', t.contentType, DOCUMENT_TYPES),
    check('verification_documents_size_check', sql`${t.size} > 0 and ${t.size} <= 10485760`),
  ],
);

/** Spec §1/§3 role change request: a user asks for another role; an admin approves or declines. */
export const roleRequests = pgTable(
  'role_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newRole: text('new_role').$type<Role>().notNull(),
    status: text('status').$type<'pending' | 'approved' | 'declined'>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('role_requests_status_idx').on(t.status, t.createdAt),
    checkIn('role_requests_role_check', t.newRole, SIGNUP_ROLES),
    checkIn('role_requests_status_check', t.status, ROLE_REQUEST_STATUSES),
  ],
);
