// Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is PUBLIC_URL: its host is
// the rpID, its origin the only origin accepted. Registration and step-up keep their challenge on the
// session, the sign-in's second step on its pending sign-in; each challenge answers once.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import type { PasskeySummary, WebAuthnResponse } from '../../../../domain/two-factor.ts';
import type { Db } from '../../../db/connect.ts';
import { passkeys } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import type { UserRow } from '../sessions.ts';
import { claimAttempts, LIMITS } from '../../../rate-limit.ts';

/** How long the browser has to answer a challenge. */
export const CHALLENGE_MS = 5 * 60_000;

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'HydroBridge' };
}

const toSummary = (row: typeof passkeys.$inferSelect): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function passkeysOf(db: Db, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return rows.map(toSummary);
}

const transportsOf = (t: string[] | null) => (t ?? []) as AuthenticatorTransport[];

export async function registrationOptions(db: Db, rp: RelyingParty, user: UserRow) {
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email ?? user.username,
    userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: CHALLENGE_MS,
  });
}

/** Checks the browser's answer to `challenge` and stores the new passkey. */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  userId: string,
  challenge: string | null,
  input: { name?: string | undefined; response: WebAuthnResponse },
): Promise<PasskeySummary> {
  if (!challenge) throw AppError.of('TWO_FACTOR_PASSKEY_INVALID');
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw AppError.of('TWO_FACTOR_PASSKEY_INVALID');
  }
  if (!verified.verified) throw AppError.of('TWO_FACTOR_PASSKEY_INVALID');
  const { credential } = verified.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      name: input.name || 'Passkey',
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? null,
    })
    .onConflictDoNothing()
    .returning();
  // The same authenticator registered twice (the browser's exclude list should have stopped it).
  if (!row) throw new AppError('CONFLICT', 'This passkey is registered already');
  return toSummary(row);
}

export async function authenticationOptions(db: Db, rp: RelyingParty, userId: string) {
  const keys = await db.select().from(passkeys).where(eq(passkeys.userId, userId));
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((p) => ({ id: p.id, transports: transportsOf(p.transports) })),
    userVerification: 'preferred',
    timeout: CHALLENGE_MS,
  });
}

/** Checks a passkey's signature over `challenge` (throttled with the codes); 401 when it fails. */
export async function checkPasskey(
  db: Db,
  rp: RelyingParty,
  userId: string,
  challenge: string | null,
  response: WebAuthnResponse,
  now: Date,
): Promise<void> {
  const attempt = await claimAttempts(db, [[LIMITS.twoFactorPerUser, `user:${userId}`]], now);
  const [key] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, response.id), eq(passkeys.userId, userId)));
  if (!challenge || !key) throw AppError.of('TWO_FACTOR_PASSKEY_INVALID');
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(key.publicKey),
        counter: key.counter,
        transports: transportsOf(key.transports),
      },
      requireUserVerification: false,
    });
  } catch {
    throw AppError.of('TWO_FACTOR_PASSKEY_INVALID');
  }
  if (!verified.verified) throw AppError.of('TWO_FACTOR_PASSKEY_INVALID');
  await attempt.withdraw();
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(passkeys.id, key.id));
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!deleted.length) throw AppError.of('PASSKEY_NOT_FOUND');
}
