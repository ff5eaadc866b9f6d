// The security headers beyond the CSP basics (http.test.ts): a Permissions-Policy that denies powerful
// features, the same headers on the 400 Node answers for malformed HTTP (no route ever runs), and a
// style policy without 'unsafe-inline': index.html carries a fresh nonce per response for the one
// inline <style> the app needs (the dialogs' scroll lock).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.ts';
import { buildApp, type App } from '../app.ts';
import { prepareDatabase } from '../prepare.ts';
import { CSP_NONCE_PLACEHOLDER } from '../csp-nonce.ts';

let app: App;
let clientDir: string;
let port: number;

/** A built client as Vite writes it with `html.cspNonce`: the placeholder in a meta tag and the tags. */
const INDEX_HTML = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
<script type="module" crossorigin src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
<link rel="stylesheet" crossorigin href="/assets/app.css" nonce="${CSP_NONCE_PLACEHOLDER}">
</head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hb-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
  const database = await openTestDatabase();
  await prepareDatabase(database, { seedDemo: false });
  app = await buildApp({ database, clientDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );

/** The headers every answer carries, whoever makes it (checked on each kind of answer below). */
function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = directives(String(headers['content-security-policy']));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('style-src')).not.toContain("'unsafe-inline'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  const policy = new Map(
    String(headers['permissions-policy'])
      .split(/,\s*/)
      .map((p) => p.split('=') as [string, string]),
  );
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'display-capture']) {
    expect({ feature, allow: policy.get(feature) }).toEqual({ feature, allow: '()' });
  }
}

describe('Permissions-Policy and the other headers', () => {
  it.each([
    ['a JSON answer', '/api/health'],
    ['an API 404', '/api/nowhere'],
    ['a validation error', '/api/campaigns?limit=0'],
    ['a static file', '/assets/app.js'],
    ['the app (index.html)', '/campaigns'],
  ])('are on %s', async (_name, url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBeLessThan(500);
    expectSecurityHeaders(res.headers);
  });
});

/** Sends raw bytes over TCP and returns the raw answer (the server closes the connection after it). */
function rawRequest(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe("the server's own answer to malformed HTTP (no route runs)", () => {
  it.each([
    ['garbage instead of a request line', 'GARBAGE\r\n\r\n'],
    ['a bad header line', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'],
    ['an invalid HTTP version', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n'],
  ])('%s → 400 JSON with the security headers', async (_name, bytes) => {
    const { status, headers, body } = parseRaw(await rawRequest(bytes));
    expect(status).toBe(400);
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(body)).toEqual({ error: 'Malformed HTTP request' });
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
    expect(headers.connection).toBe('close');
    expectSecurityHeaders(headers);
  });

  it('headers over the size limit → 431 JSON with the security headers', async () => {
    const { status, headers, body } = parseRaw(
      await rawRequest(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(status).toBe(431);
    expect(JSON.parse(body)).toEqual({ error: 'Request headers are too large' });
    expectSecurityHeaders(headers);
  });
});

describe('inline styles: a nonce per response instead of unsafe-inline', () => {
  it("index.html carries a fresh nonce in its meta tag and tags, the same as in the answer's style-src", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/trader/campaigns' });
      expect(res.statusCode).toBe(200);
      const styleSrc = directives(String(res.headers['content-security-policy'])).get('style-src')!;
      expect(styleSrc).toHaveLength(2);
      expect(styleSrc[0]).toBe("'self'");
      const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(styleSrc[1]!)?.[1];
      expect(nonce).toBeDefined();
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(res.body.split(`nonce="${nonce}"`)).toHaveLength(4);
      // Never stored: a cached copy would carry a nonce the next answer's policy does not allow.
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });

  it('other answers allow no inline style at all', async () => {
    for (const url of ['/api/health', '/assets/app.js', '/api/nowhere']) {
      const res = await app.inject({ url });
      expect(directives(String(res.headers['content-security-policy'])).get('style-src')).toEqual(["'self'"]);
    }
  });
});
