// Second factor (issue 19, DESIGN §5): the sign-in's second step, TOTP with clock skew and replay,
// recovery codes, the admin rule and step-up before money leaves or credentials change.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAYING_IBAN } from '../../../../domain/payments.ts';
import {
  buildTestApp,
  createUser,
  TEST_ADMIN_TOTP_SECRET,
  TEST_PASSWORD,
  testClock,
} from '../../../../test/app.ts';
import { sessionCookie } from '../../../../test/auth.ts';
import { freshIp } from '../../../../test/actor.ts';
import { pendingCookie } from '../../../../test/two-factor.ts';
import type { App } from '../../../app.ts';
import { sessions, totpFactors } from '../../../db/schema/index.ts';
import { SESSION_COOKIE, hashToken } from '../sessions.ts';
import { PENDING_COOKIE } from './cookies.ts';
import { totpCode } from './totp.ts';

const STEP_MS = 30_000;
let app: App;
// Mid-step, so that ±30 s moves exactly one step.
const clock = testClock(new Date(Math.floor(Date.now() / STEP_MS) * STEP_MS + 15_000));

beforeAll(async () => {
  app = await buildTestApp({ clock });
});

type Json = Record<string, unknown>;
async function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: Json, cookies: Json = {}) {
  const cookie = Object.entries(cookies)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join('; ');
  return app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(cookie && { cookie }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
}

/** An investor with the authenticator app on (secret TEST_ADMIN_TOTP_SECRET) and no step used yet. */
async function userWithTotp(overrides: Parameters<typeof createUser>[1] = {}) {
  return createUser(app.db, overrides, { secondFactor: true });
}

async function firstStep(email: string, rememberMe = false) {
  const res = await call('POST', '/api/auth/signin', { email, password: TEST_PASSWORD, rememberMe });
  expect(res.statusCode, res.body).toBe(200);
  return { res, pending: pendingCookie(res) };
}

const verify = (pending: string | null, code: string) =>
  call('POST', '/api/auth/2fa/verify', { code }, { [PENDING_COOKIE]: pending });
const codeAt = (offsetMs: number) => totpCode(TEST_ADMIN_TOTP_SECRET, new Date(clock().getTime() + offsetMs));
const as = (token: string) => ({ [SESSION_COOKIE]: token });

describe('signing in with a second factor', () => {
  it('answers {twoFactorRequired, methods} and sets no session until the code is verified', async () => {
    const user = await userWithTotp();
    const { res, pending } = await firstStep(user.email!);
    expect(res.json()).toEqual({ twoFactorRequired: true, methods: ['totp'] });
    expect(sessionCookie(res)).toBeNull();
    expect(pending).toMatch(/^[\w-]{40,}$/);
    const raw = ([res.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith(PENDING_COOKIE))!;
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/Path=\/api\/auth/);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // The pending cookie is no session.
    expect((await call('GET', '/api/auth/me', undefined, { [SESSION_COOKIE]: pending })).statusCode).toBe(
      401,
    );

    const done = await verify(pending, await codeAt(0));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: user.id, email: user.email, role: 'investor' });
    const token = sessionCookie(done)!.value;
    expect((await call('GET', '/api/auth/me', undefined, as(token))).statusCode).toBe(200);
    // The pending sign-in is spent.
    expect((await verify(pending, await codeAt(30_000))).json()).toMatchObject({
      code: 'TWO_FACTOR_SIGNIN_EXPIRED',
    });
  });

  it('keeps Remember me from the first step: a 30-day session', async () => {
    const user = await userWithTotp();
    const { pending } = await firstStep(user.email!, true);
    const done = await verify(pending, await codeAt(0));
    const cookie = sessionCookie(done)!;
    expect(cookie.raw).toMatch(/Expires=/);
    const [row] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(cookie.value)));
    expect(row!.persistent).toBe(true);
  });

  it('a wrong code, or none, gets a 4xx and no session', async () => {
    const user = await userWithTotp();
    const { pending } = await firstStep(user.email!);
    const wrong = await verify(pending, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    expect(sessionCookie(wrong)).toBeNull();
    expect((await verify(pending, '')).statusCode).toBe(400);
    expect((await verify(null, await codeAt(0))).statusCode).toBe(401);
  });

  it('accepts a code one step early or late (clock skew), refuses two steps off', async () => {
    for (const [offset, ok] of [
      [-60_000, false],
      [60_000, false],
      [-30_000, true],
      [30_000, true],
    ] as const) {
      const user = await userWithTotp();
      const { pending } = await firstStep(user.email!);
      const res = await verify(pending, await codeAt(offset));
      expect(res.statusCode, `${offset} ms: ${res.body}`).toBe(ok ? 200 : 401);
    }
  });

  it('a code works once: the same code (or an earlier step’s) is refused at the next sign-in', async () => {
    const user = await userWithTotp();
    const code = await codeAt(0);
    expect((await verify((await firstStep(user.email!)).pending, code)).statusCode).toBe(200);
    const replay = await verify((await firstStep(user.email!)).pending, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
    expect((await verify((await firstStep(user.email!)).pending, await codeAt(-30_000))).statusCode).toBe(
      401,
    );
    // The next step's code is new.
    clock.advance(STEP_MS);
    expect((await verify((await firstStep(user.email!)).pending, await codeAt(0))).statusCode).toBe(200);
  });
});

