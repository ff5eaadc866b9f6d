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
import { createSession, SESSION_COOKIE } from '../server/features/auth/sessions.ts';
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
  // Remembered (30 days of the app's clock): tests move the clock by days with the same actors.
  const { token } = await createSession(app.db, user.id, { persistent: true }, app.clock());
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
export function callsAs(app: App, token: string | null) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: Json | string) =>
    app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(token && { cookie: `${SESSION_COOKIE}=${token}` }),
      },
      ...(body !== undefined && { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
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
