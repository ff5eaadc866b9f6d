// POST /api/create-payment-intent: who may invest, in what, how much, on which terms; and an intent
// that reserves nothing (only a hold on a card counts against what is open, docs/money.md).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { investments, payments, sandboxPaymentIntents } from '../../db/schema/index.ts';
import { buildTestApp, createCampaign, testClock } from '../../../test/app.ts';
import { investIn, postIntent } from '../../../test/investing.ts';
import { callsAs, signedInAs, type Actor } from '../../../test/actor.ts';
import { verifyLedger } from '../../checks/ledger.ts';

const clock = testClock();
let app: App;

beforeAll(async () => {
  app = await buildTestApp({ clock });
});

/** A new investor per test: each has its own caps (intents per 10 minutes, live holds). */
const newInvestor = () => signedInAs(app, 'investor');
const intent = (actor: Pick<Actor, 'post'>, body: Record<string, unknown>) =>
  postIntent(actor, '/api/create-payment-intent', body);
const bodyFor = (investor: Actor, campaign: { id: string }, amount = '1000.00') => ({
  amount,
  campaignId: campaign.id,
  investorId: investor.user.id,
});
const attemptsOn = async (campaignId: string) =>
  (await app.db.select().from(investments).where(eq(investments.campaignId, campaignId))).length;

