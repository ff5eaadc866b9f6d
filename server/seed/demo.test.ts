// The demo data is written through the real money flows (intent → card hold → capture, trading and its
// releases, the settlement declared, approved, paid in and distributed, the deadline sweep's refunds):
// the ledger verifies against the provider, and the pages show the spec's sample figures and every
// stage of the money: a completed campaign settled into the investors' balances, a trading one with a
// staged release awaiting an admin, a funded one, open ones, and an expired one refunded.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dec, toFixed, ZERO } from '../../domain/money.ts';
import type { CampaignDetail } from '../../domain/campaign-schemas.ts';
import type { App } from '../app.ts';
import { buildTestApp } from '../../test/app.ts';
import { callsAs } from '../../test/actor.ts';
import { verifyLedger } from '../checks/ledger.ts';
import { createSession } from '../features/accounts/index.ts';
import { campaigns, ledgerTransactions, listings, orders, rfqs, users } from '../db/schema/index.ts';
import { routeOrigin } from '../../domain/campaign-rules.ts';

let app: App;

beforeAll(async () => {
  app = await buildTestApp({ seed: true });
});

/** The demo account's requests, signed in (a session of its own). */
async function signedInDemo(username: string) {
  const [user] = await app.db.select().from(users).where(eq(users.username, username));
  const { token } = await createSession(app.db, user!.id, { persistent: false }, app.clock());
  return { user: user!, ...callsAs(app, token) };
}

