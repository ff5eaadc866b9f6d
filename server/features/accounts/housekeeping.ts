// Deletes what no longer counts: ended sessions, expired reset links, rate-limit events older than
// the longest window, and uploads an instance lost before they were kept (server/uploads). The
// `housekeeping` job runs it every 10 minutes (server/job-registry.ts); an advisory lock lets one
// sweep run at a time besides, so several instances (or the CLI) never delete the same rows at once.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { pruneAbandonedFiles } from '../../uploads/storage.ts';
import { pruneEvents } from '../../rate-limit.ts';
import { deleteExpiredSessions } from './sessions.ts';

/** pg_try_advisory_xact_lock key of the sweep (any constant no other lock of ours uses). */
const SWEEP_LOCK = 7_242_113_901;

export interface SweepResult {
  sessions: number;
  resetTokens: number;
  rateLimitEvents: number;
  abandonedUploads: number;
}

/** One sweep as of `now`; null when another instance is sweeping right now. */
export async function sweepExpired(db: Db, now: Date): Promise<SweepResult | null> {
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
