// Test kit for the API suites that move money: a signed-in user of a role in one call, and an
// investment through the real flow (intent → sandbox card → record), as the browser makes it.
//
//   const investor = await signedInAs(app, 'investor');
//   const res = await investor.post('/api/create-payment-intent', { amount: '500.00', … });
//   const { record } = await investIn(app, investor, campaign, '2500.00');
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
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

/** A user of the role (KYC approved, active, company fields for traders and buyers) with a session. */
export async function signedInAs(app: App, role: Role, overrides: Partial<NewUser> = {}): Promise<Actor> {
  const user = await createUser(app.db, {
    role,
    // Each company its own registration number: no two verified companies share name and number.
    ...(role === 'trader' && { companyName: 'Test Trading Ltd', registrationNumber: `REG-${randomUUID()}` }),
    ...(role === 'buyer' && { companyName: 'Test Steel GmbH', buyerIndustry: 'steel' }),
    ...overrides,
  });
  const { token } = await createSession(app.db, user.id, { persistent: false });
  return { user, token, ...callsAs(app, token) };
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
  const res = await investor.post('/api/create-payment-intent', {
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
  const intent = await investor.post('/api/create-payment-intent', {
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
