// POST /api/auth/signup: the three roles, every validation message of spec §5, duplicates, the
// session cookie and the per-IP limit.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type SignupInput } from '../../../domain/auth.ts';
import type { SignupRole } from '../../../domain/users.ts';
import { AuthClient, PASSWORD, sessionCookie, signupBody } from '../../../test/auth.ts';
import { freshIp } from '../../../test/actor.ts';
import { buildTestApp } from '../../../test/app.ts';
import type { App } from '../../app.ts';
import { rateLimitEvents, sessions, users } from '../../db/schema/index.ts';
import { hashToken } from './sessions.ts';

let app: App;
let api: AuthClient;

beforeAll(async () => {
  app = await buildTestApp();
  api = new AuthClient(app);
});

afterAll(() => api.expectNoSecretsInResponses());

const userCount = async () => (await app.db.select({ n: count() }).from(users))[0]!.n;

describe('a visitor signs up', () => {
  it.each<SignupRole>(['investor', 'trader', 'buyer'])(
    'as %s → 201, the user, a session cookie, and /api/auth/me answers',
    async (role) => {
      const body = signupBody(role, { email: `New.${role}@Example.COM` });
      const res = await api.post('/api/auth/signup', body);
      expect(res.statusCode, res.body).toBe(201);

      const user = res.json();
      expect(user).toMatchObject({
        username: body.username,
        email: `new.${role}@example.com`, // stored lower-case: one account per address
        role,
        firstName: 'Ada',
        lastName: 'Lovelace',
        kycStatus: 'pending',
        accountStatus: 'active',
        isAccredited: false,
        companyName: role === 'investor' ? null : 'Green Molecules Ltd',
        registrationNumber: role === 'trader' ? 'GB-12345678' : null,
        buyerIndustry: role === 'buyer' ? 'steel' : null,
      });
      expect(user.id).toEqual(expect.any(String));
      expect(Date.now() - Date.parse(user.createdAt)).toBeLessThan(60_000);
      expect(Object.keys(user)).not.toContain('password');

      const cookie = sessionCookie(res)!;
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes = 256 bits
      const attributes = cookie.raw.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).toContain('path=/');
      expect(attributes).not.toContain('secure'); // served over plain http here
      expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
      // A browser-session cookie: sign-up does not "remember me".
      expect(attributes.some((a) => a.startsWith('expires=') || a.startsWith('max-age='))).toBe(false);

      const me = await api.get('/api/auth/me', { token: cookie.value });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(user);

      const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.termsAccepted).toBe(true);
      expect(row!.riskDisclosureAccepted).toBe(role === 'investor');
    },
  );

  it('over real HTTP: the Set-Cookie header reaches the browser and the cookie signs the next call in', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const body = signupBody('investor');
    api.passwords.add(body.password);
    const res = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: base },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const setCookie = res.headers.getSetCookie();
    api.record(text, { headers: { 'set-cookie': setCookie } });
    expect(res.status, text).toBe(201);
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/^hb_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);

    const me = await fetch(`${base}/api/auth/me`, { headers: { cookie: setCookie[0]!.split(';')[0]! } });
    const meText = await me.text();
    api.record(meText);
    expect(me.status).toBe(200);
    expect(JSON.parse(meText)).toMatchObject({ username: body.username, role: 'investor' });
  });

  it('company fields are dropped for investors, the registration number for buyers, the industry for traders', async () => {
    const extras = {
      companyName: 'Acme',
      registrationNumber: 'REG-9',
      buyerIndustry: 'chemicals' as const,
    };
    const investor = await api.signup('investor', extras);
    expect(investor.user).toMatchObject({ companyName: null, registrationNumber: null, buyerIndustry: null });
    const buyer = await api.signup('buyer', extras);
    expect(buyer.user).toMatchObject({
      companyName: 'Acme',
      registrationNumber: null,
      buyerIndustry: 'chemicals',
    });
    const trader = await api.signup('trader', extras);
    expect(trader.user).toMatchObject({
      companyName: 'Acme',
      registrationNumber: 'REG-9',
      buyerIndustry: null,
    });

    const [row] = await app.db.select().from(users).where(eq(users.id, investor.user.id));
    expect(row).toMatchObject({ companyName: null, registrationNumber: null, buyerIndustry: null });
  });

  it('empty optional fields are stored as absent', async () => {
    const { user } = await api.signup('investor', { firstName: '  ', lastName: '' });
    expect(user).toMatchObject({ firstName: null, lastName: null });
  });
});