describe('POST /api/create-payment-intent', () => {
  it('creates an intent at the provider for the amount, on the campaign’s current terms, reserving nothing', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db, { targetAmount: '10000', termsVersion: 3 });
    const res = await intent(investor, bodyFor(investor, campaign, '2500.50'));
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret, paymentIntentId } = res.json();
    expect(paymentIntentId).toMatch(/^pi_sb_[0-9a-f]{24}$/);
    expect(clientSecret).toMatch(new RegExp(`^${paymentIntentId}_secret_`));
    const [provided] = await app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    expect(provided).toMatchObject({
      amount: '2500.50',
      currency: 'usd',
      status: 'requires_payment_method',
      amountCapturable: '0.00',
    });
    expect(provided!.clientSecretHash).not.toContain(clientSecret);
    const [row] = await app.db
      .select({ investment: investments, payment: payments })
      .from(investments)
      .innerJoin(payments, eq(payments.id, investments.paymentId))
      .where(eq(investments.campaignId, campaign.id));
    expect(row!.investment).toMatchObject({
      status: 'pending',
      amount: '2500.50',
      investorId: investor.user.id,
      termsVersion: 3,
    });
    expect(row!.payment).toMatchObject({
      status: 'created',
      purpose: 'investment',
      source: 'card',
      provider: 'sandbox',
      intentId: paymentIntentId,
      amount: '2500.50',
    });
    // The intent names exactly what it pays for: the provider's word is checked against it later.
    expect(provided!.metadata).toEqual({
      paymentId: row!.payment.id,
      purpose: 'investment',
      payerId: investor.user.id,
      subjectId: row!.investment.id,
    });
    // Nothing is reserved: the whole target is still open to anyone else.
    const other = await newInvestor();
    expect((await intent(other, bodyFor(other, campaign, '10000.00'))).statusCode).toBe(200);
    const view = await callsAs(app, null).get(`/api/campaigns/${campaign.id}`);
    expect(view.json()).toMatchObject({ raisedAmount: '0.00', termsLocked: false });
  });

  it('refuses visitors (401) and every other role (403), creating nothing', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const visitor = await intent(callsAs(app, null), bodyFor(investor, campaign));
    expect(visitor.statusCode).toBe(401);
    for (const role of ['trader', 'buyer', 'admin'] as const) {
      const actor = await signedInAs(app, role);
      const res = await intent(actor, bodyFor(actor, campaign));
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ error: 'Only investors can invest in campaigns' });
    }
    expect(await attemptsOn(campaign.id)).toBe(0);
  });

  it("refuses an investorId that is not the caller's", async () => {
    const [investor, other] = [await newInvestor(), await newInvestor()];
    const campaign = await createCampaign(app.db);
    const res = await intent(investor, bodyFor(other, campaign));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You can only invest and see investments as yourself' });
    expect(await attemptsOn(campaign.id)).toBe(0);
  });

  it('refuses a suspended account (its session no longer works) and one whose KYC is not approved', async () => {
    const campaign = await createCampaign(app.db);
    const suspended = await signedInAs(app, 'investor', { accountStatus: 'suspended' });
    expect((await intent(suspended, bodyFor(suspended, campaign))).statusCode).toBe(401);
    const pending = await signedInAs(app, 'investor', { kycStatus: 'pending' });
    const res = await intent(pending, bodyFor(pending, campaign));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Complete your KYC verification before investing' });
    expect(await attemptsOn(campaign.id)).toBe(0);
  });

  it('refuses campaigns that are not open: funded, trading, completed, past their deadline; a draft is not found', async () => {
    // Campaigns made up in these states without their money (on their own database: the ledger check
    // at the end of this file would rightly find a completed campaign never settled).
    const elsewhere = await buildTestApp({ clock });
    const investor = await signedInAs(elsewhere, 'investor');
    for (const status of ['funded', 'trading', 'completed'] as const) {
      const campaign = await createCampaign(elsewhere.db, { status });
      const res = await intent(investor, bodyFor(investor, campaign));
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error).toBe('This campaign is fully funded');
    }
    const late = await createCampaign(elsewhere.db, { deadline: new Date(clock().getTime() - 1000) });
    const res = await intent(investor, bodyFor(investor, late));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Funding for this campaign has closed' });
    const draft = await createCampaign(elsewhere.db, { status: 'cancelled' });
    const hidden = await intent(investor, bodyFor(investor, draft));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: 'Campaign not found' });
  });

  it("refuses an amount below the platform's or the campaign's minimum, naming it", async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db, { minimumInvestment: '1000' });
    const low = await intent(investor, bodyFor(investor, campaign, '999.99'));
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({
      error: 'The minimum investment for this campaign is $1,000.00',
      fields: { amount: 'The minimum investment for this campaign is $1,000.00' },
    });
    const platform = await intent(investor, bodyFor(investor, await createCampaign(app.db), '99.99'));
    expect(platform.json().error).toBe('The minimum investment for this campaign is $100.00');
    expect(await attemptsOn(campaign.id)).toBe(0);
  });

  it('refuses more than is still open (target less what was raised), naming what is open', async () => {
    const [first, investor] = [await newInvestor(), await newInvestor()];
    const campaign = await createCampaign(app.db, { targetAmount: '10000' });
    expect((await investIn(app, first, campaign, '2500.00')).record!.statusCode).toBe(200);
    const res = await intent(investor, bodyFor(investor, campaign, '7500.01'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'Only $7,500.00 is still open in this campaign' });
    expect((await intent(investor, bodyFor(investor, campaign, '7500.00'))).statusCode).toBe(200);
  });

  it('accepts a last slice below the minimum when it is exactly what is open', async () => {
    const [first, investor] = [await newInvestor(), await newInvestor()];
    const campaign = await createCampaign(app.db, { targetAmount: '10000', minimumInvestment: '1000' });
    const paid = await investIn(app, first, campaign, '9950.00');
    expect(paid.record?.statusCode, paid.record?.body).toBe(200);
    const below = await intent(investor, bodyFor(investor, campaign, '40.00'));
    expect(below.statusCode).toBe(400);
    expect(below.json().error).toBe(
      'The minimum investment for this campaign is $1,000.00, or exactly the $50.00 still open',
    );
    expect((await intent(investor, bodyFor(investor, campaign, '50.00'))).statusCode).toBe(200);
  });

  it('refuses malformed input and amounts no column can hold with 400 naming the field, creating nothing', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const body = bodyFor(investor, campaign);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { ...body, amount: 1000 },
        'amount',
        'Amount must be a decimal string, e.g. "1500.00" (not a JSON number)',
      ],
      [{ ...body, amount: '1000.001' }, 'amount', 'Amount can have at most 2 decimal places'],
      [{ ...body, amount: '-5' }, 'amount', 'Amount must be a number'],
      [{ ...body, amount: '0' }, 'amount', 'Amount must be greater than 0'],
      [{ ...body, amount: 'lots' }, 'amount', 'Amount must be a number'],
      [{ ...body, amount: '1e6' }, 'amount', 'Amount must be a number'],
      [{ ...body, amount: '10000000000000' }, 'amount', 'Amount must be at most 9,999,999,999,999.99'],
      [{ ...body, amount: '9'.repeat(400) }, 'amount', 'Amount must be at most 9,999,999,999,999.99'],
      [{ ...body, campaignId: 'not-an-id' }, 'campaignId', 'campaignId must be an id'],
      [{ ...body, investorId: undefined }, 'investorId', 'investorId is required'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await intent(investor, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    const extra = await intent(investor, { ...body, status: 'confirmed' });
    expect(extra.statusCode).toBe(400);
    const unknown = await intent(investor, { ...body, campaignId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(await attemptsOn(campaign.id)).toBe(0);
    // None of them counted against the investor's intents per 10 minutes.
    expect((await intent(investor, body)).statusCode).toBe(200);
  });

  it('counts no unpaid intent against the campaign: three on the whole target leave it all open to a fourth investor', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '5000' });
    for (const investor of await Promise.all(Array.from({ length: 3 }, () => newInvestor())))
      expect((await intent(investor, bodyFor(investor, campaign, '5000.00'))).statusCode).toBe(200);
    const payer = await newInvestor();
    const paid = await investIn(app, payer, campaign, '5000.00');
    expect(paid.intent.statusCode, paid.intent.body).toBe(200);
    expect(paid.record!.json()).toMatchObject({ status: 'confirmed', amount: '5000.00' });
    const view = await callsAs(app, null).get(`/api/campaigns/${campaign.id}`);
    expect(view.json()).toMatchObject({ raisedAmount: '5000.00', status: 'funded' });
  });

  it('leaves the ledger and the provider in agreement', async () => {
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});
