// A sign-in waiting for its second factor: the password (or the social provider) was proven, no
// session exists yet. The browser holds a random token in an HttpOnly cookie; the database its hash,
// the user, Remember me and the passkey challenge once asked for. Completing it is single use.
import { and, eq, gt } from 'drizzle-orm';
import { PENDING_SIGN_IN_MS } from '../../../../domain/two-factor.ts';
import type { Db } from '../../../db/connect.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { pendingSignIns, users } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { createSession, hashToken, newToken, type NewSession, type UserRow } from '../sessions.ts';
import { markProven } from './proofs.ts';

export type PendingSignIn = typeof pendingSignIns.$inferSelect;

export async function startPendingSignIn(
  db: Db,
  userId: string,
  persistent: boolean,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MS);
  await db
    .insert(pendingSignIns)
    .values({ tokenHash: hashToken(token), userId, persistent, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** The pending sign-in of this token, or 401 TWO_FACTOR_SIGNIN_EXPIRED. */
export async function pendingSignIn(db: Db, token: string | undefined, now: Date): Promise<PendingSignIn> {
  if (!token || token.length > 100) throw AppError.of('TWO_FACTOR_SIGNIN_EXPIRED');
  const [row] = await db
    .select({ pending: pendingSignIns, status: users.accountStatus })
    .from(pendingSignIns)
    .innerJoin(users, eq(users.id, pendingSignIns.userId))
    .where(and(eq(pendingSignIns.tokenHash, hashToken(token)), gt(pendingSignIns.expiresAt, now)));
  if (!row) throw AppError.of('TWO_FACTOR_SIGNIN_EXPIRED');
  // Suspended after the first step: nothing more is checked or spent.
  if (row.status !== 'active') throw AppError.of('ACCOUNT_SUSPENDED');
  return row.pending;
}

export async function setPendingChallenge(db: Db, pending: PendingSignIn, challenge: string | null) {
  await inTransaction(db, (tx) =>
    tx.update(pendingSignIns).set({ challenge }).where(eq(pendingSignIns.tokenHash, pending.tokenHash)),
  );
}

/**
 * The second factor was proven: the pending sign-in is claimed (one request wins), and a session
 * starts with the Remember me of the first step, its second factor counted as proven just now.
 */
export async function completePendingSignIn(
  db: Db,
  pending: PendingSignIn,
  client: { userAgent: string | undefined },
  now: Date,
): Promise<{ user: UserRow; session: NewSession }> {
  return inTransaction(db, async (tx) => {
    const [claimed] = await tx
      .delete(pendingSignIns)
      .where(eq(pendingSignIns.tokenHash, pending.tokenHash))
      .returning({ userId: pendingSignIns.userId });
    if (!claimed) throw AppError.of('TWO_FACTOR_SIGNIN_EXPIRED');
    const [user] = await tx
      .update(users)
      .set({ lastLoginAt: now })
      .where(eq(users.id, claimed.userId))
      .returning();
    if (!user) throw AppError.of('TWO_FACTOR_SIGNIN_EXPIRED');
    // Suspended between the two steps: no session.
    if (user.accountStatus !== 'active') throw AppError.of('ACCOUNT_SUSPENDED');
    const session = await createSession(
      tx,
      user.id,
      { persistent: pending.persistent, userAgent: client.userAgent },
      now,
    );
    await markProven(tx, session.token, now);
    return { user, session };
  });
}

/** Ends a pending sign-in (signing out, or a new sign-in from the same browser). */
export async function endPendingSignIn(db: Db, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  await inTransaction(db, (tx) =>
    tx.delete(pendingSignIns).where(eq(pendingSignIns.tokenHash, hashToken(token))),
  );
}