describe('enrolling an authenticator app and recovery codes', () => {
  async function signedIn() {
    const user = await createUser(app.db);
    const signin = await call('POST', '/api/auth/signin', { email: user.email, password: TEST_PASSWORD });
    return { user, token: sessionCookie(signin)!.value };
  }

  it('setup → enable with a code → ten single-use recovery codes; sign-in then asks for the second factor', async () => {
    const { user, token } = await signedIn();
    const setup = await call('POST', '/api/auth/2fa/totp/setup', undefined, as(token));
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/HydroBridge:${encodeURIComponent(user.email!)}?secret=${secret}&issuer=HydroBridge`,
    );
    // Not on until a code proves the app has it.
    expect((await firstStep(user.email!)).res.json()).toMatchObject({ id: user.id });
    const wrong = await call('POST', '/api/auth/2fa/totp/enable', { code: '123456' }, as(token));
    expect(wrong.statusCode).toBe(400);
    const enabled = await call(
      'POST',
      '/api/auth/2fa/totp/enable',
      { code: await totpCode(secret, clock()) },
      as(token),
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect((await call('POST', '/api/auth/2fa/totp/setup', undefined, as(token))).statusCode).toBe(409);

    const { res } = await firstStep(user.email!);
    expect(res.json()).toEqual({ twoFactorRequired: true, methods: ['totp', 'recovery'] });

    // A recovery code signs in once, typed in any case and with spaces.
    const [first, second] = recoveryCodes;
    const typed = first!.toUpperCase().replaceAll('-', ' ');
    expect((await verify((await firstStep(user.email!)).pending, typed)).statusCode).toBe(200);
    expect((await verify((await firstStep(user.email!)).pending, first!)).statusCode).toBe(401);
    expect((await verify((await firstStep(user.email!)).pending, second!)).statusCode).toBe(200);
    const status = await call('GET', '/api/auth/2fa', undefined, as(token));
    expect(status.json()).toMatchObject({ enabled: true, totp: true, recoveryCodesLeft: 8, required: false });

    // New codes (after a fresh proof) replace the old ones.
    const regenerated = await call('POST', '/api/auth/2fa/recovery-codes', undefined, as(token));
    expect(regenerated.statusCode, regenerated.body).toBe(200); // enable proved the factor just now
    const fresh = regenerated.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect((await verify((await firstStep(user.email!)).pending, recoveryCodes[2]!)).statusCode).toBe(401);
    expect((await verify((await firstStep(user.email!)).pending, fresh[0]!)).statusCode).toBe(200);
  });

  it('turning the app off needs a fresh proof; an admin cannot remove the last factor', async () => {
    const user = await userWithTotp();
    const token = sessionCookie(await verify((await firstStep(user.email!)).pending, await codeAt(0)))!.value;
    clock.advance(6 * 60_000);
    const refused = await call('POST', '/api/auth/2fa/totp/disable', undefined, as(token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
    const stepUp = await call('POST', '/api/auth/2fa/step-up', { code: await codeAt(0) }, as(token));
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    const off = await call('POST', '/api/auth/2fa/totp/disable', undefined, as(token));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, totp: false });
    expect((await firstStep(user.email!)).res.json()).toMatchObject({ id: user.id });

    const admin = await createUser(app.db, { role: 'admin' });
    const { token: adminToken } = await (async () => {
      const t = sessionCookie(await verify((await firstStep(admin.email!)).pending, await codeAt(0)))!.value;
      return { token: t };
    })();
    const kept = await call('POST', '/api/auth/2fa/totp/disable', undefined, as(adminToken));
    expect(kept.statusCode).toBe(409);
    expect(kept.json().error).toBe(
      'Admins must keep a second factor: add another one before removing this one.',
    );
  });
});

describe('an admin without a second factor', () => {
  it('can only enroll: every other admin route answers 403 TWO_FACTOR_ENROLLMENT_REQUIRED until it is on', async () => {
    const admin = await createUser(app.db, { role: 'admin' }, { secondFactor: false });
    const signin = await call('POST', '/api/auth/signin', { email: admin.email, password: TEST_PASSWORD });
    const token = sessionCookie(signin)!.value;
    for (const url of ['/api/admin/dashboard', '/api/admin/users', '/api/kyc']) {
      const res = await call('GET', url, undefined, as(token));
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        error: 'Admins must turn on two-step verification first: set up an authenticator app or a passkey.',
        code: 'TWO_FACTOR_ENROLLMENT_REQUIRED',
      });
    }
    expect((await call('GET', '/api/auth/me', undefined, as(token))).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/2fa', undefined, as(token))).json()).toMatchObject({
      enabled: false,
      required: true,
    });
    const { secret } = (await call('POST', '/api/auth/2fa/totp/setup', undefined, as(token))).json<{
      secret: string;
    }>();
    const on = await call(
      'POST',
      '/api/auth/2fa/totp/enable',
      { code: await totpCode(secret, clock()) },
      as(token),
    );
    expect(on.statusCode, on.body).toBe(200);
    expect((await call('GET', '/api/admin/dashboard', undefined, as(token))).statusCode).toBe(200);
  });
});

describe('step-up before money leaves or credentials change', () => {
  /** A signed-in investor with the app on, whose sign-in proof is older than 5 minutes. */
  async function investorPastWindow() {
    const user = await userWithTotp({ firstName: 'Ada', lastName: 'Lovelace' });
    const token = sessionCookie(await verify((await firstStep(user.email!)).pending, await codeAt(0)))!.value;
    clock.advance(5 * 60_000 + STEP_MS);
    return { user, token };
  }

  const ACTIONS = {
    'PUT /api/bank-account': (token: string) =>
      call('PUT', '/api/bank-account', { holderName: 'Ada Lovelace', iban: SANDBOX_PAYING_IBAN }, as(token)),
    'POST /api/withdrawals': (token: string) =>
      call('POST', '/api/withdrawals', { amount: '10.00' }, as(token)),
    'POST /api/auth/change-password': (token: string) =>
      call(
        'POST',
        '/api/auth/change-password',
        {
          currentPassword: TEST_PASSWORD,
          newPassword: 'Another-passw0rd-9',
          confirmPassword: 'Another-passw0rd-9',
        },
        as(token),
      ),
  };

  for (const [name, act] of Object.entries(ACTIONS)) {
    it(`${name}: refused without a fresh proof, allowed after one`, async () => {
      const { token } = await investorPastWindow();
      const refused = await act(token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'STEP_UP_REQUIRED' });
      const wrong = await call('POST', '/api/auth/2fa/step-up', { code: '000000' }, as(token));
      expect(wrong.statusCode).toBe(401);
      expect((await act(token)).statusCode).toBe(403);

      const proof = await call('POST', '/api/auth/2fa/step-up', { code: await codeAt(0) }, as(token));
      expect(proof.statusCode, proof.body).toBe(200);
      expect(Date.parse(proof.json().stepUpUntil)).toBe(clock().getTime() + 5 * 60_000);
      const allowed = await act(token);
      // Past the step-up, the action's own rules answer (a withdrawal with no balance is refused by them).
      expect(allowed.json()).not.toMatchObject({ code: 'STEP_UP_REQUIRED' });
      if (name !== 'POST /api/withdrawals') expect(allowed.statusCode, allowed.body).toBe(200);
      else expect(allowed.statusCode, allowed.body).toBe(409);
    });
  }

  it('the proof lasts 5 minutes on that session only', async () => {
    const { user, token } = await investorPastWindow();
    await call('POST', '/api/auth/2fa/step-up', { code: await codeAt(0) }, as(token));
    const other = sessionCookie(
      await verify((await firstStep(user.email!)).pending, await codeAt(STEP_MS)),
    )!.value;
    clock.advance(5 * 60_000 + 1000);
    expect((await ACTIONS['PUT /api/bank-account'](token)).json()).toMatchObject({
      code: 'STEP_UP_REQUIRED',
    });
    expect((await ACTIONS['PUT /api/bank-account'](other)).json()).toMatchObject({
      code: 'STEP_UP_REQUIRED',
    });
  });

  it('a user without a second factor is not asked', async () => {
    const user = await createUser(app.db, { firstName: 'Ada', lastName: 'Lovelace' });
    const token = sessionCookie(
      await call('POST', '/api/auth/signin', { email: user.email, password: TEST_PASSWORD }),
    )!.value;
    expect((await ACTIONS['PUT /api/bank-account'](token)).statusCode).toBe(200);
  });

  it('the secret is stored as issued and the last used step recorded', async () => {
    const user = await userWithTotp();
    await verify((await firstStep(user.email!)).pending, await codeAt(0));
    const [row] = await app.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row!.lastUsedStep).toBe(Math.floor(clock().getTime() / STEP_MS));
  });
});
