// Account rules: sign-up, sign-in, role switch, password change and profile edits.
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MESSAGES,
  type changePasswordSchema,
  type profileUpdateSchema,
  type PublicUser,
  type Signup,
  type signinSchema,
} from '../../../domain/auth.ts';
import type { Role } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { isUniqueViolation, violatedConstraint } from '../../db/errors.ts';
import { AppError } from '../../errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AccountMailContext } from '../../email/account-emails.ts';
import { sendVerificationEmail } from './email-verification.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  addressKey,
  assertUnderLimit,
  claimAttempts,
  clearEvents,
  LIMITS,
  recordEvent,
} from '../../rate-limit.ts';
import type { TwoFactorMethod } from '../../../domain/two-factor.ts';
import { methodsOf } from './two-factor/factors.ts';
import { startPendingSignIn } from './two-factor/pending.ts';
import { isSophisticated } from '../../../domain/investor-protection.ts';
import { assertIdentityEditable } from '../verification/index.ts';
import { createSession, rotateSessions, type NewSession, type UserRow } from './sessions.ts';

/** `now`: the app's clock where the caller has it (the sophisticated status is read against it). */
export function toPublicUser(u: UserRow, now: Date): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    emailVerified: u.emailVerified,
    role: u.role,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    country: u.country,
    companyName: u.companyName,
    registrationNumber: u.registrationNumber,
    buyerIndustry: u.buyerIndustry,
    // Sophisticated right now: an expired status reads as false (domain/investor-protection.ts).
    isAccredited: isSophisticated(u, now),
    kycStatus: u.kycStatus as PublicUser['kycStatus'],
    ...(u.kycStatus === 'rejected' && { kycRejectionReason: u.kycRejectionReason ?? '' }),
    accountStatus: u.accountStatus as PublicUser['accountStatus'],
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead, or reset your password.';
const USERNAME_TAKEN = 'This username is taken. Please choose another one.';

async function assertAvailable(db: Db, email: string, username: string): Promise<void> {
  const taken = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      or(sql`lower(${users.email}) = ${email}`, sql`lower(${users.username}) = ${username.toLowerCase()}`),
    );
  if (taken.some((u) => u.email?.toLowerCase() === email)) {
    throw new AppError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN });
  }
  if (taken.length) throw new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });
}

/** A new account, signed in; its address is unverified until the link emailed here is opened. */
export async function signup(
  ctx: AccountMailContext,
  input: Signup,
  client: ClientInfo,
): Promise<{ user: PublicUser; session: NewSession }> {
  const { db } = ctx;
  const now = ctx.clock();
  await assertUnderLimit(db, LIMITS.signupPerIp, client.ip, now);
  // Every attempt counts, refused ones too: probing for taken emails is throttled like sign-ups.
  await recordEvent(db, LIMITS.signupPerIp, client.ip, now);
  await assertAvailable(db, input.email, input.username);
  const password = await hashPassword(input.password);
  let row: UserRow;
  try {
    // The account, its verification link and the email of it commit together.
    row = await inTransaction(db, async (tx) => {
      const [created] = (await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          password,
          role: input.role,
          firstName: input.firstName,
          lastName: input.lastName,
          companyName: input.companyName,
          registrationNumber: input.registrationNumber,
          buyerIndustry: input.buyerIndustry,
          termsAccepted: input.termsAccepted,
          riskDisclosureAccepted: input.role === 'investor' && input.riskDisclosureAccepted,
          lastLoginAt: now,
        })
        .returning()) as [UserRow];
      await sendVerificationEmail(ctx, created, now, tx);
      return created;
    });
  } catch (error) {
    // Two sign-ups racing for the same name: the unique index decides.
    if (!isUniqueViolation(error)) throw error;
    const emailTaken = violatedConstraint(error).includes('email');
    const message = emailTaken ? EMAIL_TAKEN : USERNAME_TAKEN;
    throw new AppError('CONFLICT', message, { [emailTaken ? 'email' : 'username']: message });
  }
  const session = await createSession(db, row.id, { persistent: false, userAgent: client.userAgent }, now);
  return { user: toPublicUser(row, now), session };
}

/**
 * Verifying against this when no account matches keeps the answer time the same (no enumeration).
 * Not app state: the hash of a fixed text, the same for every app, made once on first use.
 */
// eslint-disable-next-line no-restricted-syntax
let dummyHash: Promise<string> | undefined;

/** A sign-in ends in a session, or, for an account with a second factor, in its second step. */
export type SigninOutcome =
  { user: PublicUser; session: NewSession } | { secondStep: { token: string; methods: TwoFactorMethod[] } };

