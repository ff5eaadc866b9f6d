// CSRF refusal cannot be walked around by spelling the path differently: the router decodes and
// normalises paths (/%61pi/… routes to /api/…), so every write from another site is refused,
// whatever its path. Sent over real HTTP with raw request targets, as an attacker's page would.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, sessionCookie } from '../../test/auth.ts';
import { buildTestApp, createUser, TEST_PASSWORD } from '../../test/app.ts';
import type { App } from '../app.ts';
import { SESSION_COOKIE } from '../features/accounts/index.ts';

let app: App;
let api: AuthClient;
let port: number;

beforeAll(async () => {
  app = await buildTestApp();
  api = new AuthClient(app);
  api.passwords.add(TEST_PASSWORD);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});

afterAll(() => api.expectNoSecretsInResponses());

/** One request with the request target exactly as given (no client-side normalisation). */
function raw(
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: target, headers, setHost: true },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          api.record(text, { headers: res.headers as Record<string, unknown> });
          resolve({ status: res.statusCode!, body: text, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Spellings of /api/auth/… that the router may route to the real endpoint. */
const spellings = (rest: string) => [
  `/%61pi/auth/${rest}`,
  `/%61%70%69/auth/${rest}`,
  `/api/auth/%${rest.charCodeAt(0).toString(16)}${rest.slice(1)}`,
  `/api%2Fauth/${rest}`,
  `/%2Fapi/auth/${rest}`,
  `//api/auth/${rest}`,
  `/api//auth/${rest}`,
  `/./api/auth/${rest}`,
  `/x/../api/auth/${rest}`,
  `/API/auth/${rest}`,
  `/Api/auth/${rest}`,
  `/api/auth/${rest}/`,
  `/api/auth/${rest}.`,
  `/api/auth/${rest};x`,
  `/api/auth/${rest}?x=1`,
  `/api/auth/${rest}#x`,
];

const CROSS_SITE_HEADERS: Array<[string, Record<string, string>]> = [
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['a foreign Origin', { origin: 'https://evil.example' }],
];

describe('cross-site writes are refused whatever the spelling of the path', () => {
  it.each(CROSS_SITE_HEADERS)('sign-in (login CSRF) with %s → 403, no session', async (_name, headers) => {
    const user = await createUser(app.db);
    const body = JSON.stringify({ email: user.email, password: TEST_PASSWORD });
    for (const target of spellings('signin')) {
      const res = await raw('POST', target, { ...headers, 'content-type': 'application/json' }, body);
      expect({ target, status: res.status }).toEqual({ target, status: 403 });
      expect(JSON.parse(res.body)).toEqual({ error: 'Cross-site request refused' });
      expect(sessionCookie(res)).toBeNull();
    }
  });

  it('sign-out with a session: every spelling → 403 and the session lives on', async () => {
    const user = await createUser(app.db);
    const token = await api.session(user.id);
    for (const target of spellings('logout')) {
      const res = await raw('POST', target, {
        'sec-fetch-site': 'cross-site',
        cookie: `${SESSION_COOKIE}=${token}`,
      });
      expect({ target, status: res.status }).toEqual({ target, status: 403 });
    }
    expect(await api.meStatus(token)).toBe(200);
  });

  it.each(['PUT', 'PATCH', 'DELETE', 'PROPFIND', 'MKCOL'])(
    'every method but GET, HEAD and OPTIONS counts as a write: %s from another site → 403',
    async (method) => {
      for (const target of ['/api/auth/profile', '/%61pi/auth/profile', '/somewhere-else']) {
        const res = await raw(method, target, { 'sec-fetch-site': 'cross-site' });
        expect({ method, target, status: res.status }).toEqual({ method, target, status: 403 });
      }
    },
  );

  it('reads stay open and a decoded API path is the API: GET /%61pi/auth/me with a session → 200', async () => {
    const user = await createUser(app.db);
    const token = await api.session(user.id);
    const res = await raw('GET', '/%61pi/auth/me', {
      'sec-fetch-site': 'cross-site',
      cookie: `${SESSION_COOKIE}=${token}`,
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).id).toBe(user.id);
  });

  it('the same writes from our own pages still work, under any spelling the router accepts', async () => {
    const user = await createUser(app.db);
    const body = JSON.stringify({ email: user.email, password: TEST_PASSWORD });
    const res = await raw(
      'POST',
      '/%61pi/auth/signin',
      { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body,
    );
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).not.toBeNull();
  });
});
