// The sandbox card step and POST /api/investments: each test card's answer, a hold on the card (never
// a charge) until the server captures it, one investment per payment however often it is recorded,
// payments checked with the provider, giving an unpaid intent up, and the investor's list.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { SandboxProvider } from '../money/index.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import {
  campaigns,
  escrowRecords,
  investments,
  ledgerEntries,
  ledgerTransactions,
  payments,
  sandboxPaymentIntents,
} from '../../db/schema/index.ts';
import { buildTestApp, createCampaign, testClock } from '../../../test/app.ts';
import { card, investIn, openIntent, postIntent } from '../../../test/investing.ts';
import { callsAs, signedInAs, type Actor } from '../../../test/actor.ts';

const clock = testClock();
let app: App;
let sandbox: SandboxProvider;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  sandbox = app.payments as SandboxProvider;
});

/** A new investor per test: each has its own caps (intents per 10 minutes, live holds). */
const newInvestor = () => signedInAs(app, 'investor');
const confirm = (actor: Pick<Actor, 'post'>, id: string, clientSecret: string, cardBody = card()) =>
  actor.post(`/api/sandbox/payment-intents/${id}/confirm`, { clientSecret, card: cardBody });
const record = (actor: Actor, paymentIntentId: string, campaignId: string, investorId = actor.user.id) =>
  actor.post('/api/investments', { paymentIntentId, campaignId, investorId });
/** The card holds the amount at the provider; the server has not heard of it yet (a browser that left). */
const holdAtProvider = (investor: Actor, intent: { paymentIntentId: string; clientSecret: string }) =>
  sandbox.confirm(
    intent.paymentIntentId,
    { clientSecret: intent.clientSecret, card: card() },
    { payerId: investor.user.id },
  );
const campaignRow = async (id: string) =>
  (await app.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
const intentRow = async (id: string) =>
  (await app.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)))[0]!;
const investmentOf = async (intentId: string) =>
  (
    await app.db
      .select({ investment: investments })
      .from(investments)
      .innerJoin(payments, eq(payments.id, investments.paymentId))
      .where(eq(payments.intentId, intentId))
  )[0]!.investment;
const postingsOf = async (investmentId: string) =>
  app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.investmentId, investmentId));

describe('POST /api/sandbox/payment-intents/:id/confirm', () => {
  it('holds the 4242 card: 200 with the intent, and the server captures and records it at once', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign);
    const res = await confirm(investor, paymentIntentId, clientSecret);
    expect(res.statusCode).toBe(200);
    // The fixed contract: "succeeded" means the card step succeeded.
    expect(res.json()).toEqual({ id: paymentIntentId, status: 'succeeded', amount: '500.00' });
    // The server learned of the hold without waiting for the browser's record call, and captured it.
    expect(await investmentOf(paymentIntentId)).toMatchObject({ status: 'confirmed', shares: '0.005000' });
    expect(await intentRow(paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amountCaptured: '500.00',
      amountCapturable: '0.00',
    });
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('500.00');
  });

  it("answers each failing test card with Stripe's message, holding nothing, and the intent stays payable", async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign);
    const failures: Array<[ReturnType<typeof card>, number, string]> = [
      [card('4000000000000002'), 402, 'Your card was declined.'],
      [card('4000 0000 0000 9995'), 402, 'Your card has insufficient funds.'],
      [card('4242424242424241'), 400, 'Your card number is invalid.'],
      [card('4242424242424242', { expMonth: 1, expYear: 2020 }), 402, 'Your card has expired.'],
    ];
    for (const [cardBody, status, error] of failures) {
      const res = await confirm(investor, paymentIntentId, clientSecret, cardBody);
      expect(res.statusCode, error).toBe(status);
      expect(res.json()).toEqual({ error });
    }
    expect(await intentRow(paymentIntentId)).toMatchObject({
      status: 'requires_payment_method',
      amountCapturable: '0.00',
    });
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
    // Another card on the same intent pays it.
    expect(
      (await confirm(investor, paymentIntentId, clientSecret, card('5555555555554444'))).statusCode,
    ).toBe(200);
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('500.00');
  });

  it('confirms a paid intent again with the same answer and charges nothing twice', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => confirm(investor, paymentIntentId, clientSecret)),
    );
    for (const res of answers)
      expect(res.json()).toEqual({ id: paymentIntentId, status: 'succeeded', amount: '500.00' });
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('500.00');
    expect((await intentRow(paymentIntentId)).amountCaptured).toBe('500.00');
    expect(await postingsOf((await investmentOf(paymentIntentId)).id)).toHaveLength(1);
  });

  it('answers 404 to a wrong client secret, an unknown intent, and another investor; 401 to a visitor', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign);
    const other = await newInvestor();
    for (const res of [
      await confirm(investor, paymentIntentId, `${clientSecret}x`),
      await confirm(investor, 'pi_sb_000000000000000000000000', clientSecret),
      await confirm(other, paymentIntentId, clientSecret),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Payment not found' });
    }
    expect((await confirm(callsAs(app, null), paymentIntentId, clientSecret)).statusCode).toBe(401);
    // Nothing was held by any of them: the intent still waits for its investor's card.
    expect((await intentRow(paymentIntentId)).status).toBe('requires_payment_method');
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
  });
});

