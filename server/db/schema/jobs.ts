import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// One row per scheduled job and cron slot that ran (docs/jobs.md "Once per slot"): the primary key is
// what makes a second run of the same slot (two instances, or pg-boss's cron sending a late slot again)
// a no-op. Housekeeping deletes rows older than a day.
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    job: text('job').notNull(),
    /** The cron tick the run belongs to (the last tick at or before its job was created). */
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);
