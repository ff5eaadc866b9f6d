// Control characters in any text field or query string → 400 naming the field, and nothing is
// written. PostgreSQL cannot store NUL: before the shared text schema (domain/text.ts) these
// requests reached the database and answered 500.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, signupBody } from '../../test/auth.ts';
import { buildTestApp, campaignBody, createCampaign, createUser } from '../../test/app.ts';
import type { App } from '../app.ts';
import { campaigns, users } from '../db/schema/index.ts';
import { approveCampaign } from '../../test/diligence.ts';

let app: App;
let api: AuthClient;
let trader: { id: string; token: string };
let campaignId: string;

beforeAll(async () => {
  app = await buildTestApp();
  api = new AuthClient(app);
  const user = await createUser(app.db, {
    role: 'trader',
    firstName: 'Before',
    companyName: 'Green Molecules Ltd',
    registrationNumber: 'GB-1',
  });
  trader = { id: user.id, token: await api.session(user.id) };
  campaignId = (await createCampaign(app.db, { traderId: user.id, title: 'Before title' })).id;
});

const count = async (table: typeof users | typeof campaigns) =>
  (await app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** What an attacker puts in a text field: NUL, an escape sequence, a C1 control, half an emoji. */
const HOSTILE: Array<[string, string, string]> = [
  ['NUL', 'a\u0000b', 'cannot contain control characters'],
  ['an ANSI escape', 'a\u001b[31mb', 'cannot contain control characters'],
  ['a C1 control', 'a\u0085b', 'cannot contain control characters'],
  ['half a surrogate pair', 'a\ud83db', 'is not valid text'],
];

describe.each(HOSTILE)('%s in a text field → 400 naming the field, nothing written', (_name, bad, says) => {
  it.each([
    ['firstName', 'First name', {}],
    ['lastName', 'Last name', {}],
    ['companyName', 'Company name', {}],
    ['registrationNumber', 'Registration number', {}],
  ])('sign-up %s', async (field, label) => {
    const before = await count(users);
    const res = await api.post('/api/auth/signup', signupBody('trader', { [field]: bad }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toBe(`${label} ${says}`);
    expect(await count(users)).toBe(before);
  });

  it.each([
    ['email', 'Email'],
    ['username', 'Username'],
  ])('sign-in %s', async (field, label) => {
    const res = await api.post('/api/auth/signin', { [field]: `ab${bad}c`, password: 'x' });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.values(res.json().fields)).toContain(`${label} ${says}`);
  });

  it('forgot-password email', async () => {
    const res = await api.post('/api/auth/forgot-password', { email: `a${bad}@example.com` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.email).toBe(`Email ${says}`);
  });

  it.each([
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['companyName', 'Company name'],
    ['registrationNumber', 'Registration number'],
  ])('profile %s', async (field, label) => {
    const res = await api.patch('/api/auth/profile', { [field]: bad }, { token: trader.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toBe(`${label} ${says}`);
    const [row] = await app.db.select().from(users).where(eq(users.id, trader.id));
    expect(row!.firstName).toBe('Before');
  });

  it.each([
    ['title', 'Title'],
    ['description', 'Description'],
    ['tradeRoute', 'Trade route'],
  ])('campaign %s, on create and on edit', async (field, label) => {
    const before = await count(campaigns);
    const created = await api.post('/api/campaigns', campaignBody({ [field]: `Text ${bad}` }), {
      token: trader.token,
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().fields[field]).toBe(`${label} ${says}`);
    expect(await count(campaigns)).toBe(before);

    const edited = await api.patch(
      `/api/campaigns/${campaignId}`,
      { [field]: `Text ${bad}` },
      { token: trader.token },
    );
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().fields[field]).toBe(`${label} ${says}`);
    const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row!.title).toBe('Before title');
  });
});

describe('control characters in a query string → 400 naming the parameter', () => {
  it.each(['%00', '%1B%5B31m', '%C2%85', '%7F'])('GET /api/campaigns?q=ab%s', async (encoded) => {
    const res = await api.get(`/api/campaigns?q=ab${encoded}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: 'Search text cannot contain control characters',
      fields: { q: 'Search text cannot contain control characters' },
    });
  });

  it('bytes that are not UTF-8 (half a surrogate pair in CESU-8) arrive as U+FFFD: ordinary text', async () => {
    const res = await api.get('/api/campaigns?q=ab%ED%A0%BD');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('what stays allowed', () => {
  it('a description keeps its line breaks and tabs; names keep any script and emoji', async () => {
    const description = 'Line one\r\nLine two\n\t• indented';
    const res = await api.post(
      '/api/campaigns',
      campaignBody({ title: 'हरित हाइड्रोजन cargo 🚢', description }),
      { token: trader.token },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'हरित हाइड्रोजन cargo 🚢', description });
    await approveCampaign(app, trader, res.json()); // public (and searchable) once reviewed
    expect((await api.get('/api/campaigns?q=%E0%A4%B9%E0%A4%B0%E0%A4%BF%E0%A4%A4')).json()).toHaveLength(1);
  });
});
