import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  OUTGOING_EMAIL_STATUSES,
  UNSENT_EMAIL_STATUSES,
  type OutgoingEmailStatus,
} from '../../../domain/notifications.ts';
import { checkIn, sqlIn } from '../vocabulary.ts';

// The durable email queue (docs/email.md): every email is a row written in the transaction of the event
// that causes it, and the sender (server/email/outbox.ts) delivers the due rows. Not the development
// mailbox (`email_outbox`), which is one of the places a row can be delivered to.
export const outgoingEmails = pgTable(
  'outgoing_emails',
  {
    /** Stable across retries: the SMTP Message-ID is `<id@host of MAIL_FROM>`. */
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    /** The template's name (server/email/templates.ts). */
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** pending → sending (claimed, with a lease) → sent; or dead after the last failed attempt. */
    status: text('status').$type<OutgoingEmailStatus>().notNull().default('pending'),
    /** Deliveries started (a claim counts: a crash mid-send is an attempt). */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending row is due, when a claimed row's lease ends (it may be claimed again), or when a dead one died. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** The last failure's message and code (never the body). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outgoing_emails_due_idx').on(t.nextAttemptAt).where(sqlIn(t.status, UNSENT_EMAIL_STATUSES)),
    index('outgoing_emails_dead_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'dead'`),
    checkIn('outgoing_emails_status_check', t.status, OUTGOING_EMAIL_STATUSES),
  ],
);
