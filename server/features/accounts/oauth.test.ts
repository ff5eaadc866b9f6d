// Social login, proven over real HTTP against a real local OpenID Connect provider: the app listens
// on a port, the provider (oauth2-mock-server) signs RS256 ID tokens, and each test walks the
// browser's redirects itself (start → provider → callback → dashboard), carrying cookies.
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAccessDeniedMessage } from '../../../domain/policies.ts';
import { socialOutcomeMessage } from '../../../domain/social-outcome.ts';
import { createUser, TEST_ADMIN_TOTP_SECRET, TEST_PASSWORD } from '../../../test/app.ts';
import {
  buildAppWithSettings,
  CookieJar,
  socialSignIn,
  startAppWithGoogle,
  toGoogleCallback,
  type OidcIdentity,
} from '../../../test/auth-services.ts';
import { freePort } from '../../../test/free-port.ts';
import type { App } from '../../app.ts';
import { oauthAccounts, totpFactors, users } from '../../db/schema/index.ts';
import { totpCode } from './two-factor/totp.ts';
import { SESSION_COOKIE } from './sessions.ts';

const CLIENT_ID = 'hydrobridge-test-client';
const FLOW_COOKIE = 'hb_oauth';

let google: Awaited<ReturnType<typeof startAppWithGoogle>>;
let provider: (typeof google)['provider'];
let app: App;
let base: string;
const logLines: string[] = [];

beforeAll(async () => {
  google = await startAppWithGoogle({
    clientId: CLIENT_ID,
    logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } },
  });
  ({ app, provider, base } = google);
});

afterAll(async () => {
  await google?.close();
});

let sequence = 0;
/** A person at the provider, with a verified email nobody uses yet. */
function person(overrides: Partial<OidcIdentity> = {}): OidcIdentity {
  const n = `${++sequence}${Date.now().toString(36)}`;
  return {
    sub: `google-sub-${n}`,
    email: `ada.${n}@gmail.test`,
    email_verified: true,
    given_name: 'Ada',
    family_name: 'Lovelace',
    ...overrides,
  };
}

const location = (res: Response) => new URL(res.headers.get('location')!, base);

/** The message the landing page would show (looked up by the redirect's code), or null when it carries none. */
function authError(res: Response): string | null {
  const query = location(res).searchParams;
  return query.has('authError') ? socialOutcomeMessage(query) : null;
}

/** start → provider: returns the provider's redirect back to our callback (not followed yet). */
const toCallback = (jar: CookieJar, query: string) => toGoogleCallback(google, jar, query);

/** The whole browser journey as `identity`: start → provider → callback. Returns the final redirect. */
const socialLogin = (identity: OidcIdentity, query = '', jar = new CookieJar()) =>
  socialSignIn(google, identity, { query, jar });

