// What every response shares: JSON errors for bad requests, security headers, no password hashes.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { users } from '../db/schema/index.ts';
import { DEMO_PASSWORD } from '../seed/demo-accounts.ts';
import { buildTestApp, createCampaign } from '../../test/app.ts';

let app: App;

beforeAll(async () => {
  app = await buildTestApp({ seed: true });
});

// Body handling is app-wide; POST /api/auth/signin stands for every JSON endpoint here.
const SIGNIN = '/api/auth/signin';
const json = { 'content-type': 'application/json' };
const investor = { email: 'investor@hydrobridge.example', password: DEMO_PASSWORD };

describe('bad requests get a clear JSON error', () => {
  it('unknown /api path → 404 naming the route', async () => {
    const res = await app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'No API route GET /api/no-such-thing' });
  });

  it('malformed JSON → 400', async () => {
    const res = await app.inject({ method: 'POST', url: SIGNIN, headers: json, payload: '{"email": "x"' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Request body is not valid JSON' });
  });

  it('an empty JSON body → 400', async () => {
    const res = await app.inject({ method: 'POST', url: SIGNIN, headers: json, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Request body is not valid JSON' });
  });

  it("a body that breaks the schema → 400 with the spec's message, naming the field", async () => {
    const res = await app.inject({
      method: 'POST',
      url: SIGNIN,
      headers: json,
      payload: { email: investor.email },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Password is required',
      fields: { password: 'Password is required' },
    });
  });

  it.each([
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ])('a %s body → 415', async (type) => {
    const res = await app.inject({
      method: 'POST',
      url: SIGNIN,
      headers: { 'content-type': type },
      payload: JSON.stringify(investor),
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'Request body must be JSON' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('a body over 100 KiB → 413', async () => {
    const payload = JSON.stringify({ ...investor, email: 'x'.repeat(101 * 1024) });
    const res = await app.inject({ method: 'POST', url: SIGNIN, headers: json, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Request body is too large' });
  });

  it('a malformed JSON body on an unknown path → 400 JSON, not a crash', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/nowhere', headers: json, payload: '{' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Request body is not valid JSON' });
  });
});

describe('security headers', () => {
  const cspDirectives = (header: string | undefined) =>
    new Map(
      (header ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );

  it.each([
    ['a JSON answer', '/api/campaigns'],
    ['a 404', '/api/no-such-thing'],
    ['a campaign not found', '/api/campaigns/not-a-uuid'],
  ])('are on %s', async (_, url) => {
    const res = await app.inject({ url });
    const csp = cspDirectives(res.headers['content-security-policy'] as string | undefined);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the script policy allows no inline script and no eval', async () => {
    const res = await app.inject({ url: '/api/health' });
    const csp = cspDirectives(res.headers['content-security-policy'] as string);
    for (const directive of ['script-src', 'default-src']) {
      expect(csp.get(directive)).not.toContain("'unsafe-inline'");
      expect(csp.get(directive)).not.toContain("'unsafe-eval'");
    }
  });
});

describe('password hashes', () => {
  it('are argon2 hashes in the database, never in any response', async () => {
    const [row] = await app.db
      .select({ password: users.password })
      .from(users)
      .where(eq(users.email, investor.email));
    expect(row!.password).toMatch(/^\$argon2id\$/);

    const signin = await app.inject({ method: 'POST', url: SIGNIN, payload: investor });
    expect(signin.statusCode).toBe(200);
    const cookie = String(signin.headers['set-cookie']).split(';')[0]!;
    const campaign = await createCampaign(app.db);
    const bodies = [signin.body];
    for (const url of [
      '/api/health',
      '/api/campaigns',
      `/api/campaigns/${campaign.id}`,
      '/api/stats/platform',
      '/api/auth/session',
      '/api/auth/me',
      '/api/no-such-thing',
    ]) {
      const res = await app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBeLessThan(500);
      bodies.push(res.body);
    }
    for (const body of bodies) {
      expect(body).not.toMatch(/"password"/i);
      expect(body).not.toContain('$argon2');
    }
  });
});
