// POST /api/auth/signin: email or username, the same answer for every wrong credential, role choice,
// Remember me, a new token each time, throttling per account and per IP, suspended accounts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/auth.ts';
import { roleAccessDeniedMessage } from '../../../domain/policies.ts';
import { AuthClient } from '../../../test/auth.ts';
import { freshIp } from '../../../test/actor.ts';
import { buildTestApp, createUser, TEST_PASSWORD } from '../../../test/app.ts';
import type { App } from '../../app.ts';
import { rateLimitEvents, sessions, users } from '../../db/schema/index.ts';
import { hashToken } from './sessions.ts';

let app: App;
let api: AuthClient;

const DAY_MS = 86_400_000;
const INVALID = { error: MESSAGES.invalidCredentials };
const ACCOUNT_LOCKED =
  'Too many failed sign-in attempts for this account. Please wait 15 minutes and try again.';
const IP_LOCKED = 'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.';

beforeAll(async () => {
  app = await buildTestApp();
  api = new AuthClient(app);
  api.passwords.add(TEST_PASSWORD);
});

afterAll(() => api.expectNoSecretsInResponses());

/** An investor (KYC approved) whose password is TEST_PASSWORD. */
const newUser = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(app.db, overrides);

const sessionsOf = (userId: string) => app.db.select().from(sessions).where(eq(sessions.userId, userId));

