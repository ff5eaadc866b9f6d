// Test kit for the API suites that move money: a signed-in user of a role in one call, and an
// investment through the real flow (intent → sandbox card → record), as the browser makes it.
//
//   const investor = await signedInAs(app, 'investor');
//   const res = await investor.post('/api/create-payment-intent', { amount: '500.00', … });
//   const { record } = await investIn(app, investor, campaign, '2500.00');
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { APPROPRIATENESS_QUESTIONS } from '../domain/investor-protection.ts';
import { SANDBOX_SUCCESS_CARD } from '../domain/payments.ts';
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
} from '../server/features/accounts/index.ts';
import { createUser, type NewUser } from './app.ts';
import { freshIp } from './auth.ts';

type Json = Record<string, unknown>;

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

/** Every question answered right (the test's answers are public: it checks understanding, not luck). */
export const PASSING_ANSWERS = Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.correct]));

/**
 * The knowledge test and loss simulation, as the modal sends them: passed, net worth 100,000 (so the
 * risk warning starts above $5,000) unless overridden.
 */
export function appropriatenessBody(overrides: Json = {}) {
  return {
    answers: PASSING_ANSWERS,
    income: '60000.00',
    liquidAssets: '50000.00',
    commitments: '10000.00',
    ...overrides,
  };
}

export async function passAppropriateness(actor: Pick<Actor, 'post'>, overrides: Json = {}) {
  const res = await actor.post('/api/investor/appropriateness', appropriatenessBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ passed: boolean; maxLoss: string }>();
}

/**
 * POST /api/create-payment-intent as the modal makes it: asked for acknowledgements (428), the investor
 * reads the KIIS (and the warning) and confirms, and the call is repeated with them.
 */
export async function postIntent(
  investor: Pick<Actor, 'post'>,
  url: string,
  body: Json | string,
): Promise<LightMyRequestResponse> {
  const first = await investor.post(url, body);
  if (first.statusCode !== 428 || typeof body === 'string') return first;
  const { kiisVersion } = first.json<{ kiisVersion: number }>();
  return investor.post(url, { ...body, acknowledgements: { kiisVersion, riskWarning: true } });
}

/** Requests with a session cookie (or none), each from its own client address. */
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

export function callsAs(app: App, token: string | null) {
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: Json | string) => {
    if (token) await signInAgainIfTimedOut(app, token);
    return app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { cookie: `${SESSION_COOKIE}=${token}` }),
      },
      ...(body !== undefined && { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: Json | string) => call('POST', url, body),
    patch: (url: string, body?: Json | string) => call('PATCH', url, body),
    put: (url: string, body?: Json | string) => call('PUT', url, body),
  };
}

/** Step 1 for a test that goes on by hand: the intent, which must be created (200). */
export async function openIntent(investor: Actor, campaign: { id: string }, amount = '500.00') {
  const res = await postIntent(investor, '/api/create-payment-intent', {
    amount,
    campaignId: campaign.id,
    investorId: investor.user.id,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ clientSecret: string; paymentIntentId: string }>();
}

/** A card as the sandbox confirm call takes it: the success card, valid until 2030, unless overridden. */
export function card(number: string = SANDBOX_SUCCESS_CARD, overrides: Json = {}) {
  return { number, expMonth: 12, expYear: 2030, cvc: '123', ...overrides };
}

/** The three calls of spec §4: intent, card, record. Each response is returned for the test to check. */
export async function investIn(
  app: App,
  investor: Actor,
  campaign: { id: string },
  amount = '1000.00',
  cardNumber: string = SANDBOX_SUCCESS_CARD,
) {
  const intent = await postIntent(investor, '/api/create-payment-intent', {
    amount,
    campaignId: campaign.id,
    investorId: investor.user.id,
  });
  if (intent.statusCode !== 200) return { intent, confirm: undefined, record: undefined };
  const { clientSecret, paymentIntentId } = intent.json<{ clientSecret: string; paymentIntentId: string }>();
  const confirm = await investor.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    clientSecret,
    card: card(cardNumber),
  });
  const record = await investor.post('/api/investments', {
    paymentIntentId,
    campaignId: campaign.id,
    investorId: investor.user.id,
  });
  return { intent, confirm, record, paymentIntentId, clientSecret };
}
