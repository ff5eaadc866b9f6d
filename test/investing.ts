// Test kit for the API suites that move money: an investor's knowledge test, and an investment through
// the real flow (intent → sandbox card → record), as the browser makes it. Acting as a user: test/actor.ts.
//
//   const investor = await signedInAs(app, 'investor');
//   const { record } = await investIn(app, investor, campaign, '2500.00');
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { APPROPRIATENESS_QUESTIONS } from '../domain/investor-protection.ts';
import { SANDBOX_SUCCESS_CARD } from '../domain/payments.ts';
import type { App } from '../server/app.ts';
import type { Actor } from './actor.ts';

type Json = Record<string, unknown>;

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