async function me(jar: CookieJar) {
  const res = await fetch(`${base}/api/auth/me`, { headers: { cookie: jar.header() } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function usersWithEmail(email: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  return row!.n;
}

const SIGNUP_QUERY = '?role=trader&terms=true';

describe('providers and start', () => {
  it('GET /api/auth/providers reflects the configuration', async () => {
    const res = await fetch(`${base}/api/auth/providers`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ google: { enabled: true }, linkedin: { enabled: false } });
  });

  it('start sends the browser to the provider with code + PKCE S256 + state + nonce, keeping them in a signed HttpOnly cookie', async () => {
    const res = await fetch(`${base}/api/auth/oauth/google/start?role=investor&terms=true&risk=true`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const to = location(res);
    expect(to.origin).toBe(new URL(provider.issuer).origin);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${base}/api/auth/oauth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const p of ['state', 'nonce', 'code_challenge'])
      expect(to.searchParams.get(p)).toMatch(/^[\w-]{32,}$/);

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${FLOW_COOKIE}=`))!;
    expect(cookie).toMatch(/; Max-Age=600/);
    expect(cookie).toMatch(/; Path=\/api\/auth\/oauth/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    // The checks are not readable from the URL the provider sees.
    expect(cookie).not.toContain(to.searchParams.get('code_challenge'));
  });

  it('a provider that is not configured, or unknown, gets a JSON 404', async () => {
    const linkedin = await fetch(`${base}/api/auth/oauth/linkedin/start?role=buyer&terms=true`, {
      redirect: 'manual',
    });
    expect(linkedin.status).toBe(404);
    expect(await linkedin.json()).toEqual({ error: 'LinkedIn sign-in is not configured on this server' });
    const callback = await fetch(`${base}/api/auth/oauth/linkedin/callback?code=x&state=y`, {
      redirect: 'manual',
    });
    expect(callback.status).toBe(404);
    const unknown = await fetch(`${base}/api/auth/oauth/facebook/start`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Unknown sign-in provider' });
  });
});

describe('the whole flow', () => {
  const ada = person({ email: 'Ada.Lovelace+work@Gmail.test' });
  let firstUserId: string;
  let firstJar: CookieJar;

  it('a first login with a role and accepted terms creates the account and signs in', async () => {
    const { res, jar } = await socialLogin(ada, SIGNUP_QUERY);
    expect(authError(res)).toBeNull();
    expect(res.headers.get('location')).toBe('/dashboard?welcome=1');
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(true);
    expect(jar.cookies.has(FLOW_COOKIE)).toBe(false); // the flow cookie is spent

    const { status, body } = await me(jar);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      email: 'ada.lovelace+work@gmail.test',
      username: 'ada.lovelace',
      role: 'trader',
      firstName: 'Ada',
      lastName: 'Lovelace',
      // The provider vouched for the address (email_verified): nothing left to verify.
      emailVerified: true,
      kycStatus: 'pending',
      accountStatus: 'active',
    });
    expect(body.lastLoginAt).toEqual(expect.any(String));
    expect(body).not.toHaveProperty('password');
    firstUserId = body.id as string;
    firstJar = jar;

    const [row] = await app.db.select().from(users).where(eq(users.id, firstUserId));
    expect(row).toMatchObject({ termsAccepted: true, riskDisclosureAccepted: false });
    // Its password is a real hash of a secret nobody holds.
    expect(row!.password).toMatch(/^\$argon2id\$/);
    const links = await app.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, firstUserId));
    expect(links).toEqual([expect.objectContaining({ provider: 'google', providerUserId: ada.sub })]);
  });

  it('a second login finds the same user (no role needed) and replaces the session it came with', async () => {
    const oldSession = firstJar.cookies.get(SESSION_COOKIE)!;
    const { res, jar } = await socialLogin(ada, '', firstJar);
    expect(res.headers.get('location')).toBe('/dashboard?welcome=1');
    expect(jar.cookies.get(SESSION_COOKIE)).not.toBe(oldSession);
    expect((await me(jar)).body.id).toBe(firstUserId);
    expect(await usersWithEmail('ada.lovelace+work@gmail.test')).toBe(1);

    const stale = await fetch(`${base}/api/auth/me`, {
      headers: { cookie: `${SESSION_COOKIE}=${oldSession}` },
    });
    expect(stale.status).toBe(401);
  });

  it('a role other than the account’s own is refused, as with a password sign-in', async () => {
    const { res, jar } = await socialLogin(ada, '?role=buyer&terms=true');
    expect(authError(res)).toBe(roleAccessDeniedMessage('buyer'));
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('an investor account needs the risk disclosure, and records it', async () => {
    const investor = person();
    const without = await socialLogin(investor, '?role=investor&terms=true');
    expect(authError(without.res)).toBe(
      'Acknowledge the risk disclosure to create an investor account with Google',
    );
    expect(await usersWithEmail(investor.email!)).toBe(0);

    const { jar } = await socialLogin(investor, '?role=investor&terms=true&risk=true');
    const { body } = await me(jar);
    expect(body).toMatchObject({ role: 'investor', email: investor.email });
    const [row] = await app.db
      .select()
      .from(users)
      .where(eq(users.id, body.id as string));
    expect(row!.riskDisclosureAccepted).toBe(true);
  });

  it('new accounts get distinct valid usernames from the same email local part', async () => {
    const a = person({ email: 'grace@one.test' });
    const b = person({ email: 'grace@two.test' });
    const first = await me((await socialLogin(a, SIGNUP_QUERY)).jar);
    const second = await me((await socialLogin(b, SIGNUP_QUERY)).jar);
    expect(first.body.username).toBe('grace');
    expect(second.body.username).toMatch(/^grace\d+$/);
  });
});

describe('refusals come back to the landing page with ?authError and sign nobody in', () => {
  it('no role or no accepted terms: no account is created', async () => {
    for (const query of [
      '',
      '?terms=true',
      '?role=buyer',
      '?role=buyer&terms=false',
      '?role=admin&terms=true',
    ]) {
      const stranger = person();
      const { res, jar } = await socialLogin(stranger, query);
      expect(location(res).pathname).toBe('/');
      expect(authError(res)).toBe('Choose your role and accept the terms to create an account with Google');
      expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(await usersWithEmail(stranger.email!)).toBe(0);
    }
  });

  it('a tampered state is refused', async () => {
    const jar = new CookieJar();
    provider.setIdentity(person());
    const callback = await toCallback(jar, SIGNUP_QUERY);
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const res = await jar.get(callback);
    expect(authError(res)).toBe('Google sign-in failed. Please try again.');
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('a callback without this browser’s flow cookie, or with a forged one, is refused', async () => {
    const jar = new CookieJar();
    provider.setIdentity(person());
    const callback = await toCallback(jar, SIGNUP_QUERY);
    const expected = 'Your Google sign-in expired or was started in another browser. Please try again.';

    const otherBrowser = await new CookieJar().get(callback);
    expect(authError(otherBrowser)).toBe(expected);

    const signed = jar.cookies.get(FLOW_COOKIE)!;
    const [payload, signature] = decodeURIComponent(signed).split('.');
    const flow = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...flow, role: 'buyer' })).toString('base64url');
    const forgedJar = new CookieJar();
    forgedJar.cookies.set(FLOW_COOKIE, encodeURIComponent(`${forged}.${signature}`));
    expect(authError(await forgedJar.get(callback))).toBe(expected);
  });

  it('a replayed authorization code is refused', async () => {
    const jar = new CookieJar();
    provider.setIdentity(person());
    const callback = await toCallback(jar, SIGNUP_QUERY);
    const flowCookie = jar.cookies.get(FLOW_COOKIE)!;
    const first = await jar.get(callback);
    expect(authError(first)).toBeNull();

    const replay = new CookieJar();
    replay.cookies.set(FLOW_COOKIE, flowCookie);
    const res = await replay.get(callback);
    expect(authError(res)).toBe('Google sign-in failed. Please try again.');
    expect(replay.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('cancelling at the provider says so', async () => {
    const jar = new CookieJar();
    const start = await jar.get(`${base}/api/auth/oauth/google/start${SIGNUP_QUERY}`);
    const state = location(start).searchParams.get('state')!;
    const res = await jar.get(
      `${base}/api/auth/oauth/google/callback?error=access_denied&error_description=denied&state=${state}`,
    );
    expect(authError(res)).toBe('Google sign-in was cancelled');
  });

  it('a suspended account is refused', async () => {
    const suspended = person();
    const { jar } = await socialLogin(suspended, SIGNUP_QUERY);
    const { body } = await me(jar);
    await app.db
      .update(users)
      .set({ accountStatus: 'suspended' })
      .where(eq(users.id, body.id as string));
    const { res, jar: again } = await socialLogin(suspended);
    expect(authError(res)).toBe('Your account is suspended. Contact support to reactivate it.');
    expect(again.cookies.has(SESSION_COOKIE)).toBe(false);
  });
});

describe('an existing password account', () => {
  it('whose email is verified is linked only once its password is given in the same browser, and keeps it', async () => {
    const existing = await createUser(app.db, {
      role: 'buyer',
      companyName: 'Steel Co',
      buyerIndustry: 'steel',
    });
    const identity = person({ email: existing.email!.toUpperCase() });
    const linksOf = () =>
      app.db
        .select()
        .from(oauthAccounts)
        .where(and(eq(oauthAccounts.provider, 'google'), eq(oauthAccounts.providerUserId, identity.sub)));

    // The provider's word on the email is not enough: the browser is asked for the password first.
    const { res, jar } = await socialLogin(identity);
    expect(res.headers.get('location')).toBe('/?linkAccount=google');
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await me(jar)).status).toBe(401);
    expect(await linksOf()).toEqual([]);

    const signin = await jar.post(`${base}/api/auth/signin`, {
      email: existing.email,
      password: TEST_PASSWORD,
    });
    expect(signin.status).toBe(200);
    expect((await me(jar)).body.id).toBe(existing.id);
    expect((await linksOf()).map((l) => l.userId)).toEqual([existing.id]);

    // From now on Google alone signs in.
    const again = await socialLogin(identity);
    expect(again.res.headers.get('location')).toBe('/dashboard?welcome=1');
    expect((await me(again.jar)).body.id).toBe(existing.id);
  });

  it('is not linked when another account signs in with its password in that browser', async () => {
    const existing = await createUser(app.db);
    const other = await createUser(app.db);
    const identity = person({ email: existing.email! });
    const { jar } = await socialLogin(identity);
    const signin = await jar.post(`${base}/api/auth/signin`, { email: other.email, password: TEST_PASSWORD });
    expect(signin.status).toBe(200);
    expect(
      await app.db.select().from(oauthAccounts).where(eq(oauthAccounts.providerUserId, identity.sub)),
    ).toEqual([]);
  });

  it('of an admin is never signed in or linked, even when its email is verified', async () => {
    const admin = await createUser(app.db, { role: 'admin' });
    const identity = person({ email: admin.email! });
    const { res, jar } = await socialLogin(identity);
    expect(authError(res)).toBe(
      'Admin accounts sign in with their password and second factor, not with Google.',
    );
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(jar.cookies.has('hb_link')).toBe(false);
    // An admin linked before this rule existed is refused too.
    await app.db
      .insert(oauthAccounts)
      .values({ provider: 'google', providerUserId: identity.sub, userId: admin.id });
    const linked = await socialLogin(identity);
    expect(authError(linked.res)).toBe(
      'Admin accounts sign in with their password and second factor, not with Google.',
    );
    expect(linked.jar.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('with a second factor stops at the second step: no session until the code', async () => {
    const owner = await createUser(app.db);
    await app.db
      .insert(totpFactors)
      .values({ userId: owner.id, secret: TEST_ADMIN_TOTP_SECRET, enabledAt: new Date() });
    const identity = person({ email: owner.email! });
    await app.db
      .insert(oauthAccounts)
      .values({ provider: 'google', providerUserId: identity.sub, userId: owner.id });
    const { res, jar } = await socialLogin(identity);
    expect(res.headers.get('location')).toBe('/?twoFactor=1');
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await me(jar)).status).toBe(401);
    const pending = await jar.get(`${base}/api/auth/2fa/pending`);
    expect(await pending.json()).toEqual({ twoFactorRequired: true, methods: ['totp'] });
    const verified = await jar.post(`${base}/api/auth/2fa/verify`, {
      code: await totpCode(TEST_ADMIN_TOTP_SECRET, app.clock()),
    });
    expect(verified.status).toBe(200);
    expect((await me(jar)).body.id).toBe(owner.id);
  });

  it('is not linked on an unverified email', async () => {
    const existing = await createUser(app.db);
    const identity = person({ email: existing.email!, email_verified: false });
    const { res, jar } = await socialLogin(identity, SIGNUP_QUERY);
    expect(authError(res)).toBe(
      'An account with this email already exists. Sign in with your email and password.',
    );
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
    const links = await app.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, existing.id));
    expect(links).toHaveLength(0);
  });
});

describe('logs', () => {
  it('hold no authorization code, state or session token', async () => {
    const jar = new CookieJar();
    provider.setIdentity(person());
    const callback = await toCallback(jar, SIGNUP_QUERY);
    await jar.get(callback);
    const secrets = [
      callback.searchParams.get('code')!,
      callback.searchParams.get('state')!,
      jar.cookies.get(SESSION_COOKIE)!,
    ];
    const log = logLines.join('\n');
    expect(log).toContain('/api/auth/oauth/google/callback?code=[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe('LinkedIn (state only) next to a Google whose discovery fails', () => {
  let other: App;
  let otherBase: string;

  beforeAll(async () => {
    const [port, deadPort] = [await freePort(), await freePort()];
    otherBase = `http://127.0.0.1:${port}`;
    other = await buildAppWithSettings({
      publicUrl: otherBase,
      oauth: {
        google: { clientId: 'x', clientSecret: 'y', issuer: `http://127.0.0.1:${deadPort}` },
        linkedin: { clientId: CLIENT_ID, clientSecret: 'linkedin-secret', issuer: provider.issuer },
      },
    });
    await other.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other?.close();
  });

  it('both are listed as enabled', async () => {
    const providers = await fetch(`${otherBase}/api/auth/providers`);
    expect(await providers.json()).toEqual({ google: { enabled: true }, linkedin: { enabled: true } });
  });

  it('an unreachable provider sends the browser back with a clear message instead of an error page', async () => {
    const res = await fetch(`${otherBase}/api/auth/oauth/google/start?role=buyer&terms=true`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(authError(res)).toBe('Google sign-in is unavailable right now. Please try again later.');
  });

  it('LinkedIn signs up without PKCE or nonce (its web flow takes neither), checked by state', async () => {
    const linkedInUser = person({ email: 'grace.hopper@linkedin.test' });
    provider.setIdentity(linkedInUser);
    const jar = new CookieJar();
    const start = await jar.get(`${otherBase}/api/auth/oauth/linkedin/start?role=buyer&terms=true`);
    const to = location(start);
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{32,}$/);
    expect(to.searchParams.has('code_challenge')).toBe(false);
    expect(to.searchParams.has('nonce')).toBe(false);
    expect(to.searchParams.get('redirect_uri')).toBe(`${otherBase}/api/auth/oauth/linkedin/callback`);

    const callback = location(await jar.get(to));
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged-state-value-forged-state-value');
    const copy = new CookieJar();
    copy.cookies.set(FLOW_COOKIE, jar.cookies.get(FLOW_COOKIE)!);
    expect(authError(await copy.get(tampered))).toBe('LinkedIn sign-in failed. Please try again.');

    const res = await jar.get(callback);
    expect(res.headers.get('location')).toBe('/dashboard?welcome=1');
    const meRes = await fetch(`${otherBase}/api/auth/me`, { headers: { cookie: jar.header() } });
    expect(await meRes.json()).toMatchObject({
      email: 'grace.hopper@linkedin.test',
      role: 'buyer',
      username: 'grace.hopper',
    });
    const [link] = await other.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.providerUserId, linkedInUser.sub));
    expect(link?.provider).toBe('linkedin');
  });
});
