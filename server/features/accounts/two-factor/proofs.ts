// Step-up: when this session last proved its second factor. Withdrawals, bank account and password
// changes need a proof younger than STEP_UP_WINDOW_MS when the user has a factor enrolled.
import { eq } from 'drizzle-orm';
import { STEP_UP_WINDOW_MS } from '../../../../domain/two-factor.ts';
import type { Db } from '../../../db/connect.ts';
import { sessionProofs } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import { hashToken } from '../sessions.ts';
import { hasSecondFactor } from './factors.ts';

export async function markProven(db: Db, sessionToken: string, now: Date): Promise<void> {
  const tokenHash = hashToken(sessionToken);
  await db
    .insert(sessionProofs)
    .values({ tokenHash, provenAt: now })
    .onConflictDoUpdate({ target: sessionProofs.tokenHash, set: { provenAt: now } });
}

/** Until when this session's last proof lets it do what needs one; null when it has none or it is old. */
export async function stepUpUntil(db: Db, sessionToken: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ provenAt: sessionProofs.provenAt })
    .from(sessionProofs)
    .where(eq(sessionProofs.tokenHash, hashToken(sessionToken)));
  if (!row?.provenAt) return null;
  const until = new Date(row.provenAt.getTime() + STEP_UP_WINDOW_MS);
  // A proof "from the future" (a clock moved back) does not count either.
  return until > now && row.provenAt.getTime() <= now.getTime() + 1000 ? until : null;
}

/** 403 STEP_UP_REQUIRED unless the user has no second factor or this session proved it recently. */
export async function assertSteppedUp(db: Db, userId: string, sessionToken: string, now: Date) {
  if (!(await hasSecondFactor(db, userId))) return;
  if (!(await stepUpUntil(db, sessionToken, now))) throw AppError.of('STEP_UP_REQUIRED');
}

/** Keeps the WebAuthn challenge of a ceremony this session started (registration or step-up). */
export async function setSessionChallenge(db: Db, sessionToken: string, challenge: string, expiresAt: Date) {
  const tokenHash = hashToken(sessionToken);
  await db
    .insert(sessionProofs)
    .values({ tokenHash, challenge, challengeExpiresAt: expiresAt })
    .onConflictDoUpdate({
      target: sessionProofs.tokenHash,
      set: { challenge, challengeExpiresAt: expiresAt },
    });
}

/** The session's pending challenge, spent by reading it (one answer per challenge); null when none. */
export async function takeSessionChallenge(db: Db, sessionToken: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ challenge: sessionProofs.challenge, expiresAt: sessionProofs.challengeExpiresAt })
    .from(sessionProofs)
    .where(eq(sessionProofs.tokenHash, hashToken(sessionToken)));
  if (!row?.challenge) return null;
  await db
    .update(sessionProofs)
    .set({ challenge: null, challengeExpiresAt: null })
    .where(eq(sessionProofs.tokenHash, hashToken(sessionToken)));
  return row.expiresAt && row.expiresAt > now ? row.challenge : null;
}