async function detail(
  actor: { get(url: string): Promise<{ statusCode: number; body: string; json<T>(): T }> },
  title: string,
) {
  const [row] = await app.db.select().from(campaigns).where(eq(campaigns.title, title));
  const res = await actor.get(`/api/campaigns/${row!.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CampaignDetail>();
}

describe('demo seed', () => {
  it('ties a listing to a campaign only where the listing is at the campaign’s port of origin', async () => {
    const tied = await app.db
      .select({ location: listings.location, tradeRoute: campaigns.tradeRoute })
      .from(listings)
      .innerJoin(campaigns, eq(listings.campaignId, campaigns.id));
    for (const { location, tradeRoute } of tied) expect(location).toBe(routeOrigin(tradeRoute));
  });

  it('writes every money movement so that the ledger verifies against the provider', async () => {
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('has the demo investor’s knowledge test done (non-sophisticated), and every campaign’s KIIS declares its costs and risks', async () => {
    const investor = await signedInDemo('investor');
    expect((await investor.get('/api/investor/appropriateness')).json()).toMatchObject({
      status: 'done',
      sophisticated: false,
      passed: true,
      netWorth: '150000.00',
      riskWarningAbove: '7500.00',
    });
    const [row] = await app.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.title, 'Kandla → Rotterdam green ammonia cargo'));
    const kiis = (await investor.get(`/api/campaigns/${row!.id}/kiis`)).json();
    expect(kiis.riskFactors).toContain('Rotterdam');
    expect(kiis.costs).toContainEqual({
      label: 'Shipping',
      amount: expect.stringMatching(/^[1-9]\d+\.\d\d$/),
    });
    // The honest figure sits well below the gross ROI.
    expect(Number(kiis.netReturnPercent)).toBeLessThan(Number(kiis.grossRoiPercent) / 2);
  });

  it('lists the campaigns with the spec’s figures', async () => {
    const list = await callsAs(app, null).get('/api/campaigns?limit=100&sort=funded');
    const shown = list.json<
      Array<{
        title: string;
        raisedAmount: string;
        targetAmount: string;
        investorCount: number;
        status: string;
      }>
    >();
    // The expired one was cancelled (and refunded): it is not listed.
    expect(shown).toHaveLength(6);
    expect(shown.find((c) => c.title === 'Kandla → Rotterdam green ammonia cargo')).toMatchObject({
      investorCount: 7,
      status: 'active',
    });
    const paradip = shown.find((c) => c.title === 'Paradip → Hamburg pilot shipment')!;
    expect([paradip.status, paradip.raisedAmount]).toEqual(['funded', paradip.targetAmount]);
  });

  it('settled the delivered cargo: paid in by the trader and distributed to the investors’ balances once', async () => {
    const admin = await signedInDemo('admin');
    const trader = await signedInDemo('trader');
    const investor = await signedInDemo('investor');
    const completed = await detail(admin, 'Kandla → Rotterdam first cargo');
    expect(completed.status).toBe('completed');
    expect(completed.releases.map((r) => [r.trigger, r.status, r.amount])).toEqual([
      ['trading', 'released', completed.raisedAmount],
    ]);
    expect(completed.settlement).toMatchObject({
      status: 'paid',
      principal: completed.raisedAmount,
      disbursed: completed.raisedAmount,
      actualProfit: completed.actualProfit,
      invoice: { kind: 'sales_invoice' },
    });
    const s = completed.settlement!;
    expect(s.paidAt).not.toBeNull();
    // The declared waterfall adds up to the actual profit, a little under the estimate.
    const w = s.waterfall!;
    expect(
      toFixed(
        dec(w.salesProceeds)
          .minus(w.purchaseCost)
          .minus(w.shippingCost)
          .minus(w.insuranceCost)
          .minus(w.otherCosts),
      ),
    ).toBe(s.actualProfit);
    expect(dec(s.actualProfit).lt(s.estimate.profit)).toBe(true);
    expect(toFixed(dec(s.amountDue))).toBe(toFixed(dec(s.disbursed).plus(s.grossProfit)));

    // Every backer paid out, in one distribution posting.
    const backers = (await trader.get(`/api/campaigns/${completed.id}/investors`)).json<
      Array<{ investorName: string; amount: string; status: string; profitShare: string; payout: string }>
    >();
    expect(backers.length).toBeGreaterThan(1);
    for (const b of backers)
      expect([b.status, b.payout]).toEqual(['paid_out', toFixed(dec(b.amount).plus(b.profitShare))]);
    const paidOut = backers.reduce((sum, b) => sum.plus(b.payout), ZERO);
    expect(toFixed(paidOut.plus(s.fee))).toBe(toFixed(dec(s.principal).plus(s.grossProfit)));
    const distributions = await app.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.campaignId, completed.id), eq(ledgerTransactions.kind, 'distribution')),
      );
    expect(distributions).toHaveLength(1);

    // The demo investor's payout is in their HydroBridge balance, ready to reinvest or withdraw.
    const account = (await investor.get('/api/cash-account')).json<{
      balance: string;
      bankAccount: unknown;
    }>();
    const mine = backers.find((b) => b.investorName.startsWith('Priya'))!;
    expect(account.balance).toBe(mine.payout);
    expect(account.bankAccount).toMatchObject({ ibanMasked: 'DE•• •••• •••• •••• •••• 3000' });
    // The trader's releases went out to their bank account.
    const traderAccount = (await trader.get('/api/cash-account')).json<{
      balance: string;
      payouts: Array<{ purpose: string; status: string }>;
    }>();
    expect(traderAccount.balance).toBe('0.00');
    expect(traderAccount.payouts.filter((p) => p.purpose === 'disbursement').map((p) => p.status)).toEqual([
      'paid',
      'paid',
    ]);
  });

  it('has a cargo at sea with its first tranche released and the staged one awaiting an admin', async () => {
    const admin = await signedInDemo('admin');
    const trading = await detail(admin, 'Kochi → Houston refinery hydrogen');
    expect(trading.status).toBe('trading');
    expect(trading.settlement).toBeNull();
    const [first, staged] = trading.releases;
    expect([first!.trigger, first!.percent, first!.status]).toEqual(['trading', '40.00', 'released']);
    expect(first!.amount).toBe(toFixed(dec(trading.raisedAmount).times('0.4')));
    expect(staged).toMatchObject({
      trigger: 'loaded',
      percent: '60.00',
      status: 'awaiting_review',
      amount: null,
      document: { kind: 'milestone', milestone: 'loaded' },
    });
    const queue = (await admin.get('/api/admin/money')).json<{ releases: Array<{ id: string }> }>();
    expect(queue.releases.map((r) => r.id)).toEqual([staged!.id]);
    const milestones = await callsAs(app, null).get(`/api/campaigns/${trading.id}/milestones`);
    expect(milestones.json<Array<{ kind: string }>>().map((m) => m.kind)).toEqual([
      'loaded',
      'departed',
      'arrived',
    ]);
  });

  it('refunded every backer of the cargo that missed its deadline, soon after it passed', async () => {
    const admin = await signedInDemo('admin');
    const expired = await detail(admin, 'Visakhapatnam → Marseille ammonia cargo');
    expect([expired.status, expired.raisedAmount, expired.investorCount]).toEqual(['cancelled', '0.00', 0]);
    const escrow = await admin.get(`/api/admin/escrow?campaignId=${expired.id}`);
    const records = escrow.json<{ records: Array<{ status: string; createdAt: string }> }>().records;
    expect(records).toHaveLength(4);
    for (const r of records) expect(r.status).toBe('refunded');
    const investor = await signedInDemo('investor');
    const mine = (await investor.get(`/api/investments?investorId=${investor.user.id}`))
      .json<Array<{ campaignId: string; status: string; settledAt: string }>>()
      .find((i) => i.campaignId === expired.id)!;
    expect(mine.status).toBe('refunded');
    // Refunded soon after the deadline, as the server's sweep would have.
    expect(new Date(mine.settledAt).getTime() - new Date(expired.deadline).getTime()).toBeLessThan(
      2 * 3_600_000,
    );
  });

  it('fills the marketplace: the demo trader’s listings, the buyer’s orders in every status, earned figures', async () => {
    const listings = await callsAs(app, null).get('/api/listings');
    expect(listings.headers['x-total-count']).toBe('3');
    const [supplier] = (await callsAs(app, null).get('/api/suppliers')).json<
      Array<{ name: string; rating: string; delivered: number; onTimeRate: string }>
    >();
    expect(supplier).toMatchObject({
      name: 'Bharat Green Fuels Pvt Ltd',
      rating: '4.5',
      delivered: 3,
      onTimeRate: '100.0',
    });
    const [buyer] = await app.db.select().from(users).where(eq(users.username, 'buyer'));
    const statuses = (await app.db.select().from(orders).where(eq(orders.buyerId, buyer!.id))).map(
      (o) => o.status,
    );
    expect(new Set(statuses)).toEqual(new Set(['pending', 'confirmed', 'shipped', 'delivered', 'cancelled']));
    expect((await app.db.select().from(rfqs)).map((r) => r.status)).toEqual(['open']);
  });

  it('carries the hydrogen trail: certificates checked by the admin, carbon figures, a cancellation per delivered order', async () => {
    const visitor = callsAs(app, null);
    const listed = (await visitor.get('/api/listings')).json<
      Array<{ location: string; carbonIntensity: string | null }>
    >();
    expect(Object.fromEntries(listed.map((l) => [l.location, l.carbonIntensity]))).toEqual({
      'Kandla, India': '3.248',
      'Mundra, India': '2.531',
      // Its certificate still awaits the admin's check.
      'Paradip, India': null,
    });
    const shown = (await visitor.get('/api/campaigns?limit=50')).json<
      Array<{ carbonIntensity: string | null }>
    >();
    expect(shown.filter((c) => c.carbonIntensity !== null).length).toBeGreaterThanOrEqual(2);
    const buyer = await signedInDemo('buyer');
    const delivered = (await buyer.get('/api/orders?group=delivered')).json<
      Array<{ id: string; certificate: { statementUrl: string; verificationUrl: string } | null }>
    >();
    expect(delivered).toHaveLength(3);
    for (const order of delivered) expect(order.certificate).not.toBeNull();
    const statement = await buyer.get(`/api/orders/${delivered[0]!.id}/certificate`);
    expect(statement.json()).toMatchObject({ beneficiary: expect.any(String), carbon: { rfnbo: true } });
    const code = delivered[0]!.certificate!.verificationUrl.split('/').pop();
    expect((await visitor.get(`/api/verify/${code}`)).statusCode).toBe(200);
    const admin = await signedInDemo('admin');
    const pending = (await admin.get('/api/certificates?status=pending')).json<unknown[]>();
    expect(pending).toHaveLength(1);
  });
});
