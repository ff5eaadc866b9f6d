// The sandbox card step and POST /api/investments: each test card's answer, one charge per intent,
// one investment per payment however often or concurrently it is recorded, payments checked with the
// provider, and a payment that can no longer fit refunded instead of over-funding.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { SandboxProvider } from '../../payments/sandbox.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import {
  campaigns,
  escrowRecords,
  investments,
  ledgerEntries,
  ledgerTransactions,
  sandboxPaymentIntents,
} from '../../db/schema/index.ts';
import { buildTestApp, createCampaign, testClock } from '../../../test/app.ts';
import { callsAs, card, investIn, openIntent, signedInAs, type Actor } from '../../../test/investing.ts';

const clock = testClock();
let app: App;
let investor: Actor;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  investor = await signedInAs(app, 'investor');
});

const confirm = (actor: Pick<Actor, 'post'>, id: string, clientSecret: string, cardBody = card()) =>
  actor.post(`/api/sandbox/payment-intents/${id}/confirm`, { clientSecret, card: cardBody });
const record = (actor: Actor, paymentIntentId: string, campaignId: string, investorId = actor.user.id) =>
  actor.post('/api/investments', { paymentIntentId, campaignId, investorId });
const campaignRow = async (id: string) =>
  (await app.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
const postingsOf = async (investmentId: string) =>
  app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.investmentId, investmentId));

describe('POST /api/sandbox/payment-intents/:id/confirm', () => {
  it('charges the 4242 card: 200 with the intent, and records the investment itself', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign);
    const res = await confirm(investor, paymentIntentId, clientSecret);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: paymentIntentId, status: 'succeeded', amount: '500.00' });
    // The server recorded the paid intent without waiting for the browser's record call.
    const [row] = await app.db
      .select()
      .from(investments)
      .where(eq(investments.stripePaymentId, paymentIntentId));
    expect(row).toMatchObject({ status: 'confirmed', shares: '0.005000' });
  });

  it("answers each failing test card with Stripe's message, and the intent stays payable", async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign);
    const failures: Array<[Record<string, unknown>, number, string]> = [
      [card('4000000000000002'), 402, 'Your card was declined.'],
      [card('4000 0000 0000 9995'), 402, 'Your card has insufficient funds.'],
      [card('4242424242424241'), 400, 'Your card number is invalid.'],
      [card('4242424242424242', { expMonth: 1, expYear: 2020 }), 402, 'Your card has expired.'],
    ];
    for (const [cardBody, status, error] of failures) {
      const res = await confirm(investor, paymentIntentId, clientSecret, cardBody as ReturnType<typeof card>);
      expect(res.statusCode, error).toBe(status);
      expect(res.json()).toEqual({ error });
    }
    const [intent] = await app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    expect(intent!.status).toBe('requires_payment_method');
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
    // Another card on the same intent pays it.
    expect(
      (await confirm(investor, paymentIntentId, clientSecret, card('5555555555554444'))).statusCode,
    ).toBe(200);
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('500.00');
  });

  it('confirms a paid intent again with the same answer and charges nothing twice', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => confirm(investor, paymentIntentId, clientSecret)),
    );
    for (const res of answers)
      expect(res.json()).toEqual({ id: paymentIntentId, status: 'succeeded', amount: '500.00' });
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('500.00');
    const [row] = await app.db
      .select()
      .from(investments)
      .where(eq(investments.stripePaymentId, paymentIntentId));
    expect(await postingsOf(row!.id)).toHaveLength(1);
  });

  it('answers 404 to a wrong client secret, an unknown intent, and another investor', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign);
    const other = await signedInAs(app, 'investor');
    for (const res of [
      await confirm(investor, paymentIntentId, `${clientSecret}x`),
      await confirm(investor, 'pi_sb_000000000000000000000000', clientSecret),
      await confirm(other, paymentIntentId, clientSecret),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Payment not found' });
    }
    // Nothing was charged by any of them: the intent still waits for its investor's card.
    const [intent] = await app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    expect(intent!.status).toBe('requires_payment_method');
    expect((await confirm(callsAs(app, null), paymentIntentId, clientSecret)).statusCode).toBe(401);
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
  });
});

