import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { users } from './users.ts';

// Followed campaigns and saved searches (issue 22 item 4; docs/updates.md). A follow is one row per
// investor and campaign; the deadline reminder is claimed once per campaign (its row's insert), a
// saved search's match once per search and campaign (its row's primary key): a sweep on two
// instances, or a campaign approved again after an edit, tells nobody twice.
export const campaignFollows = pgTable(
  'campaign_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.campaignId] }),
    index('campaign_follows_campaign_idx').on(t.campaignId),
  ],
);

export const deadlineReminders = pgTable('deadline_reminders', {
  campaignId: uuid('campaign_id')
    .primaryKey()
    .references(() => campaigns.id),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The filters as a /campaigns query string, in the browse page's order ('' : every campaign). */
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [unique('saved_searches_user_query').on(t.userId, t.query)],
);

export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    searchId: uuid('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.campaignId] })],
);