describe('every validation message of spec §5, verbatim, at its field', () => {
  type Case = [string, SignupRole, Partial<Record<keyof SignupInput, unknown>>, string, string];
  const cases: Case[] = [
    ['an invalid email', 'investor', { email: 'not-an-email' }, 'email', MESSAGES.invalidEmail],
    ['an email without a domain dot', 'investor', { email: 'a@b' }, 'email', MESSAGES.invalidEmail],
    ['a missing email', 'investor', { email: undefined }, 'email', MESSAGES.emailRequired],
    ['an empty email', 'investor', { email: '' }, 'email', MESSAGES.emailRequired],
    ['a blank email', 'investor', { email: '   ' }, 'email', MESSAGES.emailRequired],
    [
      'a 7-character password',
      'investor',
      { password: 'Seven77', confirmPassword: 'Seven77' },
      'password',
      MESSAGES.passwordTooShort,
    ],
    ['a missing password', 'investor', { password: undefined }, 'password', MESSAGES.passwordTooShort],
    [
      'a 7-character confirmation',
      'investor',
      { confirmPassword: 'Seven77' },
      'confirmPassword',
      MESSAGES.passwordTooShort,
    ],
    [
      'passwords that differ',
      'investor',
      { confirmPassword: `${PASSWORD}!` },
      'confirmPassword',
      MESSAGES.passwordsDontMatch,
    ],
    [
      'a trader without a company',
      'trader',
      { companyName: undefined },
      'companyName',
      MESSAGES.traderCompany,
    ],
    [
      'a trader without a registration number',
      'trader',
      { registrationNumber: '' },
      'companyName',
      MESSAGES.traderCompany,
    ],
    ['a buyer without a company', 'buyer', { companyName: '  ' }, 'companyName', MESSAGES.buyerCompany],
    [
      'a buyer without an industry',
      'buyer',
      { buyerIndustry: undefined },
      'companyName',
      MESSAGES.buyerCompany,
    ],
    ['terms not accepted', 'trader', { termsAccepted: false }, 'termsAccepted', MESSAGES.terms],
    ['terms missing', 'buyer', { termsAccepted: undefined }, 'termsAccepted', MESSAGES.terms],
    [
      'an investor without the risk disclosure',
      'investor',
      { riskDisclosureAccepted: false },
      'riskDisclosureAccepted',
      MESSAGES.riskDisclosure,
    ],
    ['no role', 'investor', { role: undefined }, 'role', MESSAGES.selectRole],
    ['the admin role', 'investor', { role: 'admin' }, 'role', MESSAGES.selectRole],
    ['an unknown role', 'investor', { role: 'superuser' }, 'role', MESSAGES.selectRole],
    ['a bad username', 'investor', { username: 'a b' }, 'username', MESSAGES.usernameFormat],
  ];

  it.each(cases)('%s → 400 with the message', async (_name, role, overrides, field, message) => {
    const before = await userCount();
    const body = { ...signupBody(role), ...overrides };
    const res = await api.post('/api/auth/signup', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: message, fields: expect.objectContaining({ [field]: message }) });
    expect(sessionCookie(res)).toBeNull();
    expect(await userCount()).toBe(before);
  });

  it('a 64-character passphrase is accepted as typed; more than 128 characters is refused', async () => {
    const passphrase = ` ${'correct horse battery staple '.repeat(3).slice(0, 62)} `; // 64, spaces at both ends
    const { body } = await api.signup('investor', { password: passphrase, confirmPassword: passphrase });
    const signin = await api.post('/api/auth/signin', { email: body.username, password: passphrase });
    expect(signin.statusCode).toBe(200);
    const trimmed = await api.post('/api/auth/signin', { email: body.username, password: passphrase.trim() });
    expect(trimmed.statusCode).toBe(401); // no trimming or truncation of passwords

    const huge = 'x'.repeat(129);
    const res = await api.post(
      '/api/auth/signup',
      signupBody('investor', { password: huge, confirmPassword: huge }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toBe('Password must be at most 128 characters');
  });

  it('traders and buyers need no risk disclosure', async () => {
    await api.signup('trader', { riskDisclosureAccepted: false });
    await api.signup('buyer', { riskDisclosureAccepted: false });
  });

  it('a body that is not JSON object → 400, not 500', async () => {
    for (const payload of ['[]', '"signup"', 'null', '{"role":']) {
      const res = await api.post('/api/auth/signup', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String) });
    }
  });
});

