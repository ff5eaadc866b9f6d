// The investor's cash account (docs/money.md) through the HTTP API on both databases: the balance a
// settlement pays into, reinvested without a card (`POST /api/investments/from-balance`), never spent
// twice by two investments at once, and refunded to the balance (not a card) when the campaign is
// cancelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp, campaignBody } from '../../../test/app.ts';
import { investIn, postIntent } from '../../../test/investing.ts';
import { callsAs, signedInAs, type Actor } from '../../../test/actor.ts';
import { campaignOf } from '../../../test/money.ts';
import { cashAccount, expectSoundLedger, move, paidOutCampaign } from '../../../test/money-campaigns.ts';
import { approveCampaign } from '../../../test/diligence.ts';

// Sophisticated investors: no reflection period (issue 19), so trading may start right after funding.
const SOPHISTICATED = { isAccredited: true };

let app: App;
let admin: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, 'admin');
});

afterAll(async () => {
  await expectSoundLedger(app);
});

/** An open campaign of a new trader, created through the API, nobody invested yet. */
async function openCampaign(targetAmount: string) {
  const trader = await signedInAs(app, 'trader');
  const res = await trader.post('/api/campaigns', campaignBody({ targetAmount, minimumInvestment: '100' }));
  expect(res.statusCode, res.body).toBe(201);
  await approveCampaign(app, trader, res.json<{ id: string }>());
  return { trader, campaign: res.json<{ id: string }>() };
}

const investFromBalance = (investor: Actor, campaign: { id: string }, amount: string, investorId?: string) =>
  postIntent(investor, '/api/investments/from-balance', {
    amount,
    campaignId: campaign.id,
    investorId: investorId ?? investor.user.id,
  });

describe('GET /api/cash-account', () => {
  it('shows a new investor an empty balance, and is for investors and traders only', async () => {
    const investor = await signedInAs(app, 'investor', SOPHISTICATED);
    expect(await cashAccount(investor)).toEqual({
      balance: '0.00',
      pendingPayouts: '0.00',
      bankAccount: null,
      payouts: [],
    });
    expect((await (await signedInAs(app, 'buyer')).get('/api/cash-account')).statusCode).toBe(403);
    expect((await admin.get('/api/cash-account')).statusCode).toBe(403);
    expect((await callsAs(app, null).get('/api/cash-account')).statusCode).toBe(401);
  });
});

describe('investing from the balance', () => {
  it('places the money in escrow at once, without a card, and the balance falls by it', async () => {
    const investor = await signedInAs(app, 'investor', SOPHISTICATED);
    // 1,000.00 back plus 95.00 net of a 100.00 profit.
    await paidOutCampaign(app, admin, ['1000.00'], '100.00', { investors: [investor] });
    expect((await cashAccount(investor)).balance).toBe('1095.00');
    const { campaign } = await openCampaign('2000.00');

    const res = await investFromBalance(investor, campaign, '500.00');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      campaignId: campaign.id,
      amount: '500.00',
      status: 'confirmed',
      escrowStatus: 'held',
      stripePaymentId: null,
    });
    expect((await cashAccount(investor)).balance).toBe('595.00');
    expect(await campaignOf(investor, campaign)).toMatchObject({ raisedAmount: '500.00', investorCount: 1 });

    const tooMuch = await investFromBalance(investor, campaign, '595.01');
    expect([tooMuch.statusCode, tooMuch.json().error]).toEqual([
      409,
      'Your HydroBridge balance is $595.00: not enough for $595.01',
    ]);
    const other = await signedInAs(app, 'investor', SOPHISTICATED);
    const asSomeoneElse = await investFromBalance(investor, campaign, '100.00', other.user.id);
    expect([asSomeoneElse.statusCode, asSomeoneElse.json().error]).toEqual([
      403,
      'You can only invest and see investments as yourself',
    ]);
    expect((await investFromBalance(investor, campaign, '50.00')).statusCode).toBe(400);
    expect((await investFromBalance(investor, campaign, '-1.00')).statusCode).toBe(400);
    const trader = await signedInAs(app, 'trader');
    expect((await investFromBalance(trader, campaign, '100.00')).statusCode).toBe(403);
    expect((await cashAccount(investor)).balance).toBe('595.00');
    await expectSoundLedger(app);
  });

  it('never spends the balance twice when two investments from it arrive at once', async () => {
    const investor = await signedInAs(app, 'investor', SOPHISTICATED);
    await paidOutCampaign(app, admin, ['600.00'], '0.00', { investors: [investor] });
    const { campaign } = await openCampaign('5000.00');
    const answers = await Promise.all([
      investFromBalance(investor, campaign, '400.00'),
      investFromBalance(investor, campaign, '400.00'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await cashAccount(investor)).balance).toBe('200.00');
    expect((await campaignOf(investor, campaign)).raisedAmount).toBe('400.00');
    await expectSoundLedger(app);
  });

  it('leaves the balance whole when an investment from it races an admin cancellation', async () => {
    for (let round = 0; round < 3; round++) {
      const investor = await signedInAs(app, 'investor', SOPHISTICATED);
      await paidOutCampaign(app, admin, ['500.00'], '0.00', { investors: [investor] });
      const { campaign } = await openCampaign('2000.00');
      const [invested, cancelled] = await Promise.all([
        investFromBalance(investor, campaign, '500.00'),
        move(admin, campaign, { to: 'cancelled', reason: 'Charter fell through' }),
      ]);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // Invested first and refunded with the cancellation, or refused because it came after (a
      // cancelled campaign is private to its backers: to others it no longer exists).
      expect([201, 404]).toContain(invested.statusCode);
      expect((await cashAccount(investor)).balance).toBe('500.00');
      expect(await campaignOf(admin, campaign)).toMatchObject({
        status: 'cancelled',
        raisedAmount: '0.00',
      });
    }
    await expectSoundLedger(app);
  });

  it('is refunded to the balance, not a card, when the campaign is cancelled; a card investment to its card', async () => {
    const investor = await signedInAs(app, 'investor', SOPHISTICATED);
    await paidOutCampaign(app, admin, ['800.00'], '0.00', { investors: [investor] });
    const { campaign } = await openCampaign('3000.00');
    expect((await investFromBalance(investor, campaign, '800.00')).statusCode).toBe(201);
    const byCard = await signedInAs(app, 'investor', SOPHISTICATED);
    expect((await investIn(app, byCard, campaign, '700.00')).record?.json()).toMatchObject({
      status: 'confirmed',
    });
    expect((await cashAccount(investor)).balance).toBe('0.00');

    const cancelled = await move(admin, campaign, { to: 'cancelled', reason: 'The offtaker withdrew' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', raisedAmount: '0.00', investorCount: 0 });
    expect((await cashAccount(investor)).balance).toBe('800.00');
    // The card payer's money went back to the card, not into a HydroBridge balance.
    expect((await cashAccount(byCard)).balance).toBe('0.00');
    const mine = await byCard.get(`/api/investments?investorId=${byCard.user.id}`);
    expect(mine.json()).toEqual([expect.objectContaining({ status: 'refunded', escrowStatus: 'refunded' })]);
    // Reinvested, the money can go round again.
    const { campaign: next } = await openCampaign('800.00');
    expect((await investFromBalance(investor, next, '800.00')).json()).toMatchObject({ status: 'confirmed' });
    expect((await campaignOf(investor, next)).status).toBe('funded');
    await expectSoundLedger(app);
  });
});