describe('signing in', () => {
  it('by email, in any case → 200 with the user and a session cookie that works', async () => {
    const user = await newUser({ email: 'grace@example.com' });
    const { res, token, cookie } = await api.signin({ email: 'GRACE@Example.com', password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: 'grace@example.com', role: 'investor' });
    expect(cookie!.raw).toMatch(/; Path=\/; HttpOnly; SameSite=Lax/);
    expect(await api.meStatus(token)).toBe(200);
  });

  it.each([
    ['email', 'ada.lovelace'],
    ['email', 'ADA.Lovelace'],
    ['username', 'Ada.LOVELACE'],
  ])('by username in the %s field (%s) → 200, case-insensitively', async (field, name) => {
    const user = (await newUserOnce('Ada.Lovelace'))!;
    const { res, token } = await api.signin({ [field]: name, password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe(user.id);
    expect(await api.meStatus(token)).toBe(200);
  });

  it('a wrong password and an unknown user get the same status and body, and no cookie', async () => {
    const user = await newUser();
    const answers = await Promise.all(
      [
        { email: user.email, password: 'Wrong-password-1' },
        { email: user.username, password: 'Wrong-password-1' },
        { email: 'nobody@example.com', password: 'Wrong-password-1' },
        { email: 'nobody_here', password: TEST_PASSWORD },
        { email: user.email, password: TEST_PASSWORD.toLowerCase() }, // no case folding
      ].map((payload) => api.signin(payload)),
    );
    for (const { res, cookie } of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
      expect(cookie).toBeNull();
    }
    expect(new Set(answers.map(({ res }) => res.body)).size).toBe(1);
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  it.each([
    [
      'an empty password',
      { email: 'someone@example.com', password: '' },
      'password',
      MESSAGES.passwordRequired,
    ],
    ['no password', { email: 'someone@example.com' }, 'password', MESSAGES.passwordRequired],
    ['an invalid email', { email: 'someone@', password: 'x' }, 'email', MESSAGES.invalidEmail],
    ['no email or username', { password: 'x' }, 'email', MESSAGES.invalidEmail],
  ])('%s → 400 with the spec message', async (_name, payload, field, message) => {
    const { res, cookie } = await api.signin(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, fields: { [field]: message } });
    expect(cookie).toBeNull();
  });

  it('the role chosen in the dialog must be the account role: otherwise 403 with the spec sentence', async () => {
    const trader = await newUser({ role: 'trader', companyName: 'T Ltd', registrationNumber: 'R1' });
    for (const selectedRole of ['investor', 'buyer'] as const) {
      const { res, cookie } = await api.signin({
        email: trader.email,
        password: TEST_PASSWORD,
        selectedRole,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: roleAccessDeniedMessage(selectedRole) });
      expect(res.json().error).toBe(
        `You don't have access to the ${selectedRole} role. Contact support to add additional roles.`,
      );
      expect(cookie).toBeNull();
    }
    expect(await sessionsOf(trader.id)).toEqual([]);

    const { res } = await api.signin({
      email: trader.email,
      password: TEST_PASSWORD,
      selectedRole: 'trader',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('trader');
  });

  it('a wrong role with a wrong password reveals nothing: the generic 401', async () => {
    const buyer = await newUser({ role: 'buyer' });
    const { res } = await api.signin({
      email: buyer.email,
      password: 'Wrong-password-1',
      selectedRole: 'trader',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it('an admin may sign in whichever role is selected; admin itself cannot be selected', async () => {
    // Not yet enrolled in a second factor, so the password alone answers (two-factor.test.ts has the rest).
    const admin = await createUser(app.db, { role: 'admin' }, { secondFactor: false });
    for (const selectedRole of ['investor', 'trader', 'buyer', undefined]) {
      const { res, token } = await api.signin({ email: admin.email, password: TEST_PASSWORD, selectedRole });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().role).toBe('admin');
      expect(await api.meStatus(token)).toBe(200);
    }
    const { res } = await api.signin({ email: admin.email, password: TEST_PASSWORD, selectedRole: 'admin' });
    expect(res.statusCode).toBe(400);
  });

  it('Remember me → a cookie dated 30 days ahead and a 30-day session', async () => {
    const user = await newUser();
    const { res, token, cookie } = await api.signin({
      email: user.email,
      password: TEST_PASSWORD,
      rememberMe: true,
    });
    expect(res.statusCode).toBe(200);
    const expires = /; Expires=([^;]+)/i.exec(cookie!.raw)?.[1];
    expect(expires).toBeDefined();
    expect(Math.abs(Date.parse(expires!) - (Date.now() + 30 * DAY_MS))).toBeLessThan(5 * 60_000);
    expect(cookie!.raw).toMatch(/HttpOnly/);
    expect(cookie!.raw).toMatch(/SameSite=Lax/);

    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token!)));
    expect(row!.persistent).toBe(true);
    expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + 30 * DAY_MS))).toBeLessThan(5 * 60_000);
  });

  it('without Remember me → a browser-session cookie (no Expires, no Max-Age) and a 12-hour idle session', async () => {
    const user = await newUser();
    for (const rememberMe of [false, undefined]) {
      const { res, token, cookie } = await api.signin({
        email: user.email,
        password: TEST_PASSWORD,
        rememberMe,
      });
      expect(res.statusCode).toBe(200);
      expect(cookie!.raw).not.toMatch(/expires=|max-age=/i);
      const [row] = await app.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token!)));
      expect(row!.persistent).toBe(false);
      expect(Math.abs(row!.expiresAt.getTime() - (Date.now() + DAY_MS / 2))).toBeLessThan(5 * 60_000);
    }
  });

  it('every sign-in issues a new token; sessions on two devices both work', async () => {
    const user = await newUser();
    const first = await api.signin({ email: user.email, password: TEST_PASSWORD });
    const second = await api.signin({ email: user.email, password: TEST_PASSWORD });
    expect(first.token).not.toBe(second.token);
    expect(await api.meStatus(first.token)).toBe(200);
    expect(await api.meStatus(second.token)).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(2);
  });

  it('the session presented while signing in is ended: the old cookie stops working (no fixation)', async () => {
    const user = await newUser();
    const old = await api.signin({ email: user.email, password: TEST_PASSWORD });
    const next = await api.signin({ email: user.email, password: TEST_PASSWORD }, { token: old.token });
    expect(next.res.statusCode).toBe(200);
    expect(next.token).not.toBe(old.token);
    expect(await api.meStatus(old.token)).toBe(401);
    expect(await api.meStatus(next.token)).toBe(200);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it('signing in as someone else from a signed-in browser ends the first session too', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const first = await api.signin({ email: a.email, password: TEST_PASSWORD });
    const second = await api.signin({ email: b.email, password: TEST_PASSWORD }, { token: first.token });
    expect(second.res.json().id).toBe(b.id);
    expect(await api.meStatus(first.token)).toBe(401);
  });

  it('keeps lastLoginAt', async () => {
    const user = await newUser({ lastLoginAt: new Date('2024-01-01T00:00:00Z') });
    const { res } = await api.signin({ email: user.email, password: TEST_PASSWORD });
    const lastLoginAt = Date.parse(res.json().lastLoginAt);
    expect(Date.now() - lastLoginAt).toBeLessThan(60_000);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt!.getTime()).toBe(lastLoginAt);
  });

  it('a failed sign-in does not touch lastLoginAt', async () => {
    const old = new Date('2024-01-01T00:00:00Z');
    const user = await newUser({ lastLoginAt: old });
    await api.signin({ email: user.email, password: 'Wrong-password-1' });
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastLoginAt).toEqual(old);
  });
});

