// Reading many orders on this run's database: the paged list (limit, page, group, X-Total-Count) and
// each list's count, the buyer dashboard's figures and a campaign's marketplace sales, each checked
// against hand-computed values.
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../domain/orders.ts';
import type { BuyerSummary } from '../../../domain/order-tracking.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { buildTestApp, createCampaign, testClock } from '../../../test/app.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';
import { dayAfter, listingOf, move, orderAndPay } from '../../../test/marketplace.ts';

const DAY = 86_400_000;

async function page(actor: Actor, query = '') {
  const res = await actor.get(`/api/orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { ids: res.json<Order[]>().map((o) => o.id), total: Number(res.headers['x-total-count']) };
}

async function paid(buyer: Actor, listing: { id: string }, quantity: string): Promise<Order> {
  const { order, placed, record } = await orderAndPay(buyer, listing, quantity);
  expect(record?.statusCode, record?.body ?? placed.body).toBe(200);
  return order!;
}

/** Confirmed, shipped and delivered by the supplier. */
async function deliver(trader: Actor, order: Order, now: Date) {
  await move(trader, order.id, { to: 'confirmed' });
  await move(trader, order.id, { to: 'shipped', expectedDeliveryDate: dayAfter(now, 5) });
  return move(trader, order.id, { to: 'delivered' });
}

describe('GET /api/orders pages', () => {
  it('answers one page newest first, the group total in X-Total-Count, the first page without limit', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const other = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader, { quantity: '250', minOrder: '1' });
    const placed: Order[] = [];
    for (let i = 0; i < 5; i++) {
      placed.push(await paid(buyer, listing, '1'));
      clock.advance(60_000);
    }
    await paid(other, listing, '1');
    // Never paid: not placed, in no list.
    await buyer.post('/api/orders', { listingId: listing.id, quantity: '1' });
    await deliver(trader, placed[0]!, clock());
    await move(buyer, placed[1]!.id, { to: 'cancelled', reason: 'Plans changed' });
    const newest = placed.map((o) => o.id).reverse();

    expect(await page(buyer)).toEqual({ ids: newest, total: 5 });
    expect(await page(buyer, '?limit=2')).toEqual({ ids: newest.slice(0, 2), total: 5 });
    expect(await page(buyer, '?limit=2&page=3')).toEqual({ ids: newest.slice(4), total: 5 });
    expect(await page(buyer, '?limit=2&page=4')).toEqual({ ids: [], total: 5 });
    expect(await page(buyer, '?group=active&limit=2')).toEqual({ ids: newest.slice(0, 2), total: 3 });
    expect(await page(buyer, '?group=delivered')).toEqual({ ids: [placed[0]!.id], total: 1 });
    expect(await page(buyer, '?group=cancelled')).toEqual({ ids: [placed[1]!.id], total: 1 });
    // Tracking: the active ones and the delivered one awaiting the buyer's receipt.
    expect(await page(buyer, '?group=tracking')).toEqual({
      ids: [...newest.slice(0, 3), placed[0]!.id],
      total: 4,
    });
    // The tabs' counts in one call: the same totals.
    const counts = await buyer.get('/api/orders/counts');
    expect(counts.json()).toEqual({ active: 3, delivered: 1, cancelled: 1, all: 5, tracking: 4 });
    await buyer.post(`/api/orders/${placed[0]!.id}/receipt`);
    expect((await page(buyer, '?group=tracking')).total).toBe(3);
    expect((await buyer.get('/api/orders/counts')).json()).toMatchObject({ tracking: 3, delivered: 1 });

    // The supplier sees every incoming order; an admin every order.
    expect((await page(trader, '?limit=1')).total).toBe(6);
    expect((await trader.get('/api/orders/counts')).json()).toMatchObject({ all: 6, active: 4 });
    const admin = await signedInAs(app, 'admin');
    expect((await page(admin, '?limit=1')).total).toBe(6);
    expect((await admin.get('/api/orders/counts')).json()).toMatchObject({ all: 6 });
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it.each([
    ['?limit=0', 'limit must be at least 1'],
    ['?limit=101', 'limit must be at most 100'],
    ['?limit=ten', 'limit must be a number'],
    ['?limit=2.5', 'limit must be a whole number'],
    ['?page=0', 'page must be at least 1'],
    ['?group=open', 'group must be one of: active, delivered, cancelled, all, tracking'],
  ])('%s → 400 with a clear message', async (query, message) => {
    const app = await buildTestApp();
    const buyer = await signedInAs(app, 'buyer');
    const res = await buyer.get(`/api/orders${query}`);
    expect([res.statusCode, res.json().error]).toEqual([400, message]);
  });
});

describe('GET /api/orders/summary', () => {
  it('counts, spends (refunds excluded), weighs the average price by kg, the delivered share, by month', async () => {
    const clock = testClock(new Date('2026-10-10T12:00:00.000Z'));
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const tonnes = await listingOf(trader, {
      quantity: '250',
      unit: 'tonnes',
      minOrder: '1',
      pricePerKg: '5.60',
    });
    const kg = await listingOf(trader, {
      quantity: '10000',
      unit: 'kg',
      minOrder: '100',
      pricePerKg: '4.00',
    });

    const empty = (await buyer.get('/api/orders/summary')).json<BuyerSummary>();
    expect(empty).toEqual({
      totalOrders: 0,
      activeOrders: 0,
      totalSpent: '0.00',
      averagePrice: null,
      successRate: null,
      spendByMonth: [],
    });

    // October: 10 t delivered and received ($56,000.00), 2.5 t pending ($14,000.00), 500 kg cancelled
    // and refunded ($2,000.00, not spent).
    const delivered = await paid(buyer, tonnes, '10');
    await deliver(trader, delivered, clock());
    await buyer.post(`/api/orders/${delivered.id}/receipt`);
    await paid(buyer, tonnes, '2.5');
    const cancelled = await paid(buyer, kg, '500');
    await move(trader, cancelled.id, { to: 'cancelled', reason: 'Out of stock' });
    // November: 1,000 kg confirmed ($4,000.00).
    clock.advance(30 * DAY);
    const november = await paid(buyer, kg, '1000');
    await move(trader, november.id, { to: 'confirmed' });
    // Neither another buyer's order nor an unpaid one counts.
    await paid(await signedInAs(app, 'buyer'), tonnes, '1');
    await buyer.post('/api/orders', { listingId: kg.id, quantity: '100' });

    const res = await buyer.get('/api/orders/summary');
    expect(res.statusCode, res.body).toBe(200);
    // Spent 56,000 + 14,000 + 4,000 = 74,000.00 over 10,000 + 2,500 + 1,000 = 13,500 kg: $5.481…/kg;
    // 1 delivered of 4 placed: 25.0%.
    expect(res.json()).toEqual({
      totalOrders: 4,
      activeOrders: 2,
      totalSpent: '74000.00',
      averagePrice: '5.48',
      successRate: '25.0',
      spendByMonth: [
        { month: '2026-10', spent: '70000.00' },
        { month: '2026-11', spent: '4000.00' },
      ],
    });
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('is the buyer’s own: traders and admins are refused', async () => {
    const app = await buildTestApp();
    for (const role of ['trader', 'admin', 'investor'] as const) {
      const res = await (await signedInAs(app, role)).get('/api/orders/summary');
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('GET /api/campaigns/:id/sales', () => {
  it('sums the delivered orders of listings tied to the campaign, for its trader and admins', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const campaign = await createCampaign(app.db, { traderId: trader.user.id, status: 'trading' });
    const cargo = await listingOf(trader, {
      quantity: '100',
      minOrder: '0.5',
      pricePerKg: '5.60',
      campaignId: campaign.id,
    });
    const unrelated = await listingOf(trader, { quantity: '100', minOrder: '1' });
    const url = `/api/campaigns/${campaign.id}/sales`;
    expect((await trader.get(url)).json()).toEqual({ orders: 0, revenue: '0.00' });

    // Delivered from the cargo: 2 t ($11,200.00) and 0.5 t ($2,800.00); not delivered, cancelled or
    // from another listing: not sold.
    await deliver(trader, await paid(buyer, cargo, '2'), clock());
    await deliver(trader, await paid(buyer, cargo, '0.5'), clock());
    await paid(buyer, cargo, '3');
    const cancelled = await paid(buyer, cargo, '1');
    await move(trader, cancelled.id, { to: 'cancelled', reason: 'Out of stock' });
    await deliver(trader, await paid(buyer, unrelated, '4'), clock());

    expect((await trader.get(url)).json()).toEqual({ orders: 2, revenue: '14000.00' });
    expect((await (await signedInAs(app, 'admin')).get(url)).json()).toEqual({
      orders: 2,
      revenue: '14000.00',
    });
    const other = await (await signedInAs(app, 'trader')).get(url);
    expect([other.statusCode, other.json().error]).toEqual([
      403,
      'You can only see the sales of your own campaigns',
    ]);
    expect((await buyer.get(url)).statusCode).toBe(403);
    expect((await trader.get('/api/campaigns/00000000-0000-4000-8000-000000000000/sales')).statusCode).toBe(
      404,
    );
    expect((await trader.get('/api/campaigns/not-an-id/sales')).statusCode).toBe(404);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});