describe('an email or username already taken', () => {
  it('the same email in another case → 409 with a clear message, nothing created', async () => {
    const first = await api.signup('investor', { email: 'taken.email@example.com' });
    const before = await userCount();
    const res = await api.post(
      '/api/auth/signup',
      signupBody('trader', { email: 'Taken.EMAIL@Example.com' }),
    );
    expect(res.statusCode).toBe(409);
    const message = 'An account with this email already exists. Sign in instead, or reset your password.';
    expect(res.json()).toEqual({ error: message, fields: { email: message } });
    expect(sessionCookie(res)).toBeNull();
    expect(await userCount()).toBe(before);
    // The first account is untouched: still an investor.
    const [row] = await app.db.select().from(users).where(eq(users.id, first.user.id));
    expect(row!.role).toBe('investor');
  });

  it('the same username in another case → 409 with a clear message, nothing created', async () => {
    await api.signup('buyer', { username: 'Hydro.Fan' });
    const before = await userCount();
    const res = await api.post('/api/auth/signup', signupBody('investor', { username: 'hydro.FAN' }));
    expect(res.statusCode).toBe(409);
    const message = 'This username is taken. Please choose another one.';
    expect(res.json()).toEqual({ error: message, fields: { username: message } });
    expect(await userCount()).toBe(before);
  });

  it.each(['email', 'username'] as const)(
    'two sign-ups racing for one %s: one 201, one 409 naming the field, one account',
    async (field) => {
      const shared = field === 'email' ? { email: 'race@example.com' } : { username: 'racer' };
      const [a, b] = await Promise.all([
        api.post('/api/auth/signup', signupBody('investor', shared)),
        api.post('/api/auth/signup', signupBody('trader', shared)),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const refused = a.statusCode === 409 ? a : b;
      expect(Object.keys(refused.json().fields)).toEqual([field]);
      const column = field === 'email' ? users.email : users.username;
      const [row] = await app.db
        .select({ n: count() })
        .from(users)
        .where(sql`lower(${column}) = ${Object.values(shared)[0]}`);
      expect(row!.n).toBe(1);
    },
  );
});

describe('sign-up is limited per IP', () => {
  it('10 sign-ups from one address in an hour → the 11th is 429 with Retry-After and a clear message', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await api.signup('investor', {}, { ip });
    const before = await userCount();
    const res = await api.post('/api/auth/signup', signupBody('investor'), { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'Too many sign-up attempts from your network. Please try again in an hour.',
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await userCount()).toBe(before);

    // Another address is not affected.
    await api.signup('investor');
  });

  it('probing for taken emails counts toward the limit too (no unthrottled enumeration)', async () => {
    const { body } = await api.signup('investor');
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const res = await api.post('/api/auth/signup', signupBody('investor', { email: body.email }), { ip });
      expect(res.statusCode).toBe(409);
    }
    const res = await api.post('/api/auth/signup', signupBody('investor', { email: body.email }), { ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('the limit lives in the database, so every server instance counts the same events', async () => {
    const ip = freshIp();
    await api.signup('buyer', {}, { ip });
    const [row] = await app.db
      .select({ n: count() })
      .from(rateLimitEvents)
      .where(eq(rateLimitEvents.key, ip));
    expect(row!.n).toBe(1);
  });
});

describe('the session created at sign-up', () => {
  it('replaces the session the browser held: signing up while signed in ends the old one', async () => {
    const first = await api.signup('buyer');
    const second = await api.signup('trader', {}, { token: first.token });
    expect(second.token).not.toBe(first.token);
    expect(await api.meStatus(first.token)).toBe(401);
    expect((await api.get('/api/auth/me', { token: second.token })).json().id).toBe(second.user.id);
  });

  it('is stored as a hash of the cookie token, never the token itself', async () => {
    const { user, token } = await api.signup('trader');
    const rows = await app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.persistent).toBe(false);
  });
});
