// Stripe mode, through the official `stripe` package against a local stand-in of the endpoints we
// call (Stripe's servers are out of reach here): amounts in exact cents with idempotency keys, the
// record call checked with Stripe, and the signed webhook that records payments whose browser left.
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { campaigns, investments } from '../../db/schema/index.ts';
import { buildAppWithSettings } from '../../../test/auth-services.ts';
import { buildTestApp, createCampaign } from '../../../test/app.ts';
import { callsAs, openIntent, signedInAs, type Actor } from '../../../test/investing.ts';
import { startStripeStandIn } from '../../../test/stripe-stand-in.ts';

let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let app: App;
let investor: Actor;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  app = await buildAppWithSettings({ stripe: stripe.settings });
  investor = await signedInAs(app, 'investor');
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const record = (paymentIntentId: string, campaignId: string) =>
  investor.post('/api/investments', { paymentIntentId, campaignId, investorId: investor.user.id });

/** A webhook delivery as Stripe sends it: the event JSON, signed over the raw body. */
function deliver(event: object, secret = stripe.settings.webhookSecret!) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}
const succeededEvent = (eventId: string, intentId: string) => ({
  id: eventId,
  object: 'event',
  type: 'payment_intent.succeeded',
  data: { object: { id: intentId, object: 'payment_intent' } },
});
const statusOf = async (intentId: string) =>
  (await app.db.select().from(investments).where(eq(investments.stripePaymentId, intentId)))[0]?.status;

describe('Stripe mode', () => {
  it('tells the client to use Stripe Elements with the publishable key, and lets Stripe.js load', async () => {
    const res = await callsAs(app, null).get('/api/payments/config');
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_standin' });
    // The CSP is widened for Stripe's hosts in Stripe mode only (a sandbox server keeps them out).
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com;/);
    expect(csp).toMatch(
      /frame-src https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com https:\/\/hooks\.stripe\.com/,
    );
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    const sandboxApp = await buildTestApp();
    const sandboxCsp = String(
      (await sandboxApp.inject({ url: '/api/payments/config' })).headers['content-security-policy'],
    );
    expect(sandboxCsp).not.toContain('stripe');
    // The sandbox's card step does not exist in Stripe mode.
    const sandbox = await investor.post('/api/sandbox/payment-intents/pi_x/confirm', {
      clientSecret: 'x',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
    expect(sandbox.statusCode).toBe(404);
  });

  it('creates the intent at Stripe in exact cents, with the metadata and an idempotency key', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign, '2500.55');
    const create = stripe.calls.findLast((c) => c.path === '/v1/payment_intents')!;
    const [row] = await app.db
      .select()
      .from(investments)
      .where(eq(investments.stripePaymentId, paymentIntentId));
    expect(create.form).toMatchObject({
      amount: '250055',
      currency: 'usd',
      'metadata[investmentId]': row!.id,
      'metadata[campaignId]': campaign.id,
      'metadata[investorId]': investor.user.id,
    });
    expect(create.idempotencyKey).toBe(`intent-${row!.id}`);
    expect(clientSecret).toBe(stripe.intent(paymentIntentId)!.client_secret);
  });

  it('records only once Stripe says the payment succeeded, then answers replays the same', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId } = await openIntent(investor, campaign, '1200.00');
    expect((await record(paymentIntentId, campaign.id)).statusCode).toBe(409);
    stripe.succeed(paymentIntentId);
    const first = await record(paymentIntentId, campaign.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ amount: '1200.00', status: 'confirmed', escrowStatus: 'held' });
    const again = await record(paymentIntentId, campaign.id);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.raisedAmount).toBe('1200.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('records a payment from the signed webhook when the browser never calls back, once per event', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId } = await openIntent(investor, campaign, '800.00');
    stripe.succeed(paymentIntentId);
    const res = await deliver(succeededEvent('evt_paid_1', paymentIntentId));
    expect(res.statusCode).toBe(200);
    expect(await statusOf(paymentIntentId)).toBe('confirmed');
    // Stripe delivers at least once: the same event again, and a second event for the same intent.
    expect((await deliver(succeededEvent('evt_paid_1', paymentIntentId))).statusCode).toBe(200);
    expect((await deliver(succeededEvent('evt_paid_2', paymentIntentId))).statusCode).toBe(200);
    const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.raisedAmount).toBe('800.00');
  });

  it('refuses a webhook without a valid signature, changing nothing', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId } = await openIntent(investor, campaign, '900.00');
    stripe.succeed(paymentIntentId);
    const forged = await deliver(succeededEvent('evt_forged', paymentIntentId), 'whsec_not_ours');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'Invalid Stripe signature' });
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(succeededEvent('evt_unsigned', paymentIntentId)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await statusOf(paymentIntentId)).toBe('pending');
  });

  it('answers an outage at Stripe with a clear 502 and frees the reservation', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '1000' });
    stripe.failNext(3); // the first try and the client library's two retries
    const res = await investor.post('/api/create-payment-intent', {
      amount: '1000.00',
      campaignId: campaign.id,
      investorId: investor.user.id,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'The payment provider could not be reached. Nothing was charged; please try again.',
    });
    // The whole campaign is open again at once.
    expect((await openIntent(investor, campaign, '1000.00')).paymentIntentId).toMatch(/^pi_/);
  });
});
