// Sliding-window limits counted from the database, so every server instance sees the same counts.
import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { rateLimitEvents } from '../../db/schema/index.ts';
import { RateLimitedError } from '../../errors.ts';

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
  message: string;
}

const MINUTE = 60_000;

export const LIMITS = {
  signinPerAccount: {
    bucket: 'signin-account',
    max: 10,
    windowMs: 15 * MINUTE,
    message: 'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.',
  },
  signinPerIp: {
    bucket: 'signin-ip',
    max: 30,
    windowMs: 15 * MINUTE,
    message: 'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.',
  },
  signupPerIp: {
    bucket: 'signup-ip',
    max: 10,
    windowMs: 60 * MINUTE,
    message: 'Too many sign-up attempts from your network. Please try again in an hour.',
  },
  resetPerIp: {
    bucket: 'reset-ip',
    max: 10,
    windowMs: 60 * MINUTE,
    message: 'Too many password reset requests. Please try again in an hour.',
  },
  resetPerEmail: {
    bucket: 'reset-email',
    max: 3,
    windowMs: 60 * MINUTE,
    message: 'Too many password reset requests. Please try again in an hour.',
  },
  verifyEmailPerAccount: {
    bucket: 'verify-email-account',
    max: 3,
    windowMs: 60 * MINUTE,
    message: 'Too many verification emails. Please check your inbox, or try again in an hour.',
  },
} satisfies Record<string, Limit>;

/** Throws 429 (with Retry-After) when `key` already used up `limit` in the window. */
export async function assertUnderLimit(db: Db, limit: Limit, key: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - limit.windowMs);
  const [row] = await db
    .select({ n: count(), oldest: min(rateLimitEvents.createdAt) })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, limit.bucket),
        eq(rateLimitEvents.key, key),
        gt(rateLimitEvents.createdAt, since),
      ),
    );
  if (row && row.n >= limit.max) {
    // Free again when the oldest counted event leaves the window.
    const freeAt = (row.oldest ?? now).getTime() + limit.windowMs;
    throw new RateLimitedError(limit.message, Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
  }
}

export async function recordEvent(db: Db, limit: Limit, key: string): Promise<void> {
  await db.insert(rateLimitEvents).values({ bucket: limit.bucket, key });
}

export async function clearEvents(db: Db, limit: Limit, key: string): Promise<void> {
  await db
    .delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.bucket, limit.bucket), eq(rateLimitEvents.key, key)));
}

/** Housekeeping: events older than the longest window no longer count. */
export async function pruneEvents(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.createdAt, new Date(now.getTime() - 60 * MINUTE)));
}