describe('POST /api/investments', () => {
  it('records a held card once (201): captured, investment, ledger, escrow Held, campaign totals', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db, { targetAmount: '100000' });
    const intent = await openIntent(investor, campaign, '2500.00');
    await holdAtProvider(investor, intent);
    // Held, not charged: nothing counts as raised until the server captures it.
    expect(await intentRow(intent.paymentIntentId)).toMatchObject({
      status: 'requires_capture',
      amountCapturable: '2500.00',
      amountCaptured: '0.00',
    });
    const res = await record(investor, intent.paymentIntentId, campaign.id);
    expect(res.statusCode, res.body).toBe(201);
    const investment = res.json();
    expect(investment).toMatchObject({
      investorId: investor.user.id,
      campaignId: campaign.id,
      campaignTitle: campaign.title,
      amount: '2500.00',
      shares: '0.025000',
      status: 'confirmed',
      stripePaymentId: intent.paymentIntentId,
      escrowStatus: 'held',
      profitShare: null,
    });
    expect((await intentRow(intent.paymentIntentId)).amountCaptured).toBe('2500.00');
    const [posting] = await postingsOf(investment.id);
    expect(posting!.kind).toBe('investment');
    const entries = await app.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, posting!.id));
    expect(entries).toEqual(
      expect.arrayContaining([
        { account: 'clearing:sandbox', amount: '-2500.00' },
        { account: `escrow:${campaign.id}`, amount: '2500.00' },
      ]),
    );
    const [escrow] = await app.db
      .select()
      .from(escrowRecords)
      .where(eq(escrowRecords.investmentId, investment.id));
    expect(escrow).toMatchObject({ status: 'held', amount: '2500.00', campaignId: campaign.id });
    expect(await campaignRow(campaign.id)).toMatchObject({
      raisedAmount: '2500.00',
      investorCount: 1,
      status: 'active',
    });
    // The campaign's public view shows it.
    const view = await callsAs(app, null).get(`/api/campaigns/${campaign.id}`);
    expect(view.json()).toMatchObject({ raisedAmount: '2500.00', investorCount: 1 });

    // A replay answers the same investment (200), posting nothing more.
    const replay = await record(investor, intent.paymentIntentId, campaign.id);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(res.body);
    expect(await postingsOf(investment.id)).toHaveLength(1);
  });

  it('answers 200 with the investment the card step already recorded', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const { record: res, paymentIntentId } = await investIn(app, investor, campaign, '700.00');
    expect(res!.statusCode).toBe(200);
    expect(res!.json()).toMatchObject({
      stripePaymentId: paymentIntentId,
      status: 'confirmed',
      amount: '700.00',
    });
  });

  it('refuses to record an unpaid intent, changing nothing', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const { paymentIntentId } = await openIntent(investor, campaign);
    const res = await record(investor, paymentIntentId, campaign.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This payment has not succeeded, so no investment was recorded.' });
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
    expect(
      await app.db.select().from(escrowRecords).where(eq(escrowRecords.campaignId, campaign.id)),
    ).toEqual([]);
    expect((await investmentOf(paymentIntentId)).status).toBe('pending');
  });

  it("refuses another campaign's id, another investor's id and someone else's payment", async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const otherCampaign = await createCampaign(app.db);
    const other = await newInvestor();
    const intent = await openIntent(investor, campaign);
    await holdAtProvider(investor, intent);
    const mismatch = await record(investor, intent.paymentIntentId, otherCampaign.id);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toEqual({ error: 'This payment was made for another investment.' });
    const asOther = await record(investor, intent.paymentIntentId, campaign.id, other.user.id);
    expect(asOther.statusCode).toBe(403);
    expect(asOther.json()).toEqual({ error: 'You can only invest and see investments as yourself' });
    expect((await record(other, intent.paymentIntentId, campaign.id)).statusCode).toBe(404);
    expect((await record(investor, 'pi_sb_unknown', campaign.id)).statusCode).toBe(404);
    // None of these touched the hold; its own investor records it.
    expect((await intentRow(intent.paymentIntentId)).status).toBe('requires_capture');
    const own = await record(investor, intent.paymentIntentId, campaign.id);
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ investorId: investor.user.id, campaignId: campaign.id });
  });

  it('refuses malformed input with 400 naming the field', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const body = { paymentIntentId: 'pi_sb_x', campaignId: campaign.id, investorId: investor.user.id };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...body, paymentIntentId: 'ch_123' }, 'paymentIntentId'],
      [{ ...body, paymentIntentId: undefined }, 'paymentIntentId'],
      [{ ...body, campaignId: 'nope' }, 'campaignId'],
      [{ ...body, investorId: 42 }, 'investorId'],
    ];
    for (const [payload, field] of cases) {
      const res = await investor.post('/api/investments', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect((await investor.post('/api/investments', { ...body, amount: '5.00' })).statusCode).toBe(400);
  });

  it('trusts only the provider: a hold whose amount differs from the investment is neither recorded nor charged', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const intent = await openIntent(investor, campaign, '900.00');
    // As if the provider held another amount than the one the investment is for.
    await app.db
      .update(sandboxPaymentIntents)
      .set({ amount: '9.00' })
      .where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
    expect((await confirm(investor, intent.paymentIntentId, intent.clientSecret)).statusCode).toBe(200);
    const res = await record(investor, intent.paymentIntentId, campaign.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This payment was made for another investment.');
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
    expect((await intentRow(intent.paymentIntentId)).amountCaptured).toBe('0.00');
  });

  it('funds the campaign at its target and counts each investor once', async () => {
    const [first, second] = [await newInvestor(), await newInvestor()];
    const campaign = await createCampaign(app.db, { targetAmount: '3000' });
    await investIn(app, first, campaign, '1000.00');
    await investIn(app, first, campaign, '1000.00');
    expect(await campaignRow(campaign.id)).toMatchObject({ investorCount: 1, status: 'active' });
    const last = await investIn(app, second, campaign, '1000.00');
    expect(last.record!.json().shares).toBe('0.333333');
    expect(await campaignRow(campaign.id)).toMatchObject({
      raisedAmount: '3000.00',
      investorCount: 2,
      status: 'funded',
    });
    const closed = await postIntent(second, '/api/create-payment-intent', {
      amount: '100.00',
      campaignId: campaign.id,
      investorId: second.user.id,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ error: 'This campaign is fully funded' });
  });

  it('refuses to record an intent that lapsed unpaid: nothing was charged', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const { paymentIntentId } = await openIntent(investor, campaign);
    expect((await investor.post(`/api/payment-intents/${paymentIntentId}/cancel`)).statusCode).toBe(200);
    const res = await record(investor, paymentIntentId, campaign.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'This payment has expired and nothing was charged. Please start your investment again.',
    });
  });
});

