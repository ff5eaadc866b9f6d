// Sessions: who is signed in, sign-out, expiry, tokens stored hashed, CSRF refusal of cross-site
// writes, role switch, ending the other sessions — and no secret in any log line. The app of this
// file logs at trace level (with the production redact config) into memory, to check the last point.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAccessDeniedMessage } from '../../../domain/policies.ts';
import { ROLES } from '../../../domain/users.ts';
import { AuthClient, PASSWORD, sessionCookie, signupBody } from '../../../test/auth.ts';
import { createUser, openTestDatabase, TEST_PASSWORD } from '../../../test/app.ts';
import { buildApp, LOG_REDACT, type App } from '../../app.ts';
import { prepareDatabase } from '../../prepare.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { BROWSER_SESSION_MAX_MS, hashToken, IDLE_TIMEOUT_MS, PERSISTENT_TTL_MS } from './sessions.ts';

let app: App;
let api: AuthClient;
const logLines: string[] = [];

beforeAll(async () => {
  const database = await openTestDatabase();
  await prepareDatabase(database, { seedDemo: false });
  app = await buildApp({
    database,
    logger: { level: 'trace', redact: LOG_REDACT, stream: { write: (line: string) => logLines.push(line) } },
    // As in production behind a TLS-terminating proxy: X-Forwarded-Proto says whether it was HTTPS.
    settings: { trustProxy: true },
  });
  api = new AuthClient(app);
  api.passwords.add(TEST_PASSWORD);
});

afterAll(async () => {
  await app.close();
});

afterAll(() => api.expectNoSecretsInResponses());

const newUser = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(app.db, overrides);
const sessionRow = async (token: string) =>
  (
    await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0];
const backdate = (token: string, values: Partial<typeof sessions.$inferInsert>) =>
  app.db
    .update(sessions)
    .set(values)
    .where(eq(sessions.tokenHash, hashToken(token)));

const UNAUTHENTICATED = { error: 'Please sign in to continue' };
const CROSS_SITE = { error: 'Cross-site request refused' };
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

