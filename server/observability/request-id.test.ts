// The request id: in the X-Request-Id header of every answer (API, 404, errors, the router's own
// refusals, malformed HTTP, the client app's files and pages) and in each log line of its request. A
// caller's X-Request-Id is kept only when it is a short safe token.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.ts';
import { buildApp, LOG_REDACT, type App } from '../app.ts';
import { CSP_NONCE_PLACEHOLDER } from '../csp-nonce.ts';
import { prepareDatabase } from '../prepare.ts';
import { requestId } from './request-id.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let app: App;
let clientDir: string;
let port: number;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hb-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body></body></html>`,
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
  const database = await openTestDatabase();
  await prepareDatabase(database, { seedDemo: false });
  app = await buildApp({
    database,
    clientDir,
    logger: {
      level: 'info',
      redact: LOG_REDACT,
      stream: { write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${port}`;

describe('X-Request-Id on every answer', () => {
  it.each([
    ['an API answer', 'GET', '/api/health', 200],
    ['an unknown API path (404)', 'GET', '/api/nothing-here', 404],
    ['an unknown object (404)', 'GET', '/api/campaigns/00000000-0000-4000-8000-000000000000', 404],
    ['a refused body (400)', 'POST', '/api/auth/signin', 400],
    ['a refusal to a visitor (401)', 'GET', '/api/auth/me', 401],
    ["the router's own refusal of a bad percent-encoding (400)", 'GET', '/api/campaigns/%E0%A4%A', 400],
    ['a file of the client app', 'GET', '/assets/app.js', 200],
    ['a page of the client app', 'GET', '/portfolio', 200],
    ['/metrics when METRICS_TOKEN is unset (a JSON 404, not the page)', 'GET', '/metrics', 404],
  ])('%s', async (_name, method, url, status) => {
    const res = await fetch(`${base()}${url}`, {
      method,
      ...(method === 'POST' && { headers: { 'content-type': 'application/json' }, body: '{}' }),
    });
    expect(res.status).toBe(status);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    if (url === '/metrics') expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it("on Node's own answer to malformed HTTP, where no route runs", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GARBAGE\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\nx-request-id: [0-9a-f-]{36}\r\n/);
  });

  it('each request its own id, in every log line of that request', async () => {
    const first = await fetch(`${base()}/api/nothing-here`);
    const second = await fetch(`${base()}/api/nothing-here`);
    const id = first.headers.get('x-request-id')!;
    expect(second.headers.get('x-request-id')).not.toBe(id);
    const lines = logLines.filter((line) => line.reqId === id);
    // Fastify's "incoming request" and "request completed".
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[1]).toMatchObject({ res: { statusCode: 404 } });
  });
});

describe("a caller's X-Request-Id", () => {
  it('is kept when it is a short safe token (a proxy’s id follows the request)', async () => {
    for (const given of [
      '3f2b9c1e-7d4a-4c1b-9e0f-5a6b7c8d9e0f',
      '01J8ZQ4K5T9X2M7N3P6R8S1V4W',
      'lb.a1b2:c3_d4-e5',
    ]) {
      const res = await fetch(`${base()}/api/health`, { headers: { 'x-request-id': given } });
      expect(res.headers.get('x-request-id')).toBe(given);
    }
  });

  it('is replaced when it is long, has spaces, quotes or other characters, or comes twice', async () => {
    for (const given of ['x'.repeat(65), 'two words', '"><script>', 'id\u00e9', 'a,b']) {
      const res = await fetch(`${base()}/api/health`, { headers: { 'x-request-id': given } });
      expect(res.headers.get('x-request-id'), given).toMatch(UUID);
    }
    // Two headers reach Node joined as "a, b".
    expect(requestId({ headers: { 'x-request-id': ['a', 'b'] as unknown as string } })).toMatch(UUID);
    expect(requestId({ headers: {} })).toMatch(UUID);
  });
});
