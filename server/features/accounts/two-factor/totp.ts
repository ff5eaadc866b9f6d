// TOTP (RFC 6238) through otplib: 6 digits, SHA-1, 30-second steps, the authenticator apps' defaults.
// A code is accepted in its own step and one step either side (clock skew); the caller refuses a step
// it accepted before (a code works once).
import { createGuardrails, generate, generateSecret, generateURI, verify } from 'otplib';
import { TOTP_PERIOD_S } from '../../../../domain/two-factor.ts';

/**
 * otplib refuses secrets under 16 bytes; the demo admin's published secret (HYDROBRIDGEDEMOADMIN2FA2)
 * decodes to 15. Secrets this server issues are 20 bytes.
 */
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 15 });

export const TOTP_ISSUER = 'HydroBridge';

/** A new base32 secret (20 random bytes, as RFC 4226 recommends for SHA-1). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUrl(secret: string, account: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: account, secret });
}

/** Whether `secret` is a base32 secret this server can use (the CLI's --totp-secret). */
export function isUsableTotpSecret(secret: string): boolean {
  if (!/^[A-Z2-7]+=*$/.test(secret)) return false;
  return Math.floor((secret.replace(/=+$/, '').length * 5) / 8) >= 15;
}

const epochOf = (at: Date) => Math.floor(at.getTime() / 1000);

/** The code an authenticator app shows at `at` (tests and the e2e kit compute codes this way). */
export function totpCode(secret: string, at: Date = new Date()): Promise<string> {
  return generate({ secret, epoch: epochOf(at), period: TOTP_PERIOD_S, guardrails });
}

/**
 * The time step `code` belongs to when it is valid at `at` (its own step or one either side) and
 * later than `afterStep`; null otherwise.
 */
export async function totpStep(
  secret: string,
  code: string,
  at: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: epochOf(at),
    period: TOTP_PERIOD_S,
    epochTolerance: TOTP_PERIOD_S,
    guardrails,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  // A TOTP verification's result carries the step it matched (otplib types it with HOTP's).
  return result.valid ? (result as typeof result & { timeStep: number }).timeStep : null;
}