describe('POST /api/investments', () => {
  it('records a paid intent once: investment, ledger, escrow Held, campaign totals', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '100000' });
    const { record: res, paymentIntentId } = await investIn(app, investor, campaign, '2500.00');
    expect(res!.statusCode, res!.body).toBe(200);
    const investment = res!.json();
    expect(investment).toMatchObject({
      investorId: investor.user.id,
      campaignId: campaign.id,
      campaignTitle: campaign.title,
      amount: '2500.00',
      shares: '0.025000',
      status: 'confirmed',
      stripePaymentId: paymentIntentId,
      escrowStatus: 'held',
      profitShare: null,
    });
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
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('answers a replay, and 20 concurrent records, with the same single investment', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign, '700.00');
    // Paid at the provider only: the sandbox's own recording is what this test replaces.
    await (app.payments as SandboxProvider).confirm(
      paymentIntentId,
      { clientSecret, card: card() },
      { investorId: investor.user.id },
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => record(investor, paymentIntentId, campaign.id)),
    );
    // The first to take the lock records it (201); every other answer is the same investment (200).
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(19);
    const ids = new Set(answers.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const rows = await app.db.select().from(investments).where(eq(investments.campaignId, campaign.id));
    expect(rows).toHaveLength(1);
    expect(await postingsOf(rows[0]!.id)).toHaveLength(1);
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('700.00');
    const replay = await record(investor, paymentIntentId, campaign.id);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(answers.find((r) => r.statusCode === 201)!.body);
  });

  it('refuses to record an unpaid intent, changing nothing', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId } = await openIntent(investor, campaign);
    const res = await record(investor, paymentIntentId, campaign.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This payment has not succeeded, so no investment was recorded.' });
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
    expect(
      await app.db.select().from(escrowRecords).where(eq(escrowRecords.campaignId, campaign.id)),
    ).toEqual([]);
  });

  it("refuses another campaign's id, another investor's id and someone else's payment", async () => {
    const campaign = await createCampaign(app.db);
    const otherCampaign = await createCampaign(app.db);
    const other = await signedInAs(app, 'investor');
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign);
    const mismatch = await record(investor, paymentIntentId, otherCampaign.id);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toEqual({ error: 'This payment was made for another investment.' });
    expect((await record(investor, paymentIntentId, campaign.id, other.user.id)).statusCode).toBe(403);
    const stolen = await record(other, paymentIntentId, campaign.id);
    expect(stolen.statusCode).toBe(404);
    expect((await record(investor, 'pi_sb_unknown', campaign.id)).statusCode).toBe(404);
    // None of these recorded the payment made afterwards under someone else's name.
    await confirm(investor, paymentIntentId, clientSecret);
    const [row] = await app.db
      .select()
      .from(investments)
      .where(eq(investments.stripePaymentId, paymentIntentId));
    expect(row).toMatchObject({ investorId: investor.user.id, campaignId: campaign.id });
  });

  it('trusts only the provider: a payment whose amount differs from the investment is not recorded', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign, '900.00');
    // As if the provider charged another amount than the one reserved.
    await app.db
      .update(sandboxPaymentIntents)
      .set({ amount: '9.00' })
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    expect((await confirm(investor, paymentIntentId, clientSecret)).statusCode).toBe(200);
    const res = await record(investor, paymentIntentId, campaign.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This payment was made for another investment.');
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('funds the campaign at its target and counts each investor once', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '3000' });
    const second = await signedInAs(app, 'investor');
    await investIn(app, investor, campaign, '1000.00');
    await investIn(app, investor, campaign, '1000.00');
    expect(await campaignRow(campaign.id)).toMatchObject({ investorCount: 1, status: 'active' });
    const last = await investIn(app, second, campaign, '1000.00');
    expect(last.record!.json().shares).toBe('0.333333');
    expect(await campaignRow(campaign.id)).toMatchObject({
      raisedAmount: '3000.00',
      investorCount: 2,
      status: 'funded',
    });
    const closed = await second.post('/api/create-payment-intent', {
      amount: '100.00',
      campaignId: campaign.id,
      investorId: second.user.id,
    });
    expect(closed.json()).toEqual({ error: 'This campaign is fully funded' });
  });

  it('refunds a payment made after its reservation lapsed when others filled the campaign, never over-funding', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '5000' });
    const late = await openIntent(investor, campaign, '3000.00');
    clock.advance(16 * 60_000);
    const other = await signedInAs(app, 'investor');
    expect((await investIn(app, other, campaign, '5000.00')).record!.statusCode).toBe(200);
    // The late investor's card goes through after all: the provider charged, there is no room.
    expect((await confirm(investor, late.paymentIntentId, late.clientSecret)).statusCode).toBe(200);
    const res = await record(investor, late.paymentIntentId, campaign.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'The campaign filled up before your payment could be recorded, so your payment has been refunded in full.',
    );
    const [intent] = await app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, late.paymentIntentId));
    expect(intent!.amountRefunded).toBe('3000.00');
    const [row] = await app.db
      .select()
      .from(investments)
      .where(and(eq(investments.stripePaymentId, late.paymentIntentId)));
    expect(row!.status).toBe('refunded');
    expect((await postingsOf(row!.id)).map((p) => p.kind).sort()).toEqual([
      'payment_received',
      'payment_refund',
    ]);
    expect(await campaignRow(campaign.id)).toMatchObject({ raisedAmount: '5000.00', status: 'funded' });
    // Asked again, the same answer; nothing refunded twice.
    expect((await record(investor, late.paymentIntentId, campaign.id)).statusCode).toBe(409);
    expect(await postingsOf(row!.id)).toHaveLength(2);
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('still records a payment made after its reservation lapsed when the room is still there', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '5000' });
    const slow = await openIntent(investor, campaign, '2000.00');
    clock.advance(20 * 60_000);
    expect((await confirm(investor, slow.paymentIntentId, slow.clientSecret)).statusCode).toBe(200);
    const res = await record(investor, slow.paymentIntentId, campaign.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('confirmed');
  });
});

