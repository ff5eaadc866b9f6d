import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { platformStatsSchema } from '../../../domain/platform.ts';
import type { App } from '../../app.ts';
import { eq } from 'drizzle-orm';
import { settlements, users } from '../../db/schema/index.ts';
import { buildTestApp, createCampaign, createUser, resetDatabase } from '../../../test/app.ts';
import { investIn, postIntent } from '../../../test/investing.ts';
import { signedInAs } from '../../../test/actor.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
beforeEach(() => resetDatabase(app.db));

describe('GET /api/stats/platform', () => {
  it('answers zeros on an empty platform', async () => {
    const res = await app.inject({ url: '/api/stats/platform' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tradesFunded: 0,
      totalRaised: '0.00',
      averageRoiPercent: '0.0',
      investors: 0,
      // No settlement has fallen due yet: no default rate to show.
      defaultRatePercent: null,
      settlementsDue: 0,
    });
  });

  it('counts active investors: active accounts with a confirmed investment, each once', async () => {
    const campaign = await createCampaign(app.db);
    const twice = await signedInAs(app, 'investor');
    await investIn(app, twice, campaign, '1000.00');
    await investIn(app, twice, campaign, '2000.00');
    await investIn(app, await signedInAs(app, 'investor'), campaign, '1500.00');
    // Not yet: an intent never paid, and an investor without any investment.
    const unpaid = await signedInAs(app, 'investor');
    const intent = await postIntent(unpaid, '/api/create-payment-intent', {
      amount: '500.00',
      campaignId: campaign.id,
      investorId: unpaid.user.id,
    });
    expect(intent.statusCode).toBe(200);
    await createUser(app.db, { role: 'investor' });
    const suspended = await signedInAs(app, 'investor');
    await investIn(app, suspended, campaign, '700.00');
    await app.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, suspended.user.id));
    const res = await app.inject({ url: '/api/stats/platform' });
    expect(res.json()).toMatchObject({ investors: 2, totalRaised: '5200.00' });
  });

  it('counts funded trades, money raised and the mean ROI of open campaigns', async () => {
    const { id: traderId } = await createUser(app.db, { role: 'trader' });
    // Open for funding: ROI 300% and 150% → mean 225.0%.
    await createCampaign(app.db, {
      traderId,
      status: 'active',
      buyPrice: '1.40',
      sellPrice: '5.60',
      raisedAmount: '25000.50',
    });
    await createCampaign(app.db, {
      traderId,
      status: 'funded',
      buyPrice: '2.00',
      sellPrice: '5.00',
      targetAmount: '100000',
      raisedAmount: '100000',
    });
    // Funded earlier: counted as trades funded, not in the mean ROI.
    await createCampaign(app.db, {
      traderId,
      status: 'trading',
      buyPrice: '1.00',
      sellPrice: '9.00',
      targetAmount: '80000',
      raisedAmount: '80000',
    });
    await createCampaign(app.db, {
      traderId,
      status: 'completed',
      targetAmount: '50000',
      raisedAmount: '50000',
    });
    await createCampaign(app.db, { traderId, status: 'cancelled', raisedAmount: '0' });

    const res = await app.inject({ url: '/api/stats/platform' });
    expect(res.statusCode).toBe(200);
    const stats = platformStatsSchema.parse(res.json());
    expect(stats).toEqual({
      tradesFunded: 3,
      totalRaised: '255000.50',
      averageRoiPercent: '225.0',
      investors: 0,
      defaultRatePercent: null,
      settlementsDue: 0,
    });
  });

  it('counts the settlements that fell due and the share of them in default', async () => {
    const trader = await createUser(app.db, { role: 'trader' });
    const settled = async (status: 'paid' | 'defaulted' | 'approved' | 'pending_review') => {
      const campaign = await createCampaign(app.db, { traderId: trader.id, status: 'trading' });
      const figures = { principal: '1000.00', disbursed: '1000.00', grossProfit: '100.00', fee: '5.00' };
      await app.db.insert(settlements).values({
        campaignId: campaign.id,
        status,
        actualProfit: '100.00',
        ...figures,
        amountDue: '1100.00',
        declaredBy: trader.id,
        declaredAt: new Date(),
      });
    };
    // Three paid, one in default; one still within its grace period and one awaiting review do not count.
    for (const status of ['paid', 'paid', 'paid', 'defaulted', 'approved', 'pending_review'] as const)
      await settled(status);
    const stats = platformStatsSchema.parse((await app.inject({ url: '/api/stats/platform' })).json());
    expect(stats).toMatchObject({ defaultRatePercent: '25.0', settlementsDue: 4 });
  });

  it('rounds the mean ROI to one decimal', async () => {
    // 1.45 → 5.50 is 279.31…%, 1.35 → 5.70 is 322.22…%: mean 300.76…%
    await createCampaign(app.db, { buyPrice: '1.45', sellPrice: '5.50' });
    await createCampaign(app.db, { buyPrice: '1.35', sellPrice: '5.70' });
    const res = await app.inject({ url: '/api/stats/platform' });
    expect(res.json()).toMatchObject({ averageRoiPercent: '300.8', tradesFunded: 0 });
  });
});
