// Accounts created without the sign-up form: admins (the `create-admin` CLI command; admins cannot
// sign up) and first social logins. Both get a username derived from the email when none is given.
// And the operator's `set-password` command.
import { randomBytes, randomInt } from 'node:crypto';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createAdminSchema } from '../../../domain/auth.ts';
import type { SignupRole } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { passwordResetTokens, totpFactors, users } from '../../db/schema/index.ts';
import { isUniqueViolation, violatedConstraint } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from './password.ts';
import { deleteUserSessions, type UserRow } from './sessions.ts';

const USERNAME_BASE_MAX = 20;

/** The email's local part as a valid username base: `Jane.Doe+x@…` → `jane.doe`, at least 3 characters. */
export function usernameBase(email: string): string {
  const local = (email.split('@')[0] ?? '').toLowerCase().replace(/\+.*$/, '');
  const base = local.replace(/[^a-z0-9._-]/g, '').slice(0, USERNAME_BASE_MAX);
  return base.length >= 3 ? base : `${base}user`;
}

/** A username nobody holds (case-insensitive): the base itself, else the base and a number. */
export async function freeUsername(db: Db, email: string): Promise<string> {
  const base = usernameBase(email);
  const candidates = [base, ...Array.from({ length: 5 }, () => `${base}${randomInt(100, 10_000)}`)];
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, candidates));
  const held = new Set(taken.map((u) => u.username.toLowerCase()));
  return candidates.find((c) => !held.has(c)) ?? `${base}${randomBytes(4).toString('hex')}`;
}

/** A password nobody knows: the account signs in through its provider, or after a password reset. */
export async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** `now`: the app's clock (when the authenticator app counts as enabled). */
export async function createAdmin(
  db: Db,
  input: z.output<typeof createAdminSchema>,
  now: Date,
): Promise<UserRow> {
  const taken = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      or(
        sql`lower(${users.email}) = ${input.email}`,
        input.username ? sql`lower(${users.username}) = ${input.username.toLowerCase()}` : undefined,
      ),
    );
  if (taken.some((u) => u.email?.toLowerCase() === input.email)) {
    throw AppError.of('ADMIN_EMAIL_TAKEN', { email: input.email });
  }
  if (taken.length && input.username) {
    throw AppError.of('ADMIN_USERNAME_TAKEN', { username: input.username });
  }
  const username = input.username ?? (await freeUsername(db, input.email));
  try {
    const password = await hashPassword(input.password);
    return await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username,
          email: input.email,
          // The operator who runs the command vouches for the address.
          emailVerified: true,
          password,
          role: 'admin',
          kycStatus: 'approved',
          termsAccepted: true,
        })
        .returning();
      // With --totp-secret the admin's authenticator app is set up already; without it the admin's
      // first sign-in leads to the enrollment page (an admin without a second factor can do nothing else).
      if (input.totpSecret) {
        await tx.insert(totpFactors).values({ userId: row!.id, secret: input.totpSecret, enabledAt: now });
      }
      return row!;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw violatedConstraint(error).includes('email')
      ? AppError.of('ADMIN_EMAIL_TAKEN', { email: input.email })
      : AppError.of('ADMIN_USERNAME_TAKEN', { username });
  }
}

export interface SocialSignup {
  email: string;
  role: SignupRole;
  riskDisclosureAccepted: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
}

/**
 * A new account from a social login: the role and the accepted terms come from the dialog, the
 * name and email from the provider, which verified the email. KYC starts pending, like every sign-up.
 * Returns null when the email was taken meanwhile (a concurrent sign-up won).
 */
export async function createSocialUser(db: Db, input: SocialSignup, now: Date): Promise<UserRow | null> {
  const password = await unusablePasswordHash();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const username = await freeUsername(db, input.email);
      const [row] = await inTransaction(db, (tx) =>
        tx
          .insert(users)
          .values({
            username,
            email: input.email,
            emailVerified: true,
            password,
            role: input.role,
            firstName: input.firstName,
            lastName: input.lastName,
            termsAccepted: true,
            riskDisclosureAccepted: input.role === 'investor' && input.riskDisclosureAccepted,
            lastLoginAt: now,
          })
          .returning(),
      );
      return row!;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (violatedConstraint(error).includes('email')) return null;
      // Someone took the same username between the check and the insert: pick again.
    }
  }
  throw new Error('Could not find a free username');
}

/**
 * Operator command `set-password`: a new password for the account with this username or email (e.g.
 * a demo account a production server refuses to start with). Its sessions and reset links end with
 * the old password.
 */
export async function setPassword(
  db: Db,
  identifier: string,
  password: string,
  now: Date,
): Promise<{ user: UserRow; endedSessions: number }> {
  const name = identifier.trim().toLowerCase();
  const hash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ password: hash, updatedAt: now })
      .where(or(sql`lower(${users.username}) = ${name}`, sql`lower(${users.email}) = ${name}`))
      .returning();
    if (!user) throw AppError.of('ACCOUNT_NOT_FOUND', { identifier });
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    return { user, endedSessions: await deleteUserSessions(tx, user.id) };
  });
}
