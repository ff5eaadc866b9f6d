// The accounts feature's public entry: sign-up, sign-in (password, Google/GitHub, second factor),
// sessions, password reset and the account's emails. Other parts of the server import only this file.

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';
export { createAdmin, setPassword } from './accounts.ts';
export { sweepExpired } from './housekeeping.ts';
export { hashPassword, verifyPassword } from './password.ts';
export {
  BROWSER_SESSION_MAX_MS,
  createSession,
  hashToken,
  IDLE_TIMEOUT_MS,
  type NewSession,
  newToken,
  PERSISTENT_TTL_MS,
  SESSION_COOKIE,
  sessionCookieFor,
  sessionHolds,
  userForSession,
  type UserRow,
} from './sessions.ts';
export { PENDING_COOKIE } from './two-factor/cookies.ts';
export { hasSecondFactor } from './two-factor/factors.ts';
export { startPendingSignIn } from './two-factor/pending.ts';
export { assertSteppedUp } from './two-factor/proofs.ts';
export { isUsableTotpSecret, totpCode } from './two-factor/totp.ts';