describe('throttling', () => {
  const fail = (identifier: string, ip?: string) =>
    api.signin({ email: identifier, password: 'Wrong-password-1' }, ip ? { ip } : {});
  /** Failures counted for the user in a bucket ('signin-account' or 'signin-account-address'). */
  const failuresOf = async (userId: string, bucket: string) =>
    (await app.db.select().from(rateLimitEvents).where(eq(rateLimitEvents.bucket, bucket))).filter((e) =>
      e.key.startsWith(`user:${userId}`),
    ).length;
  const statusCounts = (answers: Array<{ res: { statusCode: number } }>) => {
    const counts: Record<number, number> = {};
    for (const { res } of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    return counts;
  };
  /** Fails from `ip()` until refused; returns how many more reached the password check. */
  const failUntilRefused = async (identifier: string, ip: () => string | undefined) => {
    for (let checked = 0; ; checked++) {
      const { res } = await fail(identifier, ip());
      if (res.statusCode === 429) return checked;
      expect(res.statusCode).toBe(401);
    }
  };

  it('10 failures for one account from one address → that address gets 429 with Retry-After, even with the right password', async () => {
    const user = await newUser();
    const attacker = freshIp();
    for (let i = 0; i < 10; i++) expect((await fail(user.email!, attacker)).res.statusCode).toBe(401);

    const { res, cookie } = await api.signin(
      { email: user.email, password: TEST_PASSWORD },
      { ip: attacker },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: ACCOUNT_LOCKED });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(cookie).toBeNull();
  });

  it('… and the owner, from any address that has not failed, still signs in (the lock is no weapon)', async () => {
    const user = await newUser();
    const attacker = freshIp();
    for (let i = 0; i < 12; i++) await fail(user.email!, attacker);
    const owner = await api.signin({ email: user.email, password: TEST_PASSWORD });
    expect(owner.res.statusCode, owner.res.body).toBe(200);
    expect(await api.meStatus(owner.token)).toBe(200);
    // Signing in did not unlock the attacker's address.
    expect((await fail(user.email!, attacker)).res.statusCode).toBe(429);
  });

  it('an IPv6 client is one address per /64: rotating within its network does not reset the count', async () => {
    const user = await newUser();
    for (let i = 0; i < 10; i++) {
      expect((await fail(user.email!, `2001:db8:1:2::${(i + 1).toString(16)}`)).res.statusCode).toBe(401);
    }
    expect((await fail(user.email!, '2001:db8:1:2:ffff:1:2:3')).res.statusCode).toBe(429);
    expect((await fail(user.email!, '2001:db8:1:3::1')).res.statusCode).toBe(401); // another network
  });

  it('200 concurrent wrong guesses from one address: at most 10 reach the password check, the owner still signs in', async () => {
    const user = await newUser();
    const attacker = freshIp();
    const answers = await Promise.all(Array.from({ length: 200 }, () => fail(user.email!, attacker)));
    // 401: the password was checked (and wrong); 429: refused before. Every attempt is counted before
    // its check, so a burst may even be refused whole: at most the limit, never more.
    const { 401: checked = 0, 429: refused = 0 } = statusCounts(answers);
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + refused).toBe(200);
    // What is left of the limit, tried one by one, brings the total to exactly 10.
    expect(checked + (await failUntilRefused(user.email!, () => attacker))).toBe(10);
    expect(await failuresOf(user.id, 'signin-account-address')).toBe(10);

    const owner = await api.signin({ email: user.email, password: TEST_PASSWORD });
    expect(owner.res.statusCode, owner.res.body).toBe(200);
  });

  it('an account-wide ceiling holds against many addresses: of 200 concurrent guesses from 200 addresses, at most 100 are checked', async () => {
    const user = await newUser();
    const answers = await Promise.all(Array.from({ length: 200 }, () => fail(user.username)));
    const { 401: checked = 0, 429: refused = 0 } = statusCounts(answers);
    expect(checked).toBeLessThanOrEqual(100);
    expect(checked + refused).toBe(200);
    for (const { res } of answers.filter(({ res }) => res.statusCode === 429)) {
      expect(res.json()).toEqual({ error: ACCOUNT_LOCKED });
    }
    expect(checked + (await failUntilRefused(user.username, () => undefined))).toBe(100);
    // At the ceiling nobody gets in for the rest of the window, the owner included: the price of
    // capping what a botnet can try (NIST SP 800-63B §5.2.2: at most 100 failed attempts).
    expect((await api.signin({ email: user.email, password: TEST_PASSWORD })).res.statusCode).toBe(429);

    // Another account is not affected.
    const other = await newUser();
    expect((await api.signin({ email: other.email, password: TEST_PASSWORD })).res.statusCode).toBe(200);
  });

  it('the account lock counts failures by email and by username together', async () => {
    const user = await newUser();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await fail(i % 2 ? user.email!.toUpperCase() : user.username, ip)).res.statusCode).toBe(401);
    }
    for (const email of [user.email, user.username]) {
      const { res } = await api.signin({ email, password: TEST_PASSWORD }, { ip });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: ACCOUNT_LOCKED });
    }
  });

  it('an unknown name is locked the same way (the lock reveals no account)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await fail('ghost@example.com', ip)).res.statusCode).toBe(401);
    const { res } = await fail('ghost@example.com', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: ACCOUNT_LOCKED });
  });

  it('the lock is temporary: once the failures are older than 15 minutes, the right password works', async () => {
    const user = await newUser();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await fail(user.email!, ip);
    expect((await api.signin({ email: user.email, password: TEST_PASSWORD }, { ip })).res.statusCode).toBe(
      429,
    );

    await app.db
      .update(rateLimitEvents)
      .set({ createdAt: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where(eq(rateLimitEvents.bucket, 'signin-account-address'));
    const { res } = await api.signin({ email: user.email, password: TEST_PASSWORD }, { ip });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a successful sign-in is no failure, and clears the failures of that address (typos)', async () => {
    const user = await newUser();
    const ip = freshIp();
    for (let i = 0; i < 9; i++) await fail(user.username, ip);
    const ok = await api.signin({ email: user.username, password: TEST_PASSWORD }, { ip });
    expect(ok.res.statusCode).toBe(200);
    expect(await failuresOf(user.id, 'signin-account-address')).toBe(0);
    // The account-wide count keeps them (9, not 10): another address's failures are not the owner's to clear.
    expect(await failuresOf(user.id, 'signin-account')).toBe(9);
    expect(await failUntilRefused(user.username, () => ip)).toBe(10);
  });

  it('30 failures from one address → 429 for every account from it, with Retry-After; other addresses unaffected', async () => {
    const ip = freshIp();
    // Thirty different names, so no account reaches its own limit.
    for (let i = 0; i < 30; i++)
      expect((await fail(`stranger${i}@example.com`, ip)).res.statusCode).toBe(401);

    const user = await newUser();
    const { res, cookie } = await api.signin({ email: user.email, password: TEST_PASSWORD }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: IP_LOCKED });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(cookie).toBeNull();

    expect((await api.signin({ email: user.email, password: TEST_PASSWORD })).res.statusCode).toBe(200);
  });
});

