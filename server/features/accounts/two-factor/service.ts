// Enrolling and removing second factors, and the status a settings page shows. Adding a factor to an
// account that has one, removing one and new recovery codes need a fresh proof (step-up); an admin
// keeps at least one factor.
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PasskeySummary, TwoFactorStatus, WebAuthnResponse } from '../../../../domain/two-factor.ts';
import type { Db } from '../../../db/connect.ts';
import { totpFactors } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { claimAttempts, LIMITS } from '../../../rate-limit.ts';
import type { UserRow } from '../sessions.ts';
import { hasSecondFactor, issueRecoveryCodes, methodsOf, recoveryCodesLeft } from './factors.ts';
import { deletePasskey, passkeysOf, registerPasskey, type RelyingParty } from './passkeys.ts';
import { assertSteppedUp, markProven, stepUpUntil } from './proofs.ts';
import { newTotpSecret, otpauthUrl, totpStep } from './totp.ts';

/** Who is asking: the signed-in user, this session's token and the app's clock. */
export interface Caller {
  db: Db;
  user: UserRow;
  sessionToken: string;
  now: Date;
}

export async function twoFactorStatus({ db, user, sessionToken, now }: Caller): Promise<TwoFactorStatus> {
  const [methods, keys, left, until] = await Promise.all([
    methodsOf(db, user.id),
    passkeysOf(db, user.id),
    recoveryCodesLeft(db, user.id),
    stepUpUntil(db, sessionToken, now),
  ]);
  return {
    enabled: methods.includes('totp') || methods.includes('passkey'),
    required: user.role === 'admin',
    totp: methods.includes('totp'),
    passkeys: keys,
    recoveryCodesLeft: left,
    stepUpUntil: until?.toISOString() ?? null,
  };
}

/** A new secret for the authenticator app, not in use until its first code is entered (enable). */
export async function setUpTotp(caller: Caller): Promise<{ secret: string; otpauthUrl: string }> {
  const { db, user } = caller;
  await assertSteppedUp(db, user.id, caller.sessionToken, caller.now);
  const [existing] = await db
    .select({ enabledAt: totpFactors.enabledAt })
    .from(totpFactors)
    .where(eq(totpFactors.userId, user.id));
  if (existing?.enabledAt) throw AppError.of('TWO_FACTOR_ALREADY_ON');
  const secret = newTotpSecret();
  await db
    .insert(totpFactors)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret, enabledAt: null, lastUsedStep: null, createdAt: caller.now },
    });
  return { secret, otpauthUrl: otpauthUrl(secret, user.email ?? user.username) };
}

/** The first correct code turns the app on (that code is spent) and issues ten new recovery codes. */
export async function enableTotp(caller: Caller, code: string): Promise<{ recoveryCodes: string[] }> {
  const { db, user, now } = caller;
  const [pending] = await db
    .select()
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, user.id), isNull(totpFactors.enabledAt)));
  if (!pending) {
    const [on] = await db
      .select({ userId: totpFactors.userId })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, user.id), isNotNull(totpFactors.enabledAt)));
    throw AppError.of(on ? 'TWO_FACTOR_ALREADY_ON' : 'TWO_FACTOR_SETUP_MISSING');
  }
  const attempt = await claimAttempts(db, [[LIMITS.twoFactorPerUser, `user:${user.id}`]], now);
  const step = await totpStep(pending.secret, code.trim(), now, null);
  if (step === null) {
    const message = 'That code is not right: enter the 6-digit code your authenticator app shows now';
    throw new AppError('VALIDATION', message, { code: message });
  }
  await attempt.withdraw();
  return db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(totpFactors)
      .set({ enabledAt: now, lastUsedStep: step })
      .where(
        and(
          eq(totpFactors.userId, user.id),
          eq(totpFactors.secret, pending.secret),
          isNull(totpFactors.enabledAt),
        ),
      )
      .returning({ userId: totpFactors.userId });
    if (!enabled) throw AppError.of('TWO_FACTOR_SETUP_MISSING');
    const recoveryCodes = await issueRecoveryCodes(tx, user.id);
    // The code just entered proves the factor for this session.
    await markProven(tx, caller.sessionToken, now);
    return { recoveryCodes };
  });
}

/** Whether removing one factor leaves an admin without any. */
async function assertMayRemove(db: Db, user: UserRow, remaining: () => Promise<boolean>) {
  if (user.role === 'admin' && !(await remaining())) throw AppError.of('TWO_FACTOR_ADMIN_KEEPS_ONE');
}

export async function disableTotp(caller: Caller): Promise<void> {
  const { db, user } = caller;
  await assertSteppedUp(db, user.id, caller.sessionToken, caller.now);
  const methods = await methodsOf(db, user.id);
  if (!methods.includes('totp')) throw AppError.of('TWO_FACTOR_NOT_ON');
  await assertMayRemove(db, user, async () => methods.includes('passkey'));
  await db.delete(totpFactors).where(eq(totpFactors.userId, user.id));
}

/** A new passkey; the first factor of an account also gets its ten recovery codes. */
export async function addPasskey(
  caller: Caller,
  rp: RelyingParty,
  challenge: string | null,
  input: { name?: string | undefined; response: WebAuthnResponse },
): Promise<{ passkey: PasskeySummary; recoveryCodes?: string[] }> {
  const { db, user, now } = caller;
  const hadFactor = await hasSecondFactor(db, user.id);
  if (hadFactor) await assertSteppedUp(db, user.id, caller.sessionToken, now);
  const passkey = await registerPasskey(db, rp, user.id, challenge, input);
  await markProven(db, caller.sessionToken, now);
  if (hadFactor && (await recoveryCodesLeft(db, user.id)) > 0) return { passkey };
  return { passkey, recoveryCodes: await issueRecoveryCodes(db, user.id) };
}

export async function removePasskey(caller: Caller, id: string): Promise<void> {
  const { db, user } = caller;
  await assertSteppedUp(db, user.id, caller.sessionToken, caller.now);
  const methods = await methodsOf(db, user.id);
  const keys = await passkeysOf(db, user.id);
  if (!keys.some((k) => k.id === id)) throw AppError.of('PASSKEY_NOT_FOUND');
  await assertMayRemove(db, user, async () => methods.includes('totp') || keys.length > 1);
  await deletePasskey(db, user.id, id);
}

export async function regenerateRecoveryCodes(caller: Caller): Promise<{ recoveryCodes: string[] }> {
  const { db, user } = caller;
  if (!(await hasSecondFactor(db, user.id))) throw AppError.of('TWO_FACTOR_NOT_ON');
  await assertSteppedUp(db, user.id, caller.sessionToken, caller.now);
  return { recoveryCodes: await issueRecoveryCodes(db, user.id) };
}
