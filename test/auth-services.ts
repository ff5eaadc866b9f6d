// Real outside services for the account API tests, each on a free local port: an SMTP receiver
// (smtp-server) and an OpenID Connect provider (oauth2-mock-server), plus the app built with
// settings that point at them, and a cookie jar for driving redirects over real HTTP.
//
//   const smtp = await startSmtpReceiver();
//   const app = await buildAppWithSettings({ smtpUrl: smtp.url });
//   const mail = await smtp.waitForMail((m) => m.to === 'a@b.example');
//   const google = await startAppWithGoogle();        // listening, Google sign-in at a local provider
//   const { res, jar } = await socialSignIn(google, { sub: 'g-1', email: 'a@b.example', email_verified: true });
import type net from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { buildApp, type App, type AppDeps, type AppSettings } from '../server/app.ts';
import { prepareDatabase } from '../server/prepare.ts';
import { openTestDatabase } from './app.ts';
import { freePort } from './free-port.ts';

/**
 * The real app on a fresh migrated database of this run's backend, with the given settings.
 * The caller closes it (which closes its database).
 */
export async function buildAppWithSettings(
  settings: Partial<AppSettings>,
  logger?: AppDeps['logger'],
): Promise<App> {
  const database = await openTestDatabase();
  await prepareDatabase(database, { seedDemo: false });
  return buildApp({ database, settings, logger });
}

async function until<T>(
  find: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
export { until as waitUntil };

// ---- SMTP ---------------------------------------------------------------------------------------

export interface ReceivedMail {
  /** Envelope recipient (RCPT TO). */
  to: string;
  from: string;
  subject: string;
  /** The decoded plain-text body. */
  text: string;
  /** The HTML alternative, when the message has one. */
  html?: string | undefined;
  /** The Message-ID header. */
  messageId: string;
}

function decodePart(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let bytes: Buffer;
  if (encoding === 'quoted-printable') {
    const unwrapped = body.replace(/=\r\n/g, '');
    bytes = Buffer.from(
      unwrapped.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  } else if (encoding === 'base64') {
    bytes = Buffer.from(body, 'base64');
  } else {
    bytes = Buffer.from(body, 'latin1');
  }
  return { headers, text: bytes.toString('utf8').replace(/\r\n/g, '\n') };
}

/** The message's headers, its plain text and (multipart/alternative) its HTML. */
function decodeBody(raw: string): { headers: Map<string, string>; text: string; html?: string } {
  const message = decodePart(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(message.headers.get('content-type') ?? '')?.[1];
  if (!boundary) return message;
  const parts = raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => decodePart(p.replace(/^\r\n/, '').replace(/\r\n$/, '')));
  const of = (type: string) =>
    parts.find((p) => (p.headers.get('content-type') ?? '').startsWith(type))?.text.replace(/\n$/, '');
  return { headers: message.headers, text: of('text/plain') ?? '', html: of('text/html') };
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message it accepts. */
export async function startSmtpReceiver() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { headers, text, html } = decodeBody(Buffer.concat(chunks).toString('latin1'));
        for (const rcpt of session.envelope.rcptTo) {
          received.push({
            to: rcpt.address,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: headers.get('subject') ?? '',
            text,
            html,
            messageId: headers.get('message-id') ?? '',
          });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail: (match: (m: ReceivedMail) => boolean, timeoutMs?: number) =>
      until(() => received.find(match), 'an email at the SMTP receiver', timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- OpenID Connect ------------------------------------------------------------------------------

export interface OidcIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/**
 * A local OpenID Connect provider (discovery, authorize, token, userinfo, JWKS) signing RS256 ID
 * tokens. `identity` is who "signs in" at the next authorization: set it before each flow.
 */
export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const state: { identity: OidcIdentity } = { identity: { sub: 'oidc-user-1' } };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, state.identity);
  });
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = { ...state.identity };
  });
  await server.start(0, '127.0.0.1');
  return {
    issuer: server.issuer.url!,
    setIdentity(identity: OidcIdentity) {
      state.identity = identity;
    },
    close: () => server.stop(),
  };
}

/** The app listening on a free port, with Google sign-in at a fresh local OpenID Connect provider. */
export async function startAppWithGoogle(options: { clientId?: string; logger?: AppDeps['logger'] } = {}) {
  const provider = await startOidcProvider();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await buildAppWithSettings(
    {
      publicUrl: base,
      oauth: {
        google: {
          clientId: options.clientId ?? 'hydrobridge-test-client',
          clientSecret: 'test-client-secret',
          issuer: provider.issuer,
        },
      },
    },
    options.logger,
  );
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    provider,
    base,
    async close() {
      await app.close();
      await provider.close();
    },
  };
}

type GoogleSetup = Pick<Awaited<ReturnType<typeof startAppWithGoogle>>, 'base' | 'provider'>;

/** start → provider, as the browser goes: the provider's redirect back to the callback, not followed yet. */
export async function toGoogleCallback({ base }: GoogleSetup, jar: CookieJar, query = ''): Promise<URL> {
  const start = await jar.get(`${base}/api/auth/oauth/google/start${query}`);
  expect(start.status).toBe(302);
  const atProvider = await jar.get(new URL(start.headers.get('location')!, base));
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get('location')!, base);
  expect(callback.pathname).toBe('/api/auth/oauth/google/callback');
  return callback;
}

/**
 * The whole browser journey as `identity` (`query`: what the dialog sends along): start → provider
 * → callback. Returns the callback's redirect and the jar, which holds the session when one began.
 */
export async function socialSignIn(
  google: GoogleSetup,
  identity: OidcIdentity,
  { query = '', jar = new CookieJar() }: { query?: string; jar?: CookieJar } = {},
) {
  google.provider.setIdentity(identity);
  const res = await jar.get(await toGoogleCallback(google, jar, query));
  expect(res.status).toBe(302);
  return { res, jar };
}

// ---- HTTP with cookies -----------------------------------------------------------------------------

/** The cookies a browser would hold, from Set-Cookie headers (path and expiry ignored). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(response: Response): this {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) =>
          /^\s*max-age=0\s*$/i.test(a) ||
          (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** POST of JSON, sending and then storing cookies (as the browser's fetch does on our origin). */
  async post(url: string | URL, body: unknown): Promise<Response> {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: this.header(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    this.store(response);
    return response;
  }

  /** GET without following redirects, sending and then storing cookies. */
  async get(url: string | URL): Promise<Response> {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: this.header() } });
    this.store(response);
    return response;
  }
}
