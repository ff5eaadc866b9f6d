// The one way an API test acts as a user (test kit, STYLE.md convention 11): an `Actor` is an account
// with a session and the calls it makes, each a real request through the app with the session cookie
// and its own client address.
//
//   const investor = await signedInAs(app, 'investor');          // a new verified user of the role
//   const admin = await actorFor(app, existingUser);              // a session for a user a test made
//   const visitor = callsAs(app, null);                           // no session at all
//   const res = await investor.post('/api/create-payment-intent', { amount: '500.00', … });
//
// AuthClient (test/auth.ts), for the suites that check what the auth endpoints leak, sends through
// the same `request` below.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '../domain/users.ts';
import type { App } from '../server/app.ts';
import { eq } from 'drizzle-orm';
import { sessions } from '../server/db/schema/index.ts';
import {
  BROWSER_SESSION_MAX_MS,
  createSession,
  hashToken,
  IDLE_TIMEOUT_MS,
  PERSISTENT_TTL_MS,
  SESSION_COOKIE,
  type UserRow,
} from '../server/features/accounts/index.ts';
import { createUser, type NewUser } from './app.ts';
import { passAppropriateness } from './investing.ts';

let ipCounter = 0;
/**
 * A client address no other request used. Rate limits count per IP, so by default every request comes
 * from its own address and tests don't use up each other's limits; a test about a limit passes one.
 */
export function freshIp(): string {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One request as a browser sends it: JSON body, the session cookie, its own client address. */
export async function request(
  app: App,
  method: Method,
  url: string,
  body?: Json | string,
  { token, headers, ip }: { token?: string | null; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: ip ?? freshIp(),
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { cookie: `${SESSION_COOKIE}=${token}` }),
      ...headers,
    },
    ...(body !== undefined && { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

export interface Actor {
  user: Awaited<ReturnType<typeof createUser>>;
  token: string;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: Json | string): Promise<LightMyRequestResponse>;
  patch(url: string, body?: Json | string): Promise<LightMyRequestResponse>;
  put(url: string, body?: Json | string): Promise<LightMyRequestResponse>;
}

/**
 * A user of the role (KYC approved, active, company fields for traders and buyers) with a session. An
 * investor has taken the knowledge test (passed, through the API) unless `appropriateness: false`.
 */
export async function signedInAs(
  app: App,
  role: Role,
  overrides: Partial<NewUser> = {},
  { appropriateness = true }: { appropriateness?: boolean } = {},
): Promise<Actor> {
  const user = await createUser(app.db, {
    role,
    // Each company its own registration number: no two verified companies share name and number.
    ...(role === 'trader' && { companyName: 'Test Trading Ltd', registrationNumber: `REG-${randomUUID()}` }),
    ...(role === 'buyer' && { companyName: 'Test Steel GmbH', buyerIndustry: 'steel' }),
    ...overrides,
  });
  const { token } = await createSession(app.db, user.id, { persistent: false }, app.clock());
  const actor = { user, token, ...callsAs(app, token) };
  if (role === 'investor' && appropriateness && user.accountStatus === 'active')
    await passAppropriateness(actor);
  return actor;
}

/** A session for a user the test made itself (any role or state), with its calls. */
export async function actorFor(app: App, user: UserRow): Promise<Actor> {
  const { token } = await createSession(app.db, user.id, { persistent: false }, app.clock());
  return { user, token, ...callsAs(app, token) };
}

/**
 * A test actor lives through days or years of the app's clock (deadlines, two-year tests) as a person
 * who signs in again whenever their session has ended by that clock: a session the clock has carried
 * past its end starts afresh, same token, before the request. One that was ended (signed out,
 * suspended, password changed) is gone and stays gone: those requests are refused as before.
 */
export async function signInAgainIfTimedOut(app: App, token: string): Promise<void> {
  const now = app.clock();
  const [session] = await app.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!session) return;
  const end = Math.min(
    session.expiresAt.getTime(),
    session.createdAt.getTime() + (session.persistent ? PERSISTENT_TTL_MS : BROWSER_SESSION_MAX_MS),
  );
  if (end > now.getTime()) return;
  await app.db
    .update(sessions)
    .set({
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + (session.persistent ? PERSISTENT_TTL_MS : IDLE_TIMEOUT_MS)),
    })
    .where(eq(sessions.tokenHash, session.tokenHash));
}

/** Requests with a session cookie (or none), each from its own client address. */
export function callsAs(app: App, token: string | null) {
  const call = async (method: Method, url: string, body?: Json | string) => {
    if (token) await signInAgainIfTimedOut(app, token);
    return request(app, method, url, body, { token });
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: Json | string) => call('POST', url, body),
    patch: (url: string, body?: Json | string) => call('PATCH', url, body),
    put: (url: string, body?: Json | string) => call('PUT', url, body),
  };
}
