// What a user has enrolled, recovery codes, and the second step's check of a code (TOTP or recovery).
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, type TwoFactorMethod } from '../../../../domain/two-factor.ts';
import { queryRows, type Db } from '../../../db/connect.ts';
import { passkeys, recoveryCodes, totpFactors } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { claimAttempts, LIMITS } from '../../../rate-limit.ts';
import { totpStep } from './totp.ts';

/** The second factors a user can sign in with, in the order the sign-in offers them; [] for none. */
export async function methodsOf(db: Db, userId: string): Promise<TwoFactorMethod[]> {
  const [[totp], [keys], [codes]] = await Promise.all([
    db
      .select({ n: count() })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  const methods: TwoFactorMethod[] = [];
  if (totp!.n) methods.push('totp');
  if (keys!.n) methods.push('passkey');
  // Recovery codes stand in for a factor; alone (every factor removed) they protect nothing.
  if (methods.length && codes!.n) methods.push('recovery');
  return methods;
}

/** One query: whether the user has an authenticator app or a passkey (asked on every admin request). */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ enrolled: boolean }>(
    db,
    sql`select (exists (select 1 from totp_factors where user_id = ${userId} and enabled_at is not null)
      or exists (select 1 from passkeys where user_id = ${userId})) as enrolled`,
  );
  return Boolean(row?.enrolled);
}

/** 16 base32 characters (80 random bits), shown as four groups: `k7qd-…`. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => alphabet[b % 32]!);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** Dashes, spaces and case do not matter when a recovery code is typed. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashCode = (code: string) => createHash('sha256').update(normalise(code)).digest('hex');

/** Replaces the user's recovery codes with ten new ones; the codes are shown once, stored hashed. */
export async function issueRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
  return codes;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row!.n;
}

/** Accepts a TOTP (once per step) or an unused recovery code (then spent); false otherwise. */
async function acceptCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const [totp] = await db
      .select()
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt)));
    if (!totp) return false;
    const step = await totpStep(totp.secret, trimmed, now, totp.lastUsedStep);
    if (step === null) return false;
    // The claim of the step is one conditional update: two requests with the same code, one wins.
    const claimed = await db
      .update(totpFactors)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(totpFactors.userId, userId),
          or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
        ),
      )
      .returning({ userId: totpFactors.userId });
    return claimed.length === 1;
  }
  if (normalise(trimmed).length !== 16) return false;
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashCode(trimmed)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

/**
 * The second factor's check of a code, throttled per account (10 wrong codes per 15 minutes): a
 * 6-digit code cannot be guessed by brute force. Throws TWO_FACTOR_CODE_INVALID when it fails.
 */
export async function checkCode(db: Db, userId: string, code: string, now: Date): Promise<void> {
  const attempt = await claimAttempts(db, [[LIMITS.twoFactorPerUser, `user:${userId}`]], now);
  if (!(await acceptCode(db, userId, code, now))) throw AppError.of('TWO_FACTOR_CODE_INVALID');
  await attempt.withdraw();
}