describe('GET /api/investments', () => {
  it("lists the investor's own investments, newest first, with what the dashboard shows", async () => {
    const reader = await signedInAs(app, 'investor');
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
    const other = await signedInAs(app, 'investor');
    const admin = await signedInAs(app, 'admin');
    expect((await other.get(`/api/investments?investorId=${investor.user.id}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/investments?investorId=${investor.user.id}`)).statusCode).toBe(200);
    expect((await callsAs(app, null).get(`/api/investments?investorId=${investor.user.id}`)).statusCode).toBe(
      401,
    );
    expect((await other.get('/api/investments?investorId=nope')).statusCode).toBe(400);
  });

  it('keeps a cancelled campaign visible to its backers only', async () => {
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
    const stranger = await signedInAs(app, 'investor');
    expect((await stranger.get(`/api/campaigns/${campaign.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/payment-intents/:id/cancel', () => {
  it('frees an unpaid reservation at once and the intent can no longer be paid', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '5000' });
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign, '5000.00');
    const other = await signedInAs(app, 'investor');
    const otherAsksFor1000 = async () =>
      (
        await other.post('/api/create-payment-intent', {
          amount: '1000.00',
          campaignId: campaign.id,
          investorId: other.user.id,
        })
      ).statusCode;
    expect(await otherAsksFor1000()).toBe(409);
    const res = await investor.post(`/api/payment-intents/${paymentIntentId}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'expired' });
    expect(await otherAsksFor1000()).toBe(200);
    expect((await confirm(investor, paymentIntentId, clientSecret)).statusCode).toBe(409);
    // Cancelling again changes nothing.
    expect((await investor.post(`/api/payment-intents/${paymentIntentId}/cancel`)).json()).toEqual({
      status: 'expired',
    });
  });

  it('records a payment that got in before the cancel, and refuses someone else', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign, '800.00');
    const other = await signedInAs(app, 'investor');
    expect((await other.post(`/api/payment-intents/${paymentIntentId}/cancel`)).statusCode).toBe(404);
    await (app.payments as SandboxProvider).confirm(
      paymentIntentId,
      { clientSecret, card: card() },
      { investorId: investor.user.id },
    );
    const res = await investor.post(`/api/payment-intents/${paymentIntentId}/cancel`);
    expect(res.json()).toEqual({ status: 'confirmed' });
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('800.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});
