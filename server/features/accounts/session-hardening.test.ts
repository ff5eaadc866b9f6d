// What keeps a session from outliving its purpose (its absolute lifetime: session.test.ts): a __Host-
// cookie on HTTPS deployments, a new token when the password changes (and reset links issued before
// withdrawn), a throttled password change, and no signed-in answer kept in any cache.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, sessionCookie } from '../../../test/auth.ts';
import { buildAppWithSettings } from '../../../test/auth-services.ts';
import { buildTestApp, createCampaign, createUser, TEST_PASSWORD } from '../../../test/app.ts';
import type { App } from '../../app.ts';
import { passwordResetTokens, sessions } from '../../db/schema/index.ts';
import { hashToken, newToken, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './sessions.ts';

let app: App;
let api: AuthClient;

beforeAll(async () => {
  app = await buildTestApp();
  api = new AuthClient(app);
  api.passwords.add(TEST_PASSWORD);
});

afterAll(() => api.expectNoSecretsInResponses());

const HOUR_MS = 3_600_000;
const sessionRow = async (token: string) =>
  (
    await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0];

describe('the session cookie on an HTTPS deployment (PUBLIC_URL https://…)', () => {
  let secureApp: App;
  beforeAll(async () => {
    // Plain HTTP between the proxy and the app, and the proxy not trusted: the cookie must still be
    // Secure, because PUBLIC_URL says where browsers are.
    secureApp = await buildAppWithSettings({ publicUrl: 'https://hydrobridge.example' });
  });
  afterAll(() => secureApp.close());

  const cookieLine = (res: { headers: Record<string, unknown> }) =>
    ([res.headers['set-cookie']].flat() as string[]).find((l) => l.startsWith(`${SECURE_SESSION_COOKIE}=`));

  it('is __Host-hb_session, Secure, Path=/, without Domain; the plain name is not read', async () => {
    const user = await createUser(secureApp.db);
    const res = await secureApp.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = cookieLine(res)!;
    expect(line).toMatch(new RegExp(`^${SECURE_SESSION_COOKIE}=[\\w-]{43}; `));
    expect(line.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Lax', 'Secure']);
    expect(sessionCookie(res)).toBeNull(); // no hb_session at all
    const token = /=([\w-]{43});/.exec(line)![1]!;
    api.tokens.add(token);

    const me = (name: string) =>
      secureApp.inject({ url: '/api/auth/me', headers: { cookie: `${name}=${token}` } });
    expect((await me(SECURE_SESSION_COOKIE)).statusCode).toBe(200);
    // A cookie a sibling subdomain or a plain-HTTP response could have planted is ignored.
    expect((await me(SESSION_COOKIE)).statusCode).toBe(401);

    const logout = await secureApp.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `${SECURE_SESSION_COOKIE}=${token}` },
    });
    expect(cookieLine(logout)).toMatch(/^__Host-hb_session=; Max-Age=0; .*Secure/);
    expect((await me(SECURE_SESSION_COOKIE)).statusCode).toBe(401);
  });

  it('on an http:// deployment (development) it stays hb_session, without Secure', async () => {
    const user = await createUser(app.db);
    const { res, cookie } = await api.signin({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(cookie!.raw).toMatch(/^hb_session=/);
    expect(cookie!.raw).not.toMatch(/Secure/);
  });
});

describe('changing the password', () => {
  const NEW = 'Brand-new-password-7';
  const change = (token: string, currentPassword = TEST_PASSWORD, ip?: string) =>
    api.post(
      '/api/auth/change-password',
      { currentPassword, newPassword: NEW, confirmPassword: NEW },
      { token, ...(ip && { ip }) },
    );

  it.each([
    ['a browser session', false],
    ['a remembered session', true],
  ])(
    'rotates the token of %s: the answer sets a new cookie, the old token stops working',
    async (_n, persistent) => {
      const user = await createUser(app.db);
      const token = await api.session(user.id, persistent);
      const other = await api.session(user.id);

      const res = await change(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ endedSessions: 1 });
      const cookie = sessionCookie(res)!;
      expect(cookie.value).toMatch(/^[\w-]{43}$/);
      expect(cookie.value).not.toBe(token);
      expect(cookie.raw).toMatch(/HttpOnly/);
      // Remember me is kept: a dated cookie for a remembered session, a browser-session one otherwise.
      expect(/; Expires=/.test(cookie.raw)).toBe(persistent);
      expect((await sessionRow(cookie.value))!.persistent).toBe(persistent);

      expect(await api.meStatus(cookie.value)).toBe(200);
      expect(await api.meStatus(token)).toBe(401);
      expect(await api.meStatus(other)).toBe(401);
    },
  );

  it('withdraws the reset links issued before: a link from the mailbox no longer sets a password', async () => {
    const user = await createUser(app.db);
    const token = await api.session(user.id);
    const link = newToken();
    await app.db.insert(passwordResetTokens).values({
      tokenHash: hashToken(link),
      userId: user.id,
      expiresAt: new Date(Date.now() + HOUR_MS),
    });

    expect((await change(token)).statusCode).toBe(200);
    const reset = await api.post('/api/auth/reset-password', {
      token: link,
      password: 'Attacker-password-9',
      confirmPassword: 'Attacker-password-9',
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({
      error: 'This password reset link is invalid or has expired. Please request a new one.',
    });
    expect((await api.signin({ email: user.email, password: NEW })).res.statusCode).toBe(200);
  });

  it('is throttled: 5 wrong current passwords in 15 minutes → 429 with Retry-After, even with the right one', async () => {
    const user = await createUser(app.db);
    const token = await api.session(user.id);
    for (let i = 0; i < 5; i++) {
      // From a new address each time: the limit is the account's (a stolen session guessing its password).
      expect((await change(token, 'Not-the-password-1')).statusCode).toBe(400);
    }
    const res = await change(token);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'Too many password change attempts. Please wait 15 minutes and try again.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(await api.meStatus(token)).toBe(200); // nothing changed
    expect((await api.signin({ email: user.email, password: TEST_PASSWORD })).res.statusCode).toBe(200);
  });

  it('concurrent wrong guesses cannot slip past the limit: of 50, at most 5 are checked', async () => {
    const user = await createUser(app.db);
    const token = await api.session(user.id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => change(token, 'Not-the-password-1')));
    const checked = answers.filter((res) => res.statusCode === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(50 - checked);
  });
});

describe('Cache-Control: no-store on API answers', () => {
  it('every answer to a signed-in request, and every API answer that sets no policy of its own', async () => {
    const user = await createUser(app.db, { role: 'admin' });
    const token = await api.session(user.id);
    const campaign = await createCampaign(app.db);
    const urls = [
      '/api/auth/session',
      '/api/auth/me',
      '/api/campaigns',
      `/api/campaigns/${campaign.id}`,
      '/api/stats/platform',
      '/api/campaigns?limit=0',
      '/api/no-such-route',
    ];
    for (const url of urls) {
      for (const withSession of [true, false]) {
        const res = await api.get(url, { token: withSession ? token : undefined });
        expect({ url, withSession, cache: res.headers['cache-control'] }).toEqual({
          url,
          withSession,
          cache: 'no-store',
        });
      }
    }
    const signin = await api.signin({ email: user.email, password: TEST_PASSWORD });
    expect(signin.res.headers['cache-control']).toBe('no-store');
  });
});
