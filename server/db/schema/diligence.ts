// Investor protection after investing and before a campaign opens (issue 19, domain/diligence.ts):
// each due-diligence decision on a campaign, and each investment revoked in its reflection period.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { REVIEW_DECISIONS, type ReviewCheck } from '../../../domain/diligence.ts';
import { campaigns } from './campaigns.ts';
import { investments } from './investments.ts';
import { users } from './users.ts';
import { checkIn } from '../vocabulary.ts';

/**
 * Every decision of an admin on a campaign's review, kept (the campaign row carries only the current
 * status): what was checked, which documents were on file, and on which terms version it was taken.
 */
export const campaignReviews = pgTable(
  'campaign_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    decision: text('decision').$type<'approved' | 'rejected'>().notNull(),
    reason: text('reason'),
    checks: jsonb('checks').$type<ReviewCheck[]>().notNull().default([]),
    /** The campaign documents (ids) on file when the decision was taken. */
    documentIds: jsonb('document_ids').$type<string[]>().notNull().default([]),
    termsVersion: integer('terms_version').notNull(),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_reviews_campaign_idx').on(t.campaignId, t.createdAt),
    checkIn('campaign_reviews_decision_check', t.decision, REVIEW_DECISIONS),
    check('campaign_reviews_reason', sql`${t.decision} = 'approved' or length(${t.reason}) > 0`),
  ],
);

/**
 * An investment its investor revoked within the reflection period: refunded in full through the one
 * refund path (the investment ends `refunded`, as any refund; this row says why). One per investment:
 * the primary key is the at-most-once guard under concurrent revokes.
 */
export const investmentRevocations = pgTable(
  'investment_revocations',
  {
    investmentId: uuid('investment_id')
      .primaryKey()
      .references(() => investments.id),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => users.id),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('investment_revocations_campaign_idx').on(t.campaignId)],
);