describe('GET /api/investments', () => {
  it("lists the investor's own investments, newest first, without attempts never charged", async () => {
    const reader = await newInvestor();
    const a = await createCampaign(app.db, { title: 'Older cargo' });
    const b = await createCampaign(app.db, { title: 'Newer cargo' });
    await investIn(app, reader, a, '1000.00');
    clock.advance(1000);
    await investIn(app, reader, b, '2000.00');
    clock.advance(1000);
    await openIntent(reader, b, '300.00'); // never paid: not an investment
    const res = await reader.get(`/api/investments?investorId=${reader.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((i: { campaignTitle: string; amount: string; status: string; escrowStatus: string | null }) => [
          i.campaignTitle,
          i.amount,
          i.status,
          i.escrowStatus,
        ]),
    ).toEqual([
      ['Newer cargo', '2000.00', 'confirmed', 'held'],
      ['Older cargo', '1000.00', 'confirmed', 'held'],
    ]);
  });

  it("refuses another investor's list, lets an admin read it, and refuses visitors", async () => {
    const investor = await newInvestor();
    const other = await newInvestor();
    const admin = await signedInAs(app, 'admin');
    expect((await other.get(`/api/investments?investorId=${investor.user.id}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/investments?investorId=${investor.user.id}`)).statusCode).toBe(200);
    expect((await callsAs(app, null).get(`/api/investments?investorId=${investor.user.id}`)).statusCode).toBe(
      401,
    );
    expect((await other.get('/api/investments?investorId=nope')).statusCode).toBe(400);
  });

  it('keeps a cancelled campaign visible to its backers only', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    await investIn(app, investor, campaign, '500.00');
    // Cancelled the one way there is: by an admin, every investment refunded (its backer stays one).
    const admin = await signedInAs(app, 'admin');
    const cancel = await admin.post(`/api/campaigns/${campaign.id}/transitions`, {
      to: 'cancelled',
      reason: 'Carrier withdrew',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await investor.get(`/api/campaigns/${campaign.id}`)).statusCode).toBe(200);
    const list = await investor.get(`/api/investments?investorId=${investor.user.id}`);
    expect(list.json()).toMatchObject([{ status: 'refunded', escrowStatus: 'refunded' }]);
    const stranger = await newInvestor();
    expect((await stranger.get(`/api/campaigns/${campaign.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/payment-intents/:id/cancel', () => {
  it('gives an unpaid intent up: cancelled at the provider, it can no longer be paid', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db, { targetAmount: '5000' });
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign, '5000.00');
    const res = await investor.post(`/api/payment-intents/${paymentIntentId}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'expired' });
    expect((await intentRow(paymentIntentId)).status).toBe('canceled');
    const pay = await confirm(investor, paymentIntentId, clientSecret);
    expect(pay.statusCode).toBe(409);
    expect((await intentRow(paymentIntentId)).amountCaptured).toBe('0.00');
    // Cancelling again changes nothing.
    expect((await investor.post(`/api/payment-intents/${paymentIntentId}/cancel`)).json()).toEqual({
      status: 'expired',
    });
  });

  it('records a hold that got in before the cancel, and refuses someone else', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const intent = await openIntent(investor, campaign, '800.00');
    const other = await newInvestor();
    expect((await other.post(`/api/payment-intents/${intent.paymentIntentId}/cancel`)).statusCode).toBe(404);
    await holdAtProvider(investor, intent);
    const res = await investor.post(`/api/payment-intents/${intent.paymentIntentId}/cancel`);
    expect(res.json()).toEqual({ status: 'confirmed' });
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('800.00');
    expect((await intentRow(intent.paymentIntentId)).amountCaptured).toBe('800.00');
  });
});

describe('the ledger after all of the above', () => {
  it('agrees with the provider: every capture and refund booked once, no hold booked', async () => {
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});
