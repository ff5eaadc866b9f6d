// Once per cron slot (docs/jobs.md): pg-boss sends a scheduled job once per slot in the common case, but
// not always (a cron check late in a minute sends the slot again as the next minute begins). The run
// claims its slot first; a second job for the same slot finds the claim and does nothing.
import cronParser from 'cron-parser';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { scheduledRuns } from '../db/schema/index.ts';

/** The data pg-boss's cron gives a scheduled job: it marks runs that claim a slot (not the CLI's, not a retry). */
export const SCHEDULED_DATA = { scheduled: true } as const;

export const isScheduledRun = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { scheduled?: unknown }).scheduled === true;

/** The last tick of `cron` (UTC) at or before `at`. */
export function cronSlot(cron: string, at: Date): Date {
  return cronParser
    .parseExpression(cron, { currentDate: new Date(at.getTime() + 1), tz: 'UTC' })
    .prev()
    .toDate();
}

/** Claims the slot for this job; false when a run of the same slot already claimed it. */
export async function claimSlot(db: Db, job: string, slot: Date): Promise<boolean> {
  const claimed = await db
    .insert(scheduledRuns)
    .values({ job, slot })
    .onConflictDoNothing()
    .returning({ job: scheduledRuns.job });
  return claimed.length === 1;
}

/** Claims older than a day are no longer needed (no job is sent for a slot that old). */
export async function pruneSlots(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(scheduledRuns)
    .where(lt(scheduledRuns.claimedAt, sql`${new Date(now.getTime() - 86_400_000)}`))
    .returning({ job: scheduledRuns.job });
  return deleted.length;
}
