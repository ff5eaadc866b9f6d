// Sliding-window limits counted from the database, so every server instance sees the same counts.
import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db } from './db/connect.ts';
import { inTransaction } from './db/transaction.ts';
import { rateLimitEvents } from './db/schema/index.ts';
import { UPLOAD_MESSAGES, UPLOAD_WINDOW_MS, UPLOADS_PER_WINDOW } from '../domain/uploads.ts';
import { RateLimitedError } from './errors.ts';
import { QUESTIONS_PER_HOUR } from '../domain/updates.ts';

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
  message: string;
}

const MINUTE = 60_000;

const ACCOUNT_LOCKED =
  'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.';

// Sign-in failures count per account *and address*, with a ten times higher ceiling per account
// (docs/security.md): a guesser locks out their own address, not the owner,
// and a botnet still gets at most 100 guesses per account per window (NIST SP 800-63B §5.2.2).
export const LIMITS = {
  signinPerAccountAddress: {
    bucket: 'signin-account-address',
    max: 10,
    windowMs: 15 * MINUTE,
    message: ACCOUNT_LOCKED,
  },
  signinPerAccount: {
    bucket: 'signin-account',
    max: 100,
    windowMs: 15 * MINUTE,
    message: ACCOUNT_LOCKED,
  },
  /** Wrong current passwords per account: a stolen session must not become a password oracle. */
  changePasswordPerUser: {
    bucket: 'change-password-user',
    max: 5,
    windowMs: 15 * MINUTE,
    message: 'Too many password change attempts. Please wait 15 minutes and try again.',
  },
  /** Wrong second-factor codes or passkeys per account (sign-in and step-up together). */
  twoFactorPerUser: {
    bucket: 'two-factor-user',
    max: 10,
    windowMs: 15 * MINUTE,
    message: 'Too many wrong codes. Please wait 15 minutes and try again.',
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
  /** Upload requests per user (documents, attachments); the bytes are counted from the files. */
  uploadsPerUser: {
    bucket: 'upload-user',
    max: UPLOADS_PER_WINDOW,
    windowMs: UPLOAD_WINDOW_MS,
    message: UPLOAD_MESSAGES.tooMany,
  },
  /** Questions asked on campaigns per user, over every campaign (docs/updates.md). */
  questionsPerUser: {
    bucket: 'question-user',
    max: QUESTIONS_PER_HOUR,
    windowMs: 60 * MINUTE,
    message: `You can ask ${QUESTIONS_PER_HOUR} questions an hour. Please try again later.`,
  },
} satisfies Record<string, Limit>;

/**
 * The rate-limit key of a client address: an IPv6 client is its /64 (one subscriber's network, whose
 * 2^64 addresses would otherwise each get their own count); IPv4, and IPv4 mapped into IPv6, as is.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/** An attempt counted by `claimAttempts`, until it is withdrawn. */
export interface Attempt {
  /** Un-counts the attempt: it turned out not to be a failure (e.g. the right password). */
  withdraw(): Promise<void>;
}

/**
 * Counts one attempt against each limit before the attempt runs, or throws 429 (with Retry-After).
 * Check and count are one step that concurrent requests cannot race past: the attempt is recorded
 * first, then the window is counted including it, so of k concurrent attempts the k-th to be recorded
 * sees at least k, on PGlite as on PostgreSQL (each statement commits on its own: a count sees every
 * record written before it). A refused attempt is withdrawn at once, so hammering a closed door does
 * not keep it closed. Limits are claimed in order and each only after the previous passed: list the
 * narrow ones first (an address), so refused floods never reach a shared count (an account).
 */
export async function claimAttempts(
  db: Db,
  claims: ReadonlyArray<readonly [Limit, string]>,
  now: Date,
): Promise<Attempt> {
  const ids: string[] = [];
  const withdraw = async () => {
    const withdrawn = ids.splice(0);
    if (withdrawn.length)
      await inTransaction(db, (tx) =>
        tx.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, withdrawn)),
      );
  };
  for (const [limit, key] of claims) {
    // Its own transaction (one statement): the count below sees it, and concurrent claims see it too.
    const [event] = await inTransaction(db, (tx) =>
      tx
        .insert(rateLimitEvents)
        .values({ bucket: limit.bucket, key, createdAt: now })
        .returning({ id: rateLimitEvents.id }),
    );
    ids.push(event!.id);
    const counted = await countInWindow(db, limit, key, now);
    if (counted.n > limit.max) {
      await withdraw();
      throw limitReached(limit, counted.oldest, now);
    }
  }
  return { withdraw };
}

/** 429 with the seconds until the oldest counted event leaves the window. */
function limitReached(limit: Limit, oldest: Date, now: Date): RateLimitedError {
  const freeAt = oldest.getTime() + limit.windowMs;
  return new RateLimitedError(limit.message, Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
}

/** Throws 429 (with Retry-After) when `key` already used up `limit` in the window. */
export async function assertUnderLimit(db: Db, limit: Limit, key: string, now: Date): Promise<void> {
  const counted = await countInWindow(db, limit, key, now);
  if (counted.n >= limit.max) throw limitReached(limit, counted.oldest, now);
}

/** Events of `key` in the window ending at `now`, and when the oldest of them happened. */
async function countInWindow(db: Db, limit: Limit, key: string, now: Date) {
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
  return { n: row?.n ?? 0, oldest: row?.oldest ?? now };
}

/** Counts one event of `key` at `now` (the app's clock: the window is judged by it too). */
export async function recordEvent(db: Db, limit: Limit, key: string, now: Date): Promise<void> {
  await inTransaction(db, (tx) =>
    tx.insert(rateLimitEvents).values({ bucket: limit.bucket, key, createdAt: now }),
  );
}

export async function clearEvents(db: Db, limit: Limit, key: string): Promise<void> {
  await inTransaction(db, (tx) =>
    tx
      .delete(rateLimitEvents)
      .where(and(eq(rateLimitEvents.bucket, limit.bucket), eq(rateLimitEvents.key, key))),
  );
}

/** Housekeeping: deletes the events older than the longest window (they no longer count). */
export async function pruneEvents(db: Db, now: Date): Promise<number> {
  const longest = Math.max(...Object.values(LIMITS).map((l: Limit) => l.windowMs));
  const deleted = await inTransaction(db, (tx) =>
    tx
      .delete(rateLimitEvents)
      .where(lt(rateLimitEvents.createdAt, new Date(now.getTime() - longest)))
      .returning({ id: rateLimitEvents.id }),
  );
  return deleted.length;
}
