// Forgotten passwords (OWASP Forgot Password cheat sheet): the request answers the same whether or
// not the account exists; the emailed token is 256 random bits, stored only as its SHA-256 hash,
// valid one hour and usable once; using it sets the password, ends every session of the user and, as
// it came by email, verifies the address.
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MESSAGES, type resetPasswordSchema } from '../../../domain/auth.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { queueAccountEmail, type AccountMailContext } from '../../email/account-emails.ts';
import { hashPassword } from './password.ts';
import { assertUnderLimit, LIMITS, recordEvent } from '../../rate-limit.ts';
import { deleteUserSessions, hashToken, newToken } from './sessions.ts';

/**
 * Emails a reset link when an account has this email; does the same work (limits, token, hash) and
 * returns the same way when none has. The email leaves in the background, so the answer time does
 * not tell either.
 */
export async function requestPasswordReset(
  ctx: AccountMailContext,
  email: string,
  ip: string,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock();
  await assertUnderLimit(db, LIMITS.resetPerIp, ip, now);
  await assertUnderLimit(db, LIMITS.resetPerEmail, email, now);
  await recordEvent(db, LIMITS.resetPerIp, ip, now);
  await recordEvent(db, LIMITS.resetPerEmail, email, now);

  const token = newToken();
  const tokenHash = hashToken(token);
  const [user] = await db
    .select({ id: users.id, email: users.email, username: users.username, firstName: users.firstName })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!user?.email) return;

  // The token and its email commit together; the email leaves after the answer (the outbox's sender).
  await inTransaction(db, async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash,
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
    await queueAccountEmail(ctx.outbox, tx, user, 'password-reset', { token });
  });
}

/** A reset link is valid one hour after it was sent. */
export const RESET_TTL_MS = 3_600_000;

const invalidLink = () => new AppError('VALIDATION', MESSAGES.resetLinkInvalid);

/** Unused and not expired at `now` (the app's clock): a link dies exactly one hour after it was sent. */
const usableToken = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, tokenHash),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

/**
 * Sets the new password with a valid token. The token is claimed by one conditional UPDATE, so of two
 * concurrent uses exactly one wins; the claim, the password, the ended sessions and the withdrawn
 * other tokens commit together.
 */
export async function resetPassword(
  ctx: AccountMailContext,
  input: z.output<typeof resetPasswordSchema>,
): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock();
  const tokenHash = hashToken(input.token);
  // A cheap look first: an unknown token costs no password hashing.
  const [pending] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(usableToken(tokenHash, now));
  if (!pending) throw invalidLink();
  const passwordHash = await hashPassword(input.password);

  await inTransaction(db, async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(usableToken(tokenHash, now))
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) throw invalidLink();
    const [row] = await tx
      .update(users)
      // The link was emailed to the account's address: using it proves the address too.
      .set({ password: passwordHash, emailVerified: true, updatedAt: now })
      .where(eq(users.id, claimed.userId))
      .returning({ email: users.email, username: users.username, firstName: users.firstName });
    await deleteUserSessions(tx, claimed.userId);
    await tx
      .delete(passwordResetTokens)
      .where(
        and(eq(passwordResetTokens.userId, claimed.userId), ne(passwordResetTokens.tokenHash, tokenHash)),
      );
    if (row) await queueAccountEmail(ctx.outbox, tx, row, 'password-changed', {});
  });
}
