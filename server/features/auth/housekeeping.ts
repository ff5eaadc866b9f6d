// Deletes what no longer counts: ended sessions, expired reset links, rate-limit events older than
// the longest window, and uploads an instance lost before they were kept (server/uploads). The server runs it on a schedule (every 10 minutes) on each instance; an
// advisory lock lets one instance sweep at a time (the others skip that round), so several instances
// behind a load balancer never delete the same rows at once. Stopped, and awaited, when the app closes.
import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { schedule, type Schedule } from '../../jobs.ts';
import { pruneAbandonedFiles } from '../../uploads/storage.ts';
import { pruneEvents } from './rate-limit.ts';
import { deleteExpiredSessions } from './sessions.ts';

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;
/** pg_try_advisory_xact_lock key of the sweep (any constant no other lock of ours uses). */
const SWEEP_LOCK = 7_242_113_901;

export interface SweepResult {
  sessions: number;
  resetTokens: number;
  rateLimitEvents: number;
  abandonedUploads: number;
}

/** One sweep as of `now`; null when another instance is sweeping right now. */
export async function sweepExpired(db: Db, now = new Date()): Promise<SweepResult | null> {
  return db.transaction(async (tx) => {
    // Held until the transaction ends; another instance holding it means this round is done there.
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`);
    const [lock] = (result as unknown as { rows: Array<{ locked: boolean }> }).rows;
    if (!lock?.locked) return null;
    const sessions = await deleteExpiredSessions(tx, now);
    const resetTokens = (
      await tx
        .delete(passwordResetTokens)
        .where(lt(passwordResetTokens.expiresAt, now))
        .returning({ tokenHash: passwordResetTokens.tokenHash })
    ).length;
    const rateLimitEvents = await pruneEvents(tx, now);
    const abandonedUploads = await pruneAbandonedFiles(tx, now);
    return { sessions, resetTokens, rateLimitEvents, abandonedUploads };
  });
}

export type Housekeeping = Schedule;

export interface HousekeepingOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  intervalMs?: number;
  /** The clock the sweep judges expiry by (tests move it). */
  now?: () => Date;
}

export function housekeeping({
  db,
  log,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
  now = () => new Date(),
}: HousekeepingOptions): Housekeeping {
  return schedule({
    name: 'housekeeping sweep',
    everyMs: intervalMs,
    log,
    run: async () => {
      const result = await sweepExpired(db, now());
      if (result && result.sessions + result.resetTokens + result.rateLimitEvents > 0)
        log.info({ housekeeping: result }, 'deleted expired sessions, reset links and rate-limit events');
    },
  });
}