describe('a suspended account', () => {
  it('cannot sign in, and the sessions it already had stop working', async () => {
    const user = await newUser();
    const before = await api.signin({ email: user.email, password: TEST_PASSWORD, rememberMe: true });
    expect(await api.meStatus(before.token)).toBe(200);

    await app.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, user.id));

    expect(await api.meStatus(before.token)).toBe(401);
    const session = await api.get('/api/auth/session', { token: before.token });
    expect(session.json()).toEqual({ user: null });
    expect(await sessionsOf(user.id)).toEqual([]);

    const { res, cookie } = await api.signin({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Your account is suspended. Contact support to reactivate it.' });
    expect(cookie).toBeNull();
    expect(await sessionsOf(user.id)).toEqual([]);

    // Without the password, the answer is the generic one: suspension is not revealed.
    const wrong = await api.signin({ email: user.email, password: 'Wrong-password-1' });
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.res.json()).toEqual(INVALID);
  });

  it('can sign in again once reactivated', async () => {
    const user = await newUser({ accountStatus: 'suspended' });
    expect((await api.signin({ email: user.email, password: TEST_PASSWORD })).res.statusCode).toBe(403);
    await app.db.update(users).set({ accountStatus: 'active' }).where(eq(users.id, user.id));
    expect((await api.signin({ email: user.email, password: TEST_PASSWORD })).res.statusCode).toBe(200);
  });
});

// The username tests share one account.
let adaOnce: Promise<Awaited<ReturnType<typeof newUser>>> | undefined;
function newUserOnce(username: string) {
  adaOnce ??= newUser({ username });
  return adaOnce;
}
