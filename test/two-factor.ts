// Test kit for accounts with a second factor: the authenticator app's code for the step the server
// will accept next (a code works once per 30-second step), and a password sign-in that answers the
// second step the way a user would.
//
//   const { token } = await signInWithPassword(app, { email: admin.email, password: TEST_PASSWORD });
import { eq } from 'drizzle-orm';
import { TOTP_PERIOD_S } from '../domain/two-factor.ts';
import type { App } from '../server/app.ts';
import type { Db } from '../server/db/connect.ts';
import { pendingSignIns, totpFactors } from '../server/db/schema/index.ts';
import { hashToken } from '../server/features/accounts/index.ts';
import { PENDING_COOKIE } from '../server/features/accounts/index.ts';
import { totpCode } from '../server/features/accounts/index.ts';
import { sessionCookie } from './auth.ts';
import { freshIp } from './actor.ts';

const STEP_MS = TOTP_PERIOD_S * 1000;

/**
 * A code of `userId`'s authenticator app that the server accepts at `now`: the current step's, or,
 * when that step was used already (another sign-in within the same 30 seconds), the next step's,
 * which the server still accepts as clock skew.
 */
export async function nextTotpCode(db: Db, userId: string, now: Date, secret?: string): Promise<string> {
  const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  if (!factor) throw new Error(`user ${userId} has no authenticator app`);
  const current = Math.floor(now.getTime() / STEP_MS);
  const step = [current, current + 1].find((s) => factor.lastUsedStep === null || s > factor.lastUsedStep);
  if (step === undefined) {
    throw new Error('every code the server accepts now was used: sign this user in less often');
  }
  return totpCode(secret ?? factor.secret, new Date(step * STEP_MS));
}

/** The second step's cookie a sign-in answer sets. */
export function pendingCookie(res: { headers: Record<string, unknown> }): string | null {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
  const raw = lines.find((line) => line.startsWith(`${PENDING_COOKIE}=`));
  return raw ? decodeURIComponent(raw.slice(PENDING_COOKIE.length + 1).split(';')[0]!) : null;
}

/**
 * Signs in with the password and, when asked, the authenticator app's code (as the user would):
 * returns the session token and the answers of both steps.
 */
export async function signInWithPassword(
  app: App,
  credentials: { email?: string | null; username?: string; password: string; rememberMe?: boolean },
  { secret }: { secret?: string } = {},
) {
  const first = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(credentials),
  });
  if (first.statusCode !== 200) throw new Error(`sign-in refused: ${first.statusCode} ${first.body}`);
  const body = first.json<{ twoFactorRequired?: boolean; id?: string }>();
  if (!body.twoFactorRequired) return { token: sessionCookie(first)!.value, first, second: null };
  const pending = pendingCookie(first)!;
  const [row] = await app.db
    .select({ userId: pendingSignIns.userId })
    .from(pendingSignIns)
    .where(eq(pendingSignIns.tokenHash, hashToken(pending)));
  const code = await nextTotpCode(app.db, row!.userId, app.clock(), secret);
  const second = await app.inject({
    method: 'POST',
    url: '/api/auth/2fa/verify',
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/json', cookie: `${PENDING_COOKIE}=${pending}` },
    payload: JSON.stringify({ code }),
  });
  if (second.statusCode !== 200) throw new Error(`second step refused: ${second.statusCode} ${second.body}`);
  return { token: sessionCookie(second)!.value, first, second };
}