export async function signin(
  db: Db,
  input: z.output<typeof signinSchema>,
  client: ClientInfo,
  now: Date,
): Promise<SigninOutcome> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      input.identifier.includes('@')
        ? sql`lower(${users.email}) = ${input.identifier}`
        : sql`lower(${users.username}) = ${input.identifier}`,
    );
  // Failures count per account, whether its email or its username was typed (an unknown name is
  // counted under that name): alternating the two must not double an attacker's guesses. Each attempt
  // is counted before the password is checked, so concurrent guesses cannot slip past the limits.
  const accountKey = row ? `user:${row.id}` : `name:${input.identifier}`;
  const address = addressKey(client.ip);
  const pairKey = `${accountKey} ${address}`;
  const attempt = await claimAttempts(
    db,
    [
      [LIMITS.signinPerIp, address],
      [LIMITS.signinPerAccountAddress, pairKey],
      [LIMITS.signinPerAccount, accountKey],
    ],
    now,
  );
  const valid = row
    ? await verifyPassword(row.password, input.password)
    : await verifyPassword(await (dummyHash ??= hashPassword('not-a-real-password')), input.password);
  // A wrong password leaves the attempt counted: it is a failure.
  if (!row || !valid) throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  // The right password is no failure, and clears this address's failures for the account (typos).
  await attempt.withdraw();
  await clearEvents(db, LIMITS.signinPerAccountAddress, pairKey);
  // Past this point the caller proved the password, so the reasons below reveal nothing.
  if (row.accountStatus !== 'active') throw AppError.of('ACCOUNT_SUSPENDED');
  if (input.selectedRole && row.role !== 'admin' && input.selectedRole !== row.role) {
    throw AppError.of('ROLE_ACCESS_DENIED', { role: input.selectedRole });
  }
  // No session before the second factor: the sign-in waits for it, carrying Remember me.
  const methods = await methodsOf(db, row.id);
  if (methods.length) {
    const pending = await startPendingSignIn(db, row.id, input.rememberMe, now);
    return { secondStep: { token: pending.token, methods } };
  }
  // A session only while the password just checked is still the account's. A social login that
  // clears the password of an unverified account (social.ts) updates the same row, so a sign-in
  // racing it either commits first (and its session is ended there) or finds the password gone.
  const signedIn = await inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ lastLoginAt: now })
      .where(and(eq(users.id, row.id), eq(users.password, row.password)))
      .returning();
    if (!updated) return null;
    const session = await createSession(
      tx,
      row.id,
      { persistent: input.rememberMe, userAgent: client.userAgent },
      now,
    );
    return { user: toPublicUser(updated, now), session };
  });
  if (!signedIn) throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  return signedIn;
}

/** Each user holds exactly one role: switching to it is a no-op, any other is refused (spec §6). */
export function switchRole(user: UserRow, newRole: Role, now: Date): PublicUser {
  if (newRole !== user.role) throw AppError.of('ROLE_ACCESS_DENIED', { role: newRole });
  return toPublicUser(user, now);
}

/**
 * Sets a new password for a user who proved the current one. The session is rotated (the caller gets
 * a new token, every other session ends) and reset links issued before are withdrawn, all in one
 * transaction: whatever leaked before the change is worth nothing after it.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  input: z.output<typeof changePasswordSchema>,
  caller: { token: string; userAgent: string | undefined },
  now: Date,
): Promise<{ session: NewSession; endedSessions: number }> {
  // Counted before the check (see claimAttempts); a right current password is no failure.
  const attempt = await claimAttempts(db, [[LIMITS.changePasswordPerUser, `user:${user.id}`]], now);
  if (!(await verifyPassword(user.password, input.currentPassword))) {
    const message = 'Your current password is not correct';
    throw new AppError('VALIDATION', message, { currentPassword: message });
  }
  await attempt.withdraw();
  const password = await hashPassword(input.newPassword);
  return inTransaction(db, async (tx) => {
    await tx.update(users).set({ password, updatedAt: now }).where(eq(users.id, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    return rotateSessions(tx, user.id, caller.token, caller.userAgent, now);
  });
}

export async function updateProfile(
  db: Db,
  user: UserRow,
  input: z.output<typeof profileUpdateSchema>,
  now: Date,
): Promise<PublicUser> {
  const empty = (v: string | undefined) => (v === undefined ? undefined : v || null);
  // The verified legal identity is locked: changed by request only (server/features/verification/kyc/identity.ts).
  assertIdentityEditable(user, input);
  const [row] = (await inTransaction(db, (tx) =>
    tx
      .update(users)
      .set({
        firstName: empty(input.firstName),
        lastName: empty(input.lastName),
        phone: empty(input.phone),
        country: empty(input.country),
        // Company fields only for the roles that have them (spec §4).
        ...(user.role === 'trader' || user.role === 'buyer' ? { companyName: empty(input.companyName) } : {}),
        ...(user.role === 'trader' ? { registrationNumber: empty(input.registrationNumber) } : {}),
        ...(user.role === 'buyer' ? { buyerIndustry: empty(input.buyerIndustry) } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning(),
  )) as [UserRow];
  return toPublicUser(row, now);
}
