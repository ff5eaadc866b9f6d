import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NoticeKind } from '../../../domain/notifications.ts';
import { users } from './users.ts';

// The notification centre (docs/notifications.md). One row per event and per recipient: `event_key`
// names the event (e.g. `investment:<id>:confirmed`), and (user_id, event_key) is unique, so a retried
// job or a repeated hook cannot notify twice. A kind the user turned off in the app is still recorded
// (`in_app` false: never listed nor counted) so that its email, too, leaves once.
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    eventKey: text('event_key').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** A path in the app (`/portfolio`, `/buyer/tracking` …), never an outside address. */
    link: text('link'),
    inApp: boolean('in_app').notNull(),
    /** Whether its email was queued in the outbox with it. */
    emailed: boolean('emailed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_event_key').on(t.userId, t.eventKey),
    // The list and the unread count: the user's shown rows, newest first.
    index('notifications_user_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`${t.inApp}`),
    check('notifications_link_check', sql`${t.link} is null or ${t.link} like '/%'`),
  ],
);

/** The kinds a user turned off in the app (their email choice lives in users.email_opt_outs). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inAppOptOuts: text('in_app_opt_outs')
      .array()
      .$type<NoticeKind[]>()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [primaryKey({ columns: [t.userId] })],
);
