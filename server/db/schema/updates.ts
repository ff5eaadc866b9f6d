import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DocumentType } from '../../../domain/kyc.ts';
import { UPDATE_AUDIENCES, type UpdateAudience } from '../../../domain/updates.ts';
import { campaigns } from './campaigns.ts';
import { storedFiles } from './files.ts';
import { users } from './users.ts';
import { checkIn } from '../vocabulary.ts';

// Campaign updates and questions (issue 22 items 1 and 2; docs/updates.md). An update is written once
// by the campaign's trader, for everyone or for its backers only; its files are stored uploads
// (server/uploads). A question is asked by a signed-in user and answered on its own row by the trader;
// an admin may hide the question or the answer with a reason (and an audit log entry).
export const campaignUpdates = pgTable(
  'campaign_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience').$type<UpdateAudience>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_updates_campaign_idx').on(t.campaignId, t.createdAt.desc()),
    checkIn('campaign_updates_audience_check', t.audience, UPDATE_AUDIENCES),
  ],
);

export const campaignUpdateFiles = pgTable(
  'campaign_update_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    updateId: uuid('update_id')
      .notNull()
      .references(() => campaignUpdates.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').$type<DocumentType>().notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaign_update_files_update_idx').on(t.updateId)],
);

export const campaignQuestions = pgTable(
  'campaign_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    askerId: uuid('asker_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    answerBody: text('answer_body'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answerHiddenReason: text('answer_hidden_reason'),
    answerHiddenAt: timestamp('answer_hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('campaign_questions_campaign_idx').on(t.campaignId, t.createdAt),
    check('campaign_questions_answer', sql`(${t.answerBody} is null) = (${t.answeredAt} is null)`),
  ],
);
