// Stripe mode, through the official `stripe` package against a local stand-in of the endpoints we
// call (Stripe's servers are out of reach here): manual-capture intents in exact cents with idempotency
// keys; a hold recorded by the record call or the signed webhook, captured once; a hold that no longer
// fits released uncharged; refunds; payouts to connected accounts; and the ledger reconciled with
// what Stripe's lists report.
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_END_MESSAGES } from '../../../domain/payment-lifecycle.ts';
import { SANDBOX_PAYING_IBAN } from '../../../domain/payments.ts';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { campaigns, investments, payments } from '../../db/schema/index.ts';
import { sweepPayments } from '../money/index.ts';
import { buildAppWithSettings } from '../../../test/auth-services.ts';
import { buildTestApp, campaignBody, createCampaign } from '../../../test/app.ts';
import { openIntent, postIntent } from '../../../test/investing.ts';
import { callsAs, signedInAs, type Actor } from '../../../test/actor.ts';
import { addBankAccount, startTrading } from '../../../test/money.ts';
import { startStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { approveCampaign } from '../../../test/diligence.ts';

let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let app: App;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  app = await buildAppWithSettings({ stripe: stripe.settings });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

/** A new investor per test: each has its own caps (live holds, intents per 10 minutes). */
const newInvestor = () => signedInAs(app, 'investor');
const record = (investor: Actor, paymentIntentId: string, campaignId: string) =>
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
const heldEvent = (eventId: string, intentId: string) => ({
  id: eventId,
  object: 'event',
  type: 'payment_intent.amount_capturable_updated',
  data: { object: { id: intentId, object: 'payment_intent' } },
});
const investmentOf = async (intentId: string) =>
  (
    await app.db
      .select({ investment: investments, payment: payments })
      .from(investments)
      .innerJoin(payments, eq(payments.id, investments.paymentId))
      .where(eq(payments.intentId, intentId))
  )[0]!;
const raisedOf = async (id: string) =>
  (await app.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.raisedAmount;
const captureCalls = (intentId: string) =>
  stripe.calls.filter((c) => c.path === `/v1/payment_intents/${intentId}/capture`);

describe('Stripe mode', () => {
  it('tells the client to use Stripe Elements with the publishable key, and lets Stripe.js load', async () => {
    const investor = await newInvestor();
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

  it('creates a manual-capture intent at Stripe in exact cents, with the metadata and an idempotency key', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign, '2500.55');
    const create = stripe.calls.findLast((c) => c.method === 'POST' && c.path === '/v1/payment_intents')!;
    const { investment, payment } = await investmentOf(paymentIntentId);
    expect(create.form).toMatchObject({
      amount: '250055',
      currency: 'usd',
      // A hold: nothing is taken until the server captures it.
      capture_method: 'manual',
      'metadata[paymentId]': payment.id,
      'metadata[purpose]': 'investment',
      'metadata[payerId]': investor.user.id,
      'metadata[subjectId]': investment.id,
    });
    expect(create.idempotencyKey).toBe(`intent-${payment.id}`);
    expect(clientSecret).toBe(stripe.intent(paymentIntentId)!.client_secret);
    expect(investment).toMatchObject({ status: 'pending', amount: '2500.55' });
  });

  it('records a hold only once Stripe holds the card: captured once, booked once, replays answer the same', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const { paymentIntentId } = await openIntent(investor, campaign, '1200.00');
    const unpaid = await record(investor, paymentIntentId, campaign.id);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({
      error: 'This payment has not succeeded, so no investment was recorded.',
    });

    stripe.authorize(paymentIntentId);
    const first = await record(investor, paymentIntentId, campaign.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ amount: '1200.00', status: 'confirmed', escrowStatus: 'held' });
    // Captured at Stripe, with a key that makes a retried capture take nothing more.
    const { payment } = await investmentOf(paymentIntentId);
    expect(captureCalls(paymentIntentId).map((c) => c.idempotencyKey)).toEqual([`capture-${payment.id}`]);
    expect(stripe.intent(paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amount_received: 120000,
      amount_capturable: 0,
    });

    const again = await record(investor, paymentIntentId, campaign.id);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(captureCalls(paymentIntentId)).toHaveLength(1);
    expect(await raisedOf(campaign.id)).toBe('1200.00');
  });

  it('records a hold from the signed webhook when the browser never calls back, once per event', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const { paymentIntentId } = await openIntent(investor, campaign, '800.00');
    stripe.authorize(paymentIntentId);
    const res = await deliver(heldEvent('evt_held_1', paymentIntentId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await investmentOf(paymentIntentId)).investment.status).toBe('confirmed');
    // Stripe delivers at least once: the same event again, and a later event for the same intent.
    expect((await deliver(heldEvent('evt_held_1', paymentIntentId))).statusCode).toBe(200);
    expect(
      (
        await deliver({
          ...heldEvent('evt_succeeded_1', paymentIntentId),
          type: 'payment_intent.succeeded',
        })
      ).statusCode,
    ).toBe(200);
    expect(await raisedOf(campaign.id)).toBe('800.00');
    expect(captureCalls(paymentIntentId)).toHaveLength(1);
    // The browser's late record call answers the same investment.
    const late = await record(investor, paymentIntentId, campaign.id);
    expect(late.statusCode).toBe(200);
    expect(late.json().status).toBe('confirmed');
  });

  it('releases a hold that no longer fits, never capturing it: the investor hears the campaign filled up', async () => {
    const [late, early] = [await newInvestor(), await newInvestor()];
    const campaign = await createCampaign(app.db, { targetAmount: '2000' });
    const slow = await openIntent(late, campaign, '1500.00');
    const fast = await openIntent(early, campaign, '2000.00');
    stripe.authorize(fast.paymentIntentId);
    expect((await record(early, fast.paymentIntentId, campaign.id)).statusCode).toBe(201);

    stripe.authorize(slow.paymentIntentId);
    const res = await record(late, slow.paymentIntentId, campaign.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: PAYMENT_END_MESSAGES.filled_up });
    expect(captureCalls(slow.paymentIntentId)).toHaveLength(0);
    expect(stripe.intent(slow.paymentIntentId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect((await investmentOf(slow.paymentIntentId)).investment.status).toBe('voided');
    expect(await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id))).toMatchObject([
      { raisedAmount: '2000.00', status: 'funded' },
    ]);
    // Asked again, the same answer.
    expect((await record(late, slow.paymentIntentId, campaign.id)).json()).toEqual({
      error: PAYMENT_END_MESSAGES.filled_up,
    });
  });

  it('refuses a webhook without a valid signature, changing nothing', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const { paymentIntentId } = await openIntent(investor, campaign, '900.00');
    stripe.authorize(paymentIntentId);
    const forged = await deliver(heldEvent('evt_forged', paymentIntentId), 'whsec_not_ours');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'Invalid Stripe signature' });
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(heldEvent('evt_unsigned', paymentIntentId)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await investmentOf(paymentIntentId)).payment.status).toBe('created');
    expect(stripe.intent(paymentIntentId)!.status).toBe('requires_capture');
    expect(captureCalls(paymentIntentId)).toHaveLength(0);
  });

  it('answers an outage at Stripe with a clear 502; no attempt is written and nothing counts against the campaign', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db, { targetAmount: '1000' });
    stripe.failNext(3, /^POST \/v1\/payment_intents$/); // the first try and the client library's two retries
    const res = await postIntent(investor, '/api/create-payment-intent', {
      amount: '1000.00',
      campaignId: campaign.id,
      investorId: investor.user.id,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'The payment provider could not be reached. Nothing was charged; please try again.',
    });
    // The intent comes first: without one, nothing is written.
    expect(await app.db.select().from(investments).where(eq(investments.campaignId, campaign.id))).toEqual(
      [],
    );
    // The whole campaign is open at once.
    expect((await openIntent(investor, campaign, '1000.00')).paymentIntentId).toMatch(/^pi_/);
  });

  it("answers an amount above Stripe's card limit with a 400 at the amount, never a 500", async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db, { targetAmount: '2000000' });
    const res = await postIntent(investor, '/api/create-payment-intent', {
      amount: '1000000.00',
      campaignId: campaign.id,
      investorId: investor.user.id,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: 'A card payment can be at most $999,999.99',
      fields: { amount: 'A card payment can be at most $999,999.99' },
    });
    expect(await app.db.select().from(investments).where(eq(investments.campaignId, campaign.id))).toEqual(
      [],
    );
    // The most a card can pay goes through.
    expect((await openIntent(investor, campaign, '999999.99')).paymentIntentId).toMatch(/^pi_/);
  });

  it('keeps a hold whose capture met an outage: it counts, and the sweep captures it once Stripe is back', async () => {
    const [investor, other] = [await newInvestor(), await newInvestor()];
    const campaign = await createCampaign(app.db, { targetAmount: '1000' });
    const { paymentIntentId } = await openIntent(investor, campaign, '1000.00');
    stripe.authorize(paymentIntentId);
    stripe.failNext(3, /\/capture$/);
    const res = await record(investor, paymentIntentId, campaign.id);
    expect(res.statusCode).toBe(502);
    expect(stripe.intent(paymentIntentId)!.status).toBe('requires_capture');
    // The hold counts against the open amount while it waits: nobody else can take that slice.
    const refused = await postIntent(other, '/api/create-payment-intent', {
      amount: '100.00',
      campaignId: campaign.id,
      investorId: other.user.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^Nothing is open in this campaign right now/);

    expect(await sweepPayments(app.money)).toMatchObject({ captured: 1 });
    expect(stripe.intent(paymentIntentId)).toMatchObject({ status: 'succeeded', amount_received: 100000 });
    const after = await record(investor, paymentIntentId, campaign.id);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: 'confirmed', escrowStatus: 'held' });
    expect(await raisedOf(campaign.id)).toBe('1000.00');
  });

  it("refunds a cancelled campaign's investors through Stripe, once each", async () => {
    const investor = await newInvestor();
    const admin = await signedInAs(app, 'admin');
    const campaign = await createCampaign(app.db);
    const { paymentIntentId } = await openIntent(investor, campaign, '700.00');
    stripe.authorize(paymentIntentId);
    expect((await record(investor, paymentIntentId, campaign.id)).statusCode).toBe(201);
    const cancel = await admin.post(`/api/campaigns/${campaign.id}/transitions`, {
      to: 'cancelled',
      reason: 'Carrier withdrew',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { investment, payment } = await investmentOf(paymentIntentId);
    expect(investment.status).toBe('refunded');
    const refunds = stripe.calls.filter(
      (c) => c.path === '/v1/refunds' && c.form.payment_intent === paymentIntentId,
    );
    expect(refunds.map((c) => c.idempotencyKey)).toEqual([`refund-${payment.id}`]);
    expect(stripe.intent(paymentIntentId)!.charge).toMatchObject({ amount_refunded: 70000, refunded: true });
    expect(await raisedOf(campaign.id)).toBe('0.00');
  });

  it("pays a release out to the trader's connected account, and returns a transfer the bank refused", async () => {
    for (const [iban, expected] of [
      [SANDBOX_PAYING_IBAN, 'paid'],
      ['DE35370400440532013002', 'failed'],
    ] as const) {
      const trader = await signedInAs(app, 'trader');
      await addBankAccount(trader, iban);
      const account = stripe.calls.findLast((c) => c.path === '/v1/accounts')!;
      expect(account.form).toMatchObject({
        type: 'custom',
        'external_account[account_number]': iban,
        'external_account[account_holder_name]': 'Test Trading Ltd',
      });
      const created = await trader.post('/api/campaigns', campaignBody({ targetAmount: '1000' }));
      expect(created.statusCode, created.body).toBe(201);
      const campaign = created.json<{ id: string }>();
      await approveCampaign(app, trader, campaign);
      const investor = await signedInAs(app, 'investor', { isAccredited: true }); // no reflection period: trades at once
      const { paymentIntentId } = await openIntent(investor, campaign, '1000.00');
      stripe.authorize(paymentIntentId);
      expect((await record(investor, paymentIntentId, campaign.id)).statusCode).toBe(201);

      await startTrading(trader, campaign);
      const sent = stripe.transfers().filter((t) => t.metadata.userId === trader.user.id);
      expect(sent).toMatchObject([
        { amount: 100000, currency: 'usd', metadata: { purpose: 'disbursement' } },
      ]);
      const cash = (await trader.get('/api/cash-account')).json();
      expect(cash.payouts).toMatchObject([{ purpose: 'disbursement', amount: '1000.00', status: expected }]);
      // A refused transfer's money is back in the trader's balance.
      expect(cash.balance).toBe(expected === 'failed' ? '1000.00' : '0.00');
    }
  });

  it('leaves the ledger and Stripe in agreement: every capture, refund and payout booked once, no void booked', async () => {
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});
