// POST /api/investments/from-balance: an investor reinvests their HydroBridge cash balance (payouts of
// settled campaigns) without a card: placed in escrow at once, the balance locked so it never goes
// below zero, refunded to the balance (not a card) if the campaign is cancelled. And amounts no
// column can hold are a 400 on every money endpoint here, never a 500.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NUMERIC_MAX } from '../../../domain/decimal-schema.ts';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { campaigns, ledgerEntries, ledgerTransactions, payments } from '../../db/schema/index.ts';
import { buildTestApp, campaignBody, createCampaign } from '../../../test/app.ts';
import { investIn, postIntent } from '../../../test/investing.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';
import { addBankAccount, deliver, settle, startTrading } from '../../../test/money.ts';
import { approveCampaign } from '../../../test/diligence.ts';

let app: App;
/** Holds 1,190.00: principal 1,000 + 200 profit less the 5% fee, from a settled campaign. */
let investor: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  const trader = await signedInAs(app, 'trader');
  await addBankAccount(trader);
  const created = await trader.post('/api/campaigns', campaignBody({ targetAmount: '1000' }));
  expect(created.statusCode, created.body).toBe(201);
  const settled = created.json<{ id: string }>();
  await approveCampaign(app, trader, settled);
  // Sophisticated: no reflection period (issue 19), so the campaign trades and settles at once.
  investor = await signedInAs(app, 'investor', { isAccredited: true });
  expect((await investIn(app, investor, settled, '1000.00')).record!.json()).toMatchObject({
    status: 'confirmed',
  });
  await startTrading(trader, settled);
  await deliver(trader, settled);
  expect((await settle(app, trader, settled, '200.00')).status).toBe('completed');
});

const fromBalance = (actor: Actor, campaign: { id: string }, amount: string, investorId = actor.user.id) =>
  postIntent(actor, '/api/investments/from-balance', { amount, campaignId: campaign.id, investorId });
const balanceOf = async (actor: Actor) =>
  (await actor.get('/api/cash-account')).json<{ balance: string }>().balance;
const campaignRow = async (id: string) =>
  (await app.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;

describe('POST /api/investments/from-balance', () => {
  it('invests from the balance at once (201): in escrow, no card, the balance down by the amount', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '10000' });
    expect(await balanceOf(investor)).toBe('1190.00');
    const res = await fromBalance(investor, campaign, '400.00');
    expect(res.statusCode, res.body).toBe(201);
    const investment = res.json();
    expect(investment).toMatchObject({
      investorId: investor.user.id,
      campaignId: campaign.id,
      amount: '400.00',
      shares: '0.040000',
      status: 'confirmed',
      escrowStatus: 'held',
      stripePaymentId: null,
    });
    expect(await balanceOf(investor)).toBe('790.00');
    expect(await campaignRow(campaign.id)).toMatchObject({ raisedAmount: '400.00', investorCount: 1 });
    const [posting] = await app.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.investmentId, investment.id));
    const entries = await app.db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, posting!.id));
    expect(entries).toEqual(
      expect.arrayContaining([
        { account: `investor:${investor.user.id}`, amount: '-400.00' },
        { account: `escrow:${campaign.id}`, amount: '400.00' },
      ]),
    );
    const [payment] = await app.db.select().from(payments).where(eq(payments.id, posting!.paymentId!));
    expect(payment).toMatchObject({ source: 'balance', status: 'captured', provider: null, intentId: null });
    const list = await investor.get(`/api/investments?investorId=${investor.user.id}`);
    expect(list.json().map((i: { id: string }) => i.id)).toContain(investment.id);
  });

  it('refuses more than the balance holds (409), naming both, and changes nothing', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '10000' });
    const before = await balanceOf(investor);
    const res = await fromBalance(investor, campaign, '5000.00');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: `Your HydroBridge balance is $${before}: not enough for $5,000.00` });
    expect(await balanceOf(investor)).toBe(before);
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
    // An investor without any balance is told it is $0.00.
    const empty = await signedInAs(app, 'investor');
    expect((await fromBalance(empty, campaign, '100.00')).json()).toEqual({
      error: 'Your HydroBridge balance is $0.00: not enough for $100.00',
    });
  });

  it('refuses what a card investment would refuse: above what is open, below the minimum, a closed campaign, someone else', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '300', minimumInvestment: '100' });
    const above = await fromBalance(investor, campaign, '300.01');
    expect(above.statusCode).toBe(409);
    expect(above.json().error).toBe('Only $300.00 is still open in this campaign');
    expect((await fromBalance(investor, campaign, '99.99')).statusCode).toBe(400);
    const closed = await createCampaign(app.db, { deadline: new Date(Date.now() - 1000) });
    expect((await fromBalance(investor, closed, '100.00')).json()).toEqual({
      error: 'Funding for this campaign has closed',
    });
    const other = await signedInAs(app, 'investor');
    expect((await fromBalance(other, campaign, '100.00', investor.user.id)).statusCode).toBe(403);
    for (const role of ['trader', 'buyer', 'admin'] as const) {
      const actor = await signedInAs(app, role);
      expect((await fromBalance(actor, campaign, '100.00')).statusCode, role).toBe(403);
    }
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
  });

  it('refunds to the balance, not a card, when an admin cancels the campaign', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '10000' });
    const before = await balanceOf(investor);
    expect((await fromBalance(investor, campaign, '250.00')).statusCode).toBe(201);
    const admin = await signedInAs(app, 'admin');
    const cancel = await admin.post(`/api/campaigns/${campaign.id}/transitions`, {
      to: 'cancelled',
      reason: 'Buyer withdrew',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await balanceOf(investor)).toBe(before);
    expect(await campaignRow(campaign.id)).toMatchObject({ raisedAmount: '0.00', investorCount: 0 });
    const list = (await investor.get(`/api/investments?investorId=${investor.user.id}`)).json();
    expect(list.find((i: { campaignId: string }) => i.campaignId === campaign.id)).toMatchObject({
      status: 'refunded',
      escrowStatus: 'refunded',
    });
  });
});