describe('who is signed in', () => {
  it('GET /api/auth/session → { user: null } for a visitor (200, not an error)', async () => {
    const res = await api.get('/api/auth/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('GET /api/auth/session → the user with a session cookie; /api/auth/me → the same user', async () => {
    const user = await newUser({ role: 'buyer', companyName: 'Buyer Co', buyerIndustry: 'steel' });
    const token = await api.session(user.id);
    const session = await api.get('/api/auth/session', { token });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ id: user.id, role: 'buyer', username: user.username });
    const me = await api.get('/api/auth/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(session.json().user);
  });

  it.each([
    ['no cookie', undefined],
    ['an unknown token', 'A'.repeat(43)],
    ['a malformed cookie', '%%%not-a-token'],
    ['an oversized cookie', 'x'.repeat(5000)],
  ])('GET /api/auth/me with %s → 401', async (_name, token) => {
    const res = await api.get('/api/auth/me', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
    expect((await api.get('/api/auth/session', { token })).json()).toEqual({ user: null });
  });
});

describe('signing out', () => {
  it('deletes the session on the server: replaying the old cookie → 401', async () => {
    const user = await newUser();
    const { token } = await api.signin({ email: user.email, password: TEST_PASSWORD, rememberMe: true });
    expect(await api.meStatus(token)).toBe(200);

    const res = await api.post('/api/auth/logout', undefined, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    // The browser is told to drop the cookie …
    const cleared = sessionCookie(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.raw).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    expect(cleared.raw).toMatch(/Path=\//);
    // … and one that kept it gets nowhere.
    expect(await sessionRow(token!)).toBeUndefined();
    expect(await api.meStatus(token)).toBe(401);
    expect((await api.get('/api/auth/session', { token })).json()).toEqual({ user: null });
    expect((await api.post('/api/auth/switch-role', { newRole: 'investor' }, { token })).statusCode).toBe(
      401,
    );
  });

  it('ends only that session: the same user on another device stays signed in', async () => {
    const user = await newUser();
    const [here, there] = [await api.session(user.id), await api.session(user.id)];
    await api.post('/api/auth/logout', undefined, { token: here });
    expect(await api.meStatus(here)).toBe(401);
    expect(await api.meStatus(there)).toBe(200);
  });

  it('signed out already → 200 all the same (nothing to end)', async () => {
    const res = await api.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });
});

describe('session expiry', () => {
  it('a browser-session login unused for 12 hours (expires_at passed) → 401, and the row is removed', async () => {
    const user = await newUser();
    const token = await api.session(user.id, false);
    await backdate(token, {
      lastSeenAt: new Date(Date.now() - 13 * HOUR_MS),
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await api.meStatus(token)).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('a browser-session login in use slides: its end moves to 12 hours after the last request', async () => {
    const user = await newUser();
    const token = await api.session(user.id, false);
    await backdate(token, {
      lastSeenAt: new Date(Date.now() - 11 * HOUR_MS),
      expiresAt: new Date(Date.now() + HOUR_MS),
    });
    expect(await api.meStatus(token)).toBe(200);
    const row = (await sessionRow(token))!;
    expect(Math.abs(row.expiresAt.getTime() - (Date.now() + IDLE_TIMEOUT_MS))).toBeLessThan(60_000);
    expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('a remembered login ends 30 days after sign-in, however much it is used', async () => {
    const user = await newUser();
    const token = await api.session(user.id, true);
    const end = new Date(Date.now() + HOUR_MS);
    await backdate(token, { lastSeenAt: new Date(Date.now() - 2 * HOUR_MS), expiresAt: end });
    expect(await api.meStatus(token)).toBe(200);
    expect((await sessionRow(token))!.expiresAt).toEqual(end); // does not slide

    await backdate(token, { expiresAt: new Date(Date.now() - 1000) });
    expect(await api.meStatus(token)).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  describe('every session has an absolute lifetime', () => {
    it('a browser session in use slides its 12-hour idle end, but never past 7 days after sign-in', async () => {
      expect(BROWSER_SESSION_MAX_MS).toBe(7 * DAY_MS);
      const user = await createUser(app.db);
      const token = await api.session(user.id, false);
      const createdAt = new Date(Date.now() - BROWSER_SESSION_MAX_MS + 2 * HOUR_MS);
      await backdate(token, {
        createdAt,
        lastSeenAt: new Date(Date.now() - 5 * 60_000),
        expiresAt: new Date(Date.now() + 5 * 60_000),
      });
      expect(await api.meStatus(token)).toBe(200);
      // Used again: the end moves, but to sign-in + 7 days, not to now + 12 hours.
      expect((await sessionRow(token))!.expiresAt.getTime()).toBe(
        createdAt.getTime() + BROWSER_SESSION_MAX_MS,
      );

      // Seven days after sign-in it ends, however recently it was used.
      await backdate(token, {
        createdAt: new Date(Date.now() - BROWSER_SESSION_MAX_MS - 1000),
        lastSeenAt: new Date(),
        expiresAt: new Date(Date.now() + IDLE_TIMEOUT_MS),
      });
      expect(await api.meStatus(token)).toBe(401);
      expect(await sessionRow(token)).toBeUndefined();
    });

    it('a remembered session ends 30 days after sign-in, whatever its stored end says', async () => {
      const user = await createUser(app.db);
      const token = await api.session(user.id, true);
      await backdate(token, {
        createdAt: new Date(Date.now() - PERSISTENT_TTL_MS - 1000),
        expiresAt: new Date(Date.now() + DAY_MS),
      });
      expect(await api.meStatus(token)).toBe(401);
      expect(await sessionRow(token)).toBeUndefined();
    });
  });
});

describe('session tokens', () => {
  it('are 256-bit random values stored only as SHA-256 hashes: the sessions table never holds one', async () => {
    const user = await newUser();
    const tokens = [];
    for (const rememberMe of [true, false]) {
      const { token } = await api.signin({ email: user.email, password: TEST_PASSWORD, rememberMe });
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      tokens.push(token!);
    }
    const rows = await app.db.select().from(sessions);
    const dump = JSON.stringify(rows);
    for (const token of api.tokens) expect(dump).not.toContain(token);
    for (const token of tokens) {
      expect((await sessionRow(token))!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('behind an HTTPS proxy the cookie is also Secure', async () => {
    const user = await newUser();
    const { res, cookie } = await api.signin(
      { email: user.email, password: TEST_PASSWORD },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(res.statusCode).toBe(200);
    expect(cookie!.raw.split('; ')).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']),
    );
  });
});

describe('cross-site writes are refused (CSRF)', () => {
  const crossSiteHeaders: Array<[string, Record<string, string>]> = [
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null (sandboxed frame)', { origin: 'null' }],
  ];

  it.each(crossSiteHeaders)('logout with %s → 403 and the session lives on', async (_name, headers) => {
    const user = await newUser();
    const token = await api.session(user.id);
    const res = await api.post('/api/auth/logout', undefined, { token, headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(CROSS_SITE);
    expect(sessionCookie(res)).toBeNull();
    expect(await api.meStatus(token)).toBe(200);
  });

  it.each(crossSiteHeaders)(
    'a profile edit with %s → 403 and the profile is unchanged',
    async (_name, headers) => {
      const user = await newUser({ firstName: 'Original' });
      const token = await api.session(user.id);
      const res = await api.patch('/api/auth/profile', { firstName: 'Hacked' }, { token, headers });
      expect(res.statusCode).toBe(403);
      const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.firstName).toBe('Original');
    },
  );

  it('a password change, a role switch and ending other sessions from another site → 403, no effect', async () => {
    const user = await newUser();
    const [token, other] = [await api.session(user.id), await api.session(user.id)];
    const headers = { 'sec-fetch-site': 'cross-site' };
    const change = await api.post(
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Attacker-pass-1', confirmPassword: 'Attacker-pass-1' },
      { token, headers },
    );
    expect(change.statusCode).toBe(403);
    const revoke = await api.post('/api/auth/sessions/revoke-others', undefined, { token, headers });
    expect(revoke.statusCode).toBe(403);
    const sw = await api.post('/api/auth/switch-role', { newRole: 'investor' }, { token, headers });
    expect(sw.statusCode).toBe(403);

    expect(await api.meStatus(other)).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    const signin = await api.signin({ email: row!.email, password: TEST_PASSWORD });
    expect(signin.res.statusCode).toBe(200); // the password is still the old one
  });

  it('signing in or up from another site → 403 (no login CSRF), no session, no account', async () => {
    const user = await newUser();
    const headers = { origin: 'https://evil.example' };
    const signin = await api.signin({ email: user.email, password: TEST_PASSWORD }, { headers });
    expect(signin.res.statusCode).toBe(403);
    expect(signin.cookie).toBeNull();

    const signup = await api.post(
      '/api/auth/signup',
      {
        role: 'investor',
        username: 'csrf_victim',
        email: 'csrf@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsAccepted: true,
        riskDisclosureAccepted: true,
      },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(signup.statusCode).toBe(403);
    expect(await app.db.select().from(users).where(eq(users.username, 'csrf_victim'))).toEqual([]);
  });

  it('same-origin requests pass: Sec-Fetch-Site same-origin or none, and clients that send neither header', async () => {
    const user = await newUser();
    const variants: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of variants) {
      const token = await api.session(user.id);
      // The phone: the user's verified name is locked (an identity change goes through KYC).
      const res = await api.patch('/api/auth/profile', { phone: '+44 20 7946 0000' }, { token, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('reads are not refused: a cross-site GET still answers (it changes nothing)', async () => {
    const user = await newUser();
    const token = await api.session(user.id);
    const res = await api.get('/api/auth/me', { token, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });

  it('over real HTTP: our own Origin passes, a foreign one is refused', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await newUser();
    const token = await api.session(user.id);
    const logout = async (origin: string) => {
      const res = await fetch(`${base}/api/auth/logout`, {
        method: 'POST',
        headers: { origin, cookie: `hb_session=${token}` },
      });
      api.record(await res.text(), { headers: { 'set-cookie': res.headers.getSetCookie() } });
      return res.status;
    };
    expect(await logout('http://evil.example:1234')).toBe(403);
    expect(await logout(base.replace('127.0.0.1', 'localhost'))).toBe(403);
    expect(await api.meStatus(token)).toBe(200);
    expect(await logout(base)).toBe(200);
    expect(await api.meStatus(token)).toBe(401);
  });
});

describe('switching role (spec §6: one role per user)', () => {
  it.each(['investor', 'trader', 'buyer', 'admin'] as const)(
    'a %s switching to their own role → 200 { user }',
    async (role) => {
      const user = await newUser({ role });
      const token = await api.session(user.id);
      const res = await api.post('/api/auth/switch-role', { newRole: role }, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: expect.objectContaining({ id: user.id, role }) });
    },
  );

  it('to any other role → 403 with the spec sentence, and the role stays', async () => {
    for (const role of ['investor', 'admin'] as const) {
      const user = await newUser({ role });
      const token = await api.session(user.id);
      for (const newRole of ROLES.filter((r) => r !== role)) {
        const res = await api.post('/api/auth/switch-role', { newRole }, { token });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          error: `You don't have access to the ${newRole} role. Contact support to add additional roles.`,
        });
        expect(res.json().error).toBe(roleAccessDeniedMessage(newRole));
      }
      expect((await api.get('/api/auth/me', { token })).json().role).toBe(role);
    }
  });

  it('signed out → 401', async () => {
    const res = await api.post('/api/auth/switch-role', { newRole: 'investor' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHENTICATED);
  });

  it('an unknown role or no role → 400', async () => {
    const user = await newUser();
    const token = await api.session(user.id);
    for (const payload of [{ newRole: 'superuser' }, {}]) {
      const res = await api.post('/api/auth/switch-role', payload, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: expect.any(String),
        fields: { newRole: expect.any(String) },
      });
    }
  });
});

describe('signing out of all other sessions', () => {
  it('ends the other sessions of the user only: this one and other users keep theirs', async () => {
    const user = await newUser();
    const bystander = await newUser();
    const [mine, laptop, phone] = [
      await api.session(user.id),
      await api.session(user.id, true),
      await api.session(user.id),
    ];
    const theirs = await api.session(bystander.id);

    const res = await api.post('/api/auth/sessions/revoke-others', undefined, { token: mine });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ endedSessions: 2 });
    expect(await api.meStatus(mine)).toBe(200);
    expect(await api.meStatus(laptop)).toBe(401);
    expect(await api.meStatus(phone)).toBe(401);
    expect(await api.meStatus(theirs)).toBe(200);

    const again = await api.post('/api/auth/sessions/revoke-others', undefined, { token: mine });
    expect(again.json()).toEqual({ endedSessions: 0 });
  });

  it('signed out → 401', async () => {
    const res = await api.post('/api/auth/sessions/revoke-others');
    expect(res.statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('no session token, password hash or password in any log line (sign-up, sign-in, failed sign-in, sign-out)', async () => {
    const signup = await api.signup('investor');
    const signin = await api.signin({ email: signup.body.email, password: PASSWORD, rememberMe: true });
    expect(signin.res.statusCode).toBe(200);
    const failed = await api.signin({ email: signup.body.email, password: 'Wrong-password-1' });
    expect(failed.res.statusCode).toBe(401);
    const logout = await api.post('/api/auth/logout', undefined, { token: signin.token });
    expect(logout.statusCode).toBe(200);
    // A database failure while creating an account: the error is logged, and database errors carry
    // the statement's parameters and the failing row (here the new password hash).
    await app.db.execute(
      sql`alter table users add constraint log_test_no_boom check (coalesce(first_name, '') <> 'Boom')`,
    );
    const broken = await api.post('/api/auth/signup', signupBody('buyer', { firstName: 'Boom' }));
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    await app.db.execute(sql`alter table users drop constraint log_test_no_boom`);
    const [row] = await app.db.select().from(users).where(eq(users.id, signup.user.id));

    // The logger did write these requests (so the check below looks at real lines).
    const text = logLines.join('');
    expect(logLines.length).toBeGreaterThanOrEqual(8); // incoming + completed for each request
    expect(text).toContain('/api/auth/signup');
    expect(text).toContain('/api/auth/logout');
    expect(text).toContain('log_test_no_boom'); // the failure was logged, with its cause

    const problems = logLines.flatMap((line, i) => [
      ...api.secretsIn(line).map((secret) => `log line ${i} contains ${secret}`),
      ...(line.includes(row!.password) ? [`log line ${i} contains the password hash`] : []),
      ...(line.includes('hb_session=') ? [`log line ${i} contains a session cookie`] : []),
    ]);
    expect(problems).toEqual([]);
  });
});
