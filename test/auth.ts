// Test kit for the account API suites (server/features/accounts/*.test.ts): a client that calls the app
// with or without a session cookie and remembers every response body, every session token and every
// password it saw, so a file can assert at its end that no response ever carried a secret.
//
//   const api = new AuthClient(app);
//   const { token, user } = await api.signup('trader');
//   await api.verifyEmail(user.email);             // opens the link of the emailed verification
//   const res = await api.get('/api/auth/me', { token });
//   afterAll(() => api.expectNoSecretsInResponses());
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SignupInput } from '../domain/auth.ts';
import type { SignupRole } from '../domain/users.ts';
import type { App } from '../server/app.ts';
import { emailOutbox } from '../server/db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '../server/features/accounts/index.ts';
import { request } from './actor.ts';
import { waitUntil } from './auth-services.ts';

export const VERIFY_SUBJECT = 'Verify your email address for HydroBridge';

/** The newest development-outbox email to `to` with this subject, once it is there (emails leave in the background). */
export async function outboxMail(app: App, to: string, subject: string) {
  return waitUntil(async () => {
    const [row] = await app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), eq(emailOutbox.subject, subject)))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    return row;
  }, `an outbox email "${subject}" to ${to}`);
}

/** The token of the first `<path>?token=…` link in an email's text. */
export function linkToken(text: string, path: '/reset-password' | '/verify-email'): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}

/** The password of accounts created through `AuthClient.signup`. */
export const PASSWORD = 'Correct-horse-battery-42';

let accountCounter = 0;
/** A complete, valid sign-up body for the role (unique username and email), with overrides. */
export function signupBody(role: SignupRole, overrides: Partial<SignupInput> = {}): SignupInput {
  const n = `${++accountCounter}${randomUUID().slice(0, 6)}`;
  return {
    role,
    username: `${role}_${n}`,
    email: `${role}.${n}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    termsAccepted: true,
    ...(role === 'investor' && { riskDisclosureAccepted: true }),
    ...(role !== 'investor' && { companyName: 'Green Molecules Ltd' }),
    ...(role === 'trader' && { registrationNumber: 'GB-12345678' }),
    ...(role === 'buyer' && { buyerIndustry: 'steel' as const }),
    ...overrides,
  };
}

/** The session cookie a response sets: its value and its raw `Set-Cookie` line. */
export function sessionCookie(res: {
  headers: Record<string, unknown>;
}): { value: string; raw: string } | null {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? (header as string[]) : typeof header === 'string' ? [header] : [];
  const raw = lines.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!raw) return null;
  return { value: decodeURIComponent(raw.slice(SESSION_COOKIE.length + 1).split(';')[0]!), raw };
}

export interface CallOptions {
  /** Session token sent as the session cookie. */
  token?: string | null | undefined;
  headers?: Record<string, string>;
  /** Client address; a fresh one per request when omitted (see freshIp). */
  ip?: string;
}

type Method = 'GET' | 'POST' | 'PATCH';
type Payload = Record<string, unknown> | string | undefined;

const PASSWORD_FIELDS = ['password', 'confirmPassword', 'currentPassword', 'newPassword'];

export class AuthClient {
  /** Every response body seen, in order. */
  readonly bodies: string[] = [];
  /** Every session token issued (Set-Cookie) or created for the tests, and every emailed link token used. */
  readonly tokens = new Set<string>();
  /** Every password of 8+ characters sent. */
  readonly passwords = new Set<string>();

  constructor(readonly app: App) {}

  async call(method: Method, url: string, payload?: Payload, options: CallOptions = {}) {
    if (payload && typeof payload === 'object') {
      for (const field of PASSWORD_FIELDS) {
        const value = payload[field];
        if (typeof value === 'string' && value.length >= 8) this.passwords.add(value);
      }
    }
    const res = await request(this.app, method, url, payload, options);
    this.record(res.body, res);
    return res;
  }

  get(url: string, options?: CallOptions) {
    return this.call('GET', url, undefined, options);
  }

  post(url: string, payload?: Payload, options?: CallOptions) {
    return this.call('POST', url, payload, options);
  }

  patch(url: string, payload?: Payload, options?: CallOptions) {
    return this.call('PATCH', url, payload, options);
  }

  /** Remembers a body (and the session token its headers set), e.g. of a real HTTP response. */
  record(body: string, res?: { headers: Record<string, unknown> }): void {
    this.bodies.push(body);
    const cookie = res && sessionCookie(res);
    if (cookie?.value) this.tokens.add(cookie.value);
  }

  /** Signs up a new account of the role through the API; expects success. */
  async signup(role: SignupRole, overrides: Partial<SignupInput> = {}, options?: CallOptions) {
    const body = signupBody(role, overrides);
    const res = await this.post('/api/auth/signup', body, options);
    expect(res.statusCode, res.body).toBe(201);
    const cookie = sessionCookie(res);
    expect(cookie).not.toBeNull();
    return { res, body, user: res.json(), token: cookie!.value, cookie: cookie! };
  }

  async signin(payload: Record<string, unknown>, options?: CallOptions) {
    const res = await this.post('/api/auth/signin', payload, options);
    return { res, token: sessionCookie(res)?.value ?? null, cookie: sessionCookie(res) };
  }

  /** Opens the newest verification link emailed to `email` (outbox), as its owner would; expects 200. */
  async verifyEmail(email: string): Promise<string> {
    const token = linkToken((await outboxMail(this.app, email, VERIFY_SUBJECT)).text, '/verify-email');
    this.tokens.add(token);
    const res = await this.post('/api/auth/verify-email', { token });
    expect(res.statusCode, res.body).toBe(200);
    return token;
  }

  /** GET /api/auth/me with the token: its status says whether the session works. */
  async meStatus(token: string | null | undefined): Promise<number> {
    return (await this.get('/api/auth/me', { token })).statusCode;
  }

  /** A session straight in the database (no password hashing): for tests about what a session does. */
  async session(userId: string, persistent = false): Promise<string> {
    const { token } = await createSession(this.app.db, userId, { persistent }, this.app.clock());
    this.tokens.add(token);
    return token;
  }

  /** Secrets found in `text`: a session token, a password sent, or an argon2 hash. */
  secretsIn(text: string): string[] {
    const found: string[] = [];
    if (text.includes('$argon2')) found.push('an argon2 password hash');
    for (const token of this.tokens) if (text.includes(token)) found.push(`session token ${token}`);
    for (const password of this.passwords) if (text.includes(password)) found.push(`password ${password}`);
    return found;
  }

  /**
   * No response body held a password hash, a session token or a password, nor a `password`-like key
   * outside the validation `fields` map (which names form fields, never values).
   */
  expectNoSecretsInResponses(): void {
    const problems: string[] = [];
    this.bodies.forEach((body, i) => {
      for (const secret of this.secretsIn(body)) problems.push(`response #${i} contains ${secret}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return;
      }
      for (const key of secretKeys(parsed)) problems.push(`response #${i} has a "${key}" key`);
    });
    expect(problems).toEqual([]);
  }
}

function secretKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(secretKeys);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    if (key === 'fields') return [];
    const own = /password|token|hash|secret/i.test(key) ? [key] : [];
    return [...own, ...secretKeys(inner)];
  });
}