describe('amounts no column can hold', () => {
  const tooLarge = ['10000000000000', '9999999999999.999', '1' + '0'.repeat(40), '1e400'];

  it('are a 400 naming the field on every money endpoint, never a 500', async () => {
    const campaign = await createCampaign(app.db);
    await addBankAccount(investor);
    const calls = [
      (amount: string) => fromBalance(investor, campaign, amount),
      (amount: string) =>
        postIntent(investor, '/api/create-payment-intent', {
          amount,
          campaignId: campaign.id,
          investorId: investor.user.id,
        }),
      (amount: string) => investor.post('/api/withdrawals', { amount }),
    ];
    for (const call of calls)
      for (const amount of tooLarge) {
        const res = await call(amount);
        expect(res.statusCode, `${amount}: ${res.body}`).toBe(400);
        expect(res.json().fields.amount).toMatch(
          /^Amount (must be at most 9,999,999,999,999\.99|can have at most 2 decimal places|must be a number)$/,
        );
      }
  });

  it('hold the largest amount a column holds end to end: a whole campaign of $9,999,999,999,999.99 by card', async () => {
    const campaign = await createCampaign(app.db, {
      targetAmount: NUMERIC_MAX.money,
      minimumInvestment: '100',
    });
    const whale = await signedInAs(app, 'investor');
    const { intent, confirm, record } = await investIn(app, whale, campaign, NUMERIC_MAX.money);
    expect(intent.statusCode, intent.body).toBe(200);
    expect(confirm!.json()).toEqual(
      expect.objectContaining({ status: 'succeeded', amount: NUMERIC_MAX.money }),
    );
    expect(record!.json()).toMatchObject({
      status: 'confirmed',
      amount: NUMERIC_MAX.money,
      shares: '1.000000',
    });
    expect(await campaignRow(campaign.id)).toMatchObject({
      raisedAmount: NUMERIC_MAX.money,
      status: 'funded',
    });
  });
});

describe('the ledger after all of the above', () => {
  it('agrees with the provider; no balance went below zero', async () => {
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});
