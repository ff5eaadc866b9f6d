// PATCH /api/auth/profile and POST /api/auth/change-password: what a user may change about themselves,
// and what a password change does to their other sessions.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../domain/auth.ts';
import { AuthClient, sessionCookie } from '../../../test/auth.ts';
import { buildTestApp, createUser, TEST_PASSWORD } from '../../../test/app.ts';
import type { App } from '../../app.ts';
import { users } from '../../db/schema/index.ts';

let app: App;
let api: AuthClient;

beforeAll(async () => {
  app = await buildTestApp();
  api = new AuthClient(app);
  api.passwords.add(TEST_PASSWORD);
});

afterAll(() => api.expectNoSecretsInResponses());

const newUser = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(app.db, overrides);
const rowOf = async (id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0]!;

/** A user of the role with a session token. */
async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await newUser(overrides);
  return { user, token: await api.session(user.id) };
}

// The legal name and company are edited here until KYC is submitted (pending) or after a rejection;
// once verified they change by request only (server/features/verification/kyc/identity.test.ts).
describe('editing one’s profile', () => {
  it('updates first and last name, phone and country, trimmed; /api/auth/me shows them', async () => {
    const { user, token } = await signedIn({ kycStatus: 'pending' });
    const res = await api.patch(
      '/api/auth/profile',
      { firstName: '  Marie ', lastName: 'Curie', phone: '+33 (1) 23-45', country: 'FR' },
      { token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const expected = { firstName: 'Marie', lastName: 'Curie', phone: '+33 (1) 23-45', country: 'FR' };
    expect(res.json()).toMatchObject({ id: user.id, ...expected });
    expect((await api.get('/api/auth/me', { token })).json()).toMatchObject(expected);
    expect(await rowOf(user.id)).toMatchObject(expected);
  });

  it('leaves fields that are not sent as they were, and clears fields sent empty', async () => {
    const { user, token } = await signedIn({
      firstName: 'Keep',
      lastName: 'Clear',
      phone: '123',
      country: 'DE',
      kycStatus: 'rejected',
    });
    const res = await api.patch('/api/auth/profile', { lastName: '', phone: ' ', country: '' }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Keep', lastName: null, phone: null, country: null });
    expect(await rowOf(user.id)).toMatchObject({
      firstName: 'Keep',
      lastName: null,
      phone: null,
      country: null,
    });

    const unchanged = await api.patch('/api/auth/profile', {}, { token });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ firstName: 'Keep', lastName: null });
  });

  it('email, username, role, KYC and account status, accreditation and password cannot be changed here', async () => {
    const { user, token } = await signedIn({ kycStatus: 'pending' });
    const before = await rowOf(user.id);
    const res = await api.patch(
      '/api/auth/profile',
      {
        firstName: 'Legit',
        email: 'attacker@example.com',
        username: 'attacker',
        role: 'admin',
        kycStatus: 'approved',
        accountStatus: 'active',
        isAccredited: true,
        password: 'Attacker-chosen-1',
        id: '00000000-0000-0000-0000-000000000000',
        createdAt: '2000-01-01T00:00:00.000Z',
      },
      { token },
    );
    // Unknown keys are dropped by the schema (zod strips them): the answer shows nothing else changed.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      firstName: 'Legit',
      email: user.email,
      username: user.username,
      role: 'investor',
      kycStatus: 'pending',
      isAccredited: false,
      createdAt: before.createdAt.toISOString(),
    });
    const after = await rowOf(user.id);
    expect(after).toEqual({ ...before, firstName: 'Legit', updatedAt: after.updatedAt });
    expect(after.password).toBe(before.password);
  });

  it('company fields only for the roles that have them', async () => {
    const company = { companyName: 'New Co', registrationNumber: 'NEW-1', buyerIndustry: 'power' };

    const investor = await signedIn();
    const inv = await api.patch('/api/auth/profile', company, { token: investor.token });
    expect(inv.statusCode).toBe(200);
    expect(inv.json()).toMatchObject({ companyName: null, registrationNumber: null, buyerIndustry: null });

    const trader = await signedIn({
      role: 'trader',
      companyName: 'Old',
      registrationNumber: 'OLD-1',
      kycStatus: 'pending',
    });
    const tr = await api.patch('/api/auth/profile', company, { token: trader.token });
    expect(tr.json()).toMatchObject({
      companyName: 'New Co',
      registrationNumber: 'NEW-1',
      buyerIndustry: null,
    });

    const buyer = await signedIn({
      role: 'buyer',
      companyName: 'Old',
      buyerIndustry: 'steel',
      kycStatus: 'pending',
    });
    const bu = await api.patch('/api/auth/profile', company, { token: buyer.token });
    expect(bu.json()).toMatchObject({
      companyName: 'New Co',
      registrationNumber: null,
      buyerIndustry: 'power',
    });
    expect(await rowOf(buyer.user.id)).toMatchObject({ companyName: 'New Co', registrationNumber: null });
  });

  it.each([
    [
      'a phone with letters',
      { phone: 'call me' },
      'phone',
      'Phone number may contain digits, spaces, +, -, ( and )',
    ],
    ['a country not in the list', { country: 'XX' }, 'country', undefined],
    ['an industry not in the list', { buyerIndustry: 'mining' }, 'buyerIndustry', undefined],
    ['a 61-character first name', { firstName: 'x'.repeat(61) }, 'firstName', undefined],
    ['a number for a name', { lastName: 42 }, 'lastName', undefined],
  ])('%s → 400 naming the field, nothing saved', async (_name, payload, field, message) => {
    const { user, token } = await signedIn({ role: 'buyer', companyName: 'B', buyerIndustry: 'steel' });
    const before = await rowOf(user.id);
    const res = await api.patch('/api/auth/profile', { firstName: 'Changed', ...payload }, { token });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.error).toBe(body.fields[field]);
    if (message) expect(body.error).toBe(message);
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('a body that is not an object → 400', async () => {
    const { token } = await signedIn();
    for (const payload of ['[]', 'null', '"x"']) {
      expect((await api.patch('/api/auth/profile', payload, { token })).statusCode).toBe(400);
    }
  });

  it('signed out → 401', async () => {
    const res = await api.patch('/api/auth/profile', { firstName: 'Nobody' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Please sign in to continue' });
  });
});

describe('changing one’s password', () => {
  const NEW = 'Brand-new-password-7';
  const change = (token: string, body: Record<string, unknown>) =>
    api.post('/api/auth/change-password', body, { token });

  it('a wrong current password → 400 at currentPassword; nothing changes', async () => {
    const { user, token } = await signedIn();
    const other = await api.session(user.id);
    const before = await rowOf(user.id);
    const res = await change(token, {
      currentPassword: 'Not-the-password-1',
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(res.statusCode).toBe(400);
    const message = 'Your current password is not correct';
    expect(res.json()).toEqual({ error: message, fields: { currentPassword: message } });
    expect((await rowOf(user.id)).password).toBe(before.password);
    expect(await api.meStatus(other)).toBe(200);
  });

  it.each([
    [
      'a 7-character new password',
      { newPassword: 'Seven77', confirmPassword: 'Seven77' },
      'newPassword',
      MESSAGES.passwordTooShort,
    ],
    [
      'a confirmation that differs',
      { newPassword: NEW, confirmPassword: `${NEW}x` },
      'confirmPassword',
      MESSAGES.passwordsDontMatch,
    ],
    [
      'no current password',
      { currentPassword: '', newPassword: NEW, confirmPassword: NEW },
      'currentPassword',
      MESSAGES.passwordRequired,
    ],
  ])('%s → 400 with the message at its field', async (_name, payload, field, message) => {
    const { user, token } = await signedIn();
    const before = await rowOf(user.id);
    const res = await change(token, { currentPassword: TEST_PASSWORD, ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, fields: expect.objectContaining({ [field]: message }) });
    expect((await rowOf(user.id)).password).toBe(before.password);
  });

  it('success: ends every other session, moves this one to a new token; the new password signs in, the old one no longer', async () => {
    const { user, token } = await signedIn();
    const [laptop, phone] = [await api.session(user.id, true), await api.session(user.id)];
    const bystander = await signedIn();

    const res = await change(token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ endedSessions: 2 });

    expect(await api.meStatus(sessionCookie(res)!.value)).toBe(200);
    expect(await api.meStatus(token)).toBe(401);
    expect(await api.meStatus(laptop)).toBe(401);
    expect(await api.meStatus(phone)).toBe(401);
    expect(await api.meStatus(bystander.token)).toBe(200);

    expect((await rowOf(user.id)).password).toMatch(/^\$argon2id\$/);
    const old = await api.signin({ email: user.email, password: TEST_PASSWORD });
    expect(old.res.statusCode).toBe(401);
    expect(old.res.json()).toEqual({ error: MESSAGES.invalidCredentials });
    const fresh = await api.signin({ email: user.username, password: NEW });
    expect(fresh.res.statusCode).toBe(200);
  });

  it('signed out → 401', async () => {
    const res = await api.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(res.statusCode).toBe(401);
  });
});
