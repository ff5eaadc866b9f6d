// Email ownership (docs/decisions/0001-email-verification.md): sign-up emails a link
// `$PUBLIC_URL/verify-email?token=…`; posting its token verifies the address. Tokens are 256 random
// bits stored only as their SHA-256 hash, valid 24 hours, usable once — the password reset model.
// Clocks are passed in, so tests can stand a day later without waiting for it.
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { ResendVerificationResult } from '../../../domain/auth.ts';
import { EMAIL_VERIFICATION_TTL_HOURS } from '../../../domain/users.ts';
import { emailVerificationTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { queueAccountEmail, type AccountMailContext } from '../../email/account-emails.ts';
import { assertUnderLimit, LIMITS, recordEvent } from '../../rate-limit.ts';
import { hashToken, newToken, type UserRow } from './sessions.ts';

const TTL_MS = EMAIL_VERIFICATION_TTL_HOURS * 3_600_000;

type Recipient = Pick<UserRow, 'id' | 'email' | 'username' | 'firstName'>;

/** Stores a new token for the user's current address and queues the email of its link with it. */
export async function sendVerificationEmail(
  ctx: AccountMailContext,
  user: Recipient,
  now: Date = ctx.clock(),
  db: AccountMailContext['db'] | Tx = ctx.db,
): Promise<void> {
  if (!user.email) return;
  const token = newToken();
  // In the caller's transaction when it passes one (sign-up: the account, its link and its email).
  await inTransaction(db, async (tx) => {
    await tx.insert(emailVerificationTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      email: user.email!.toLowerCase(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TTL_MS),
    });
    await queueAccountEmail(ctx.outbox, tx, user, 'verify-email', {
      token,
      hours: EMAIL_VERIFICATION_TTL_HOURS,
    });
  });
}

const linkInvalid = () => AppError.of('EMAIL_VERIFICATION_LINK_INVALID');

/**
 * Verifies the address the token was sent to. The token is claimed by one conditional UPDATE, so of
 * two concurrent uses exactly one wins; the claim, the verified flag and the withdrawn other links of
 * the user commit together. No sign-in needed: the link may be opened in another browser.
 */
export async function verifyEmail(
  ctx: AccountMailContext,
  token: string,
  now: Date = ctx.clock(),
): Promise<void> {
  const tokenHash = hashToken(token);
  await inTransaction(ctx.db, async (tx) => {
    const [claimed] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, tokenHash),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
    if (!claimed) throw linkInvalid();
    // The link proves the address it was sent to, not whatever address the account holds now.
    const [verified] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: now })
      .where(and(eq(users.id, claimed.userId), sql`lower(${users.email}) = ${claimed.email}`))
      .returning({ id: users.id });
    if (!verified) throw linkInvalid();
    await withdrawVerificationLinks(tx, claimed.userId, tokenHash);
  });
}

/** Deletes the user's verification links (but `keep`): once the address is proven they prove nothing. */
export async function withdrawVerificationLinks(
  db: AccountMailContext['db'],
  userId: string,
  keep?: string,
): Promise<void> {
  await inTransaction(db, (tx) =>
    tx
      .delete(emailVerificationTokens)
      .where(
        keep
          ? and(eq(emailVerificationTokens.userId, userId), ne(emailVerificationTokens.tokenHash, keep))
          : eq(emailVerificationTokens.userId, userId),
      ),
  );
}

/**
 * A new link for the signed-in user, within the per-account limit. An address that is already
 * verified changes nothing and sends nothing (`sent: false`).
 */
export async function resendVerificationEmail(
  ctx: AccountMailContext,
  user: UserRow,
  now: Date = ctx.clock(),
): Promise<ResendVerificationResult> {
  if (user.emailVerified || !user.email) return { sent: false };
  const key = `user:${user.id}`;
  await assertUnderLimit(ctx.db, LIMITS.verifyEmailPerAccount, key, now);
  await recordEvent(ctx.db, LIMITS.verifyEmailPerAccount, key, now);
  await sendVerificationEmail(ctx, user, now);
  return { sent: true };
}
