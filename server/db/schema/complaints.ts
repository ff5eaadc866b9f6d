import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  COMPLAINT_OUTCOMES,
  COMPLAINT_STATUSES,
  type ComplaintCategory,
  type ComplaintOutcome,
  type ComplaintStatus,
} from '../../../domain/complaints.ts';
import { storedFiles } from './files.ts';
import { users } from './users.ts';
import { checkIn, sqlIn } from '../vocabulary.ts';

// Complaints (docs/complaints.md). Kept as long as the platform's records (no cascade from the user:
// an account with complaints is not deleted with them). The attachment is a stored file (chunks).
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    category: text('category').$type<ComplaintCategory>().notNull(),
    text: text('text').notNull(),
    attachmentFileId: uuid('attachment_file_id').references(() => storedFiles.id),
    attachmentName: text('attachment_name'),
    status: text('status').$type<ComplaintStatus>().notNull().default('open'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    decisionDueAt: timestamp('decision_due_at', { withTimezone: true }).notNull(),
    outcome: text('outcome').$type<ComplaintOutcome>(),
    response: text('response'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('complaints_reference_key').on(t.reference),
    index('complaints_user_idx').on(t.userId, t.receivedAt.desc()),
    index('complaints_queue_idx').on(t.status, t.decisionDueAt),
    checkIn('complaints_status_check', t.status, COMPLAINT_STATUSES),
    check(
      'complaints_outcome_check',
      sql`(${t.status} = 'open' and ${t.outcome} is null) or (${t.status} = 'decided' and ${sqlIn(t.outcome, COMPLAINT_OUTCOMES)} and ${t.response} is not null)`,
    ),
  ],
);

/** The last reference number given out each year (taken with an upsert: one at a time, no gaps). */
export const complaintCounters = pgTable('complaint_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});
