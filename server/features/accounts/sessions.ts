// Sessions: 256-bit random tokens in an HttpOnly cookie, stored as SHA-256 hashes in the database.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { sessions, users } from '../../db/schema/index.ts';

/** The session cookie on plain-HTTP deployments (development). */
export const SESSION_COOKIE = 'hb_session';
/**
 * The session cookie when PUBLIC_URL is https: the __Host- prefix makes the browser accept it only
 * with Secure, Path=/ and no Domain, so neither a sibling subdomain nor a plain-HTTP answer can plant
 * or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-hb_session';

/** Name and Secure flag of the session cookie: decided once, from where browsers reach us. */
export function sessionCookieFor(publicUrl: string): { name: string; secure: boolean } {
  const secure = new URL(publicUrl).protocol === 'https:';
  return { name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, secure };
}

const HOUR_MS = 3_600_000;
/** Remember me: 30 days after sign-in, however much it is used (it does not slide). */
export const PERSISTENT_TTL_MS = 30 * 24 * HOUR_MS;
/** Without Remember me: a browser-session cookie that also ends after 12 h without use … */
export const IDLE_TIMEOUT_MS = 12 * HOUR_MS;
/** … and 7 days after sign-in at the latest, however busy (OWASP: every session has an absolute end). */
export const BROWSER_SESSION_MAX_MS = 7 * 24 * HOUR_MS;

/** When a session must end at the latest, counted from its sign-in. */
const absoluteEnd = (session: { createdAt: Date; persistent: boolean }) =>
  session.createdAt.getTime() + (session.persistent ? PERSISTENT_TTL_MS : BROWSER_SESSION_MAX_MS);
/** Sliding expiry is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type UserRow = typeof users.$inferSelect;

export interface NewSession {
  token: string;
  persistent: boolean;
  expiresAt: Date;
}

/** `now`: the app's clock; the session's idle and absolute ends count from it. */
export async function createSession(
  db: Db | Tx,
  userId: string,
  options: { persistent: boolean; userAgent?: string | undefined },
  now: Date,
): Promise<NewSession> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + (options.persistent ? PERSISTENT_TTL_MS : IDLE_TIMEOUT_MS));
  await inTransaction(db, (tx) =>
    tx.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      persistent: options.persistent,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: options.userAgent?.slice(0, 300),
    }),
  );
  return { token, persistent: options.persistent, expiresAt };
}

/** The active user of a session token, or null (unknown, expired, or the account is suspended). */
export async function userForSession(db: Db, token: string, now: Date): Promise<UserRow | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  if (!row) return null;
  const end = absoluteEnd(row.session);
  if (row.session.expiresAt <= now || end <= now.getTime() || row.user.accountStatus !== 'active') {
    await inTransaction(db, (tx) => tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash)));
    return null;
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await inTransaction(db, (tx) =>
      tx
        .update(sessions)
        .set({
          lastSeenAt: now,
          // Only browser-session cookies slide, and never past their absolute end: a remembered
          // session keeps its 30-day end.
          ...(row.session.persistent
            ? {}
            : { expiresAt: new Date(Math.min(now.getTime() + IDLE_TIMEOUT_MS, end)) }),
        })
        .where(eq(sessions.tokenHash, tokenHash)),
    );
  }
  return row.user;
}

/**
 * Whether the session of `token` still holds (not ended, not expired, the account active), read
 * without sliding its expiry: what a long-lived answer (the live notification stream) checks now and then.
 */
export async function sessionHolds(db: Db, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ session: sessions, status: users.accountStatus })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)));
  return (
    !!row &&
    row.session.expiresAt > now &&
    absoluteEnd(row.session) > now.getTime() &&
    row.status === 'active'
  );
}

/**
 * Replaces a user's sessions with one new session for the caller, keeping its Remember me: after a
 * password change, a token that leaked before is worth nothing, the caller's included. Returns the
 * new session and how many other sessions ended.
 */
export async function rotateSessions(
  db: Db,
  userId: string,
  currentToken: string,
  userAgent: string | undefined,
  now: Date,
): Promise<{ session: NewSession; endedSessions: number }> {
  const current = hashToken(currentToken);
  return inTransaction(db, async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ tokenHash: sessions.tokenHash, persistent: sessions.persistent });
    const persistent = ended.find((s) => s.tokenHash === current)?.persistent ?? false;
    const session = await createSession(tx, userId, { persistent, userAgent }, now);
    return { session, endedSessions: ended.filter((s) => s.tokenHash !== current).length };
  });
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await inTransaction(db, (tx) => tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))));
}

/** Ends every session of a user, or every one but the caller's. */
export async function deleteUserSessions(db: Db, userId: string, exceptToken?: string): Promise<number> {
  const deleted = await inTransaction(db, (tx) =>
    tx
      .delete(sessions)
      .where(
        exceptToken
          ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(exceptToken)))
          : eq(sessions.userId, userId),
      )
      .returning({ tokenHash: sessions.tokenHash }),
  );
  return deleted.length;
}

/** Housekeeping: deletes the sessions that ended (idle or absolute end passed); returns how many. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const signedInBefore = (ms: number) => lt(sessions.createdAt, new Date(now.getTime() - ms));
  const deleted = await inTransaction(db, (tx) =>
    tx
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, now),
          and(eq(sessions.persistent, false), signedInBefore(BROWSER_SESSION_MAX_MS)),
          signedInBefore(PERSISTENT_TTL_MS),
        ),
      )
      .returning({ tokenHash: sessions.tokenHash }),
  );
  return deleted.length;
}
