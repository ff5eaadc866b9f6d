// Buyer orders end to end on this run's database: placing (gate, quantity rules), paying into escrow,
// every transition allowed and refused, receipt releasing escrow to the supplier, cancellation
// refunding through the provider, ratings, and 50 buyers racing for a listing with room for 10.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Order, OrderPlaced, Supplier } from '../../../domain/orders.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import {
  emailOutbox,
  ledgerEntries,
  listings,
  orders,
  sandboxPaymentIntents,
} from '../../db/schema/index.ts';
import { buildTestApp, testClock } from '../../../test/app.ts';
import { card, signedInAs } from '../../../test/investing.ts';
import { dayAfter, listingOf, move, orderAndPay } from '../../../test/marketplace.ts';
import { sweepOrders } from './order-sweep.ts';
import { placeOrder } from './orders.ts';
import { SILENT } from './notify.ts';

const balance = async (app: Awaited<ReturnType<typeof buildTestApp>>, account: string) => {
  const rows = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.account, account));
  return rows.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0) / 100;
};

describe('an order from listing to receipt', () => {
  it('is paid into escrow, moved by the supplier, released on receipt, rated once', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader, { quantity: '100', minOrder: '10', pricePerKg: '5.60' });

    const { record, order } = await orderAndPay(buyer, listing, '12.5');
    expect(record!.statusCode, record!.body).toBe(200);
    // 12.5 t = 12,500 kg × $5.60 = $70,000.00, exactly.
    expect(order).toMatchObject({
      status: 'pending',
      payment: 'held',
      totalAmount: '70000.00',
      quantity: '12.50',
    });
    expect(await balance(app, `order-escrow:${order!.id}`)).toBe(70000);
    const [held] = await app.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(held!.reserved).toBe('12.50');

    // Replaying the record call answers the same order, and posts nothing more.
    const again = await buyer.post(`/api/orders/${order!.id}/payment`, {
      paymentIntentId: order!.paymentIntentId,
    });
    expect(again.json<Order>().payment).toBe('held');

    // The buyer cannot confirm; another trader does not see it; the owner moves it.
    expect((await buyer.post(`/api/orders/${order!.id}/transitions`, { to: 'confirmed' })).statusCode).toBe(
      409,
    );
    const other = await signedInAs(app, 'trader');
    expect((await other.post(`/api/orders/${order!.id}/transitions`, { to: 'confirmed' })).statusCode).toBe(
      404,
    );
    await move(trader, order!.id, { to: 'confirmed' });
    const past = await trader.post(`/api/orders/${order!.id}/transitions`, {
      to: 'shipped',
      expectedDeliveryDate: dayAfter(clock(), -2),
    });
    expect(past.statusCode).toBe(400);
    await move(trader, order!.id, { to: 'shipped', expectedDeliveryDate: dayAfter(clock(), 10) });
    // Shipped: nobody may cancel any more.
    const cancel = await trader.post(`/api/orders/${order!.id}/transitions`, {
      to: 'cancelled',
      reason: 'Too late',
    });
    expect(cancel.statusCode).toBe(409);
    // Rating before delivery is refused.
    expect((await buyer.post(`/api/orders/${order!.id}/rating`, { rating: 5 })).statusCode).toBe(409);
    clock.advance(3 * 86_400_000);
    const delivered = await move(trader, order!.id, { to: 'delivered' });
    expect(delivered).toMatchObject({ status: 'delivered', payment: 'held' });

    // Receipt releases escrow to the supplier, once.
    const received = await buyer.post(`/api/orders/${order!.id}/receipt`);
    expect(received.json<Order>()).toMatchObject({ payment: 'released', receivedAt: expect.any(String) });
    await buyer.post(`/api/orders/${order!.id}/receipt`);
    expect(await balance(app, `trader:${trader.user.id}`)).toBe(70000);
    expect(await balance(app, `order-escrow:${order!.id}`)).toBe(0);

    // Only its buyer rates it, once, 1–5.
    expect((await other.post(`/api/orders/${order!.id}/rating`, { rating: 5 })).statusCode).toBe(403);
    const stranger = await signedInAs(app, 'buyer');
    expect((await stranger.post(`/api/orders/${order!.id}/rating`, { rating: 5 })).statusCode).toBe(404);
    expect((await buyer.post(`/api/orders/${order!.id}/rating`, { rating: 6 })).statusCode).toBe(400);
    expect((await buyer.post(`/api/orders/${order!.id}/rating`, { rating: 4 })).statusCode).toBe(200);
    expect((await buyer.post(`/api/orders/${order!.id}/rating`, { rating: 1 })).statusCode).toBe(409);

    // The supplier's figures are earned: rating 4.0, delivered on time.
    const suppliers = (await buyer.get('/api/suppliers')).json<Supplier[]>();
    expect(suppliers.find((s) => s.id === trader.user.id)).toMatchObject({
      rating: '4.0',
      delivered: 1,
      onTimeRate: '100.0',
    });
    // Each step was emailed to both sides.
    const mail = await app.db.select().from(emailOutbox);
    expect(mail.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/placed and paid/), expect.stringMatching(/shipped/)]),
    );
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('a buyer never sees another buyer’s order, nor its messages', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const [alice, bob] = await Promise.all([signedInAs(app, 'buyer'), signedInAs(app, 'buyer')]);
    const listing = await listingOf(trader);
    const { order } = await orderAndPay(alice, listing, '10');
    await alice.post(`/api/orders/${order!.id}/messages`, { body: 'Please use berth 4.' });
    expect((await bob.get(`/api/orders/${order!.id}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/orders/${order!.id}/messages`)).statusCode).toBe(404);
    expect((await bob.post(`/api/orders/${order!.id}/messages`, { body: 'hi' })).statusCode).toBe(404);
    expect((await bob.get('/api/orders')).json<Order[]>()).toEqual([]);
    expect((await alice.get('/api/orders')).json<Order[]>().map((o) => o.id)).toEqual([order!.id]);
    const thread = await trader.get(`/api/orders/${order!.id}/messages`);
    expect(thread.json<Array<{ body: string }>>().map((m) => m.body)).toEqual(['Please use berth 4.']);
  });
});

describe('placing an order', () => {
  it('needs a buyer with a verified email and approved KYC', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const listing = await listingOf(trader);
    const body = { listingId: listing.id, quantity: '10' };
    const pending = await signedInAs(app, 'buyer', { kycStatus: 'pending' });
    expect((await pending.post('/api/orders', body)).json()).toEqual({
      error: 'Complete your KYC verification before buying',
    });
    const unverified = await signedInAs(app, 'buyer', { emailVerified: false });
    expect((await unverified.post('/api/orders', body)).statusCode).toBe(403);
    expect((await trader.post('/api/orders', body)).statusCode).toBe(403);
    const [row] = await app.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row!.reserved).toBe('0.00');
    expect(await app.db.select().from(orders)).toEqual([]);
  });

  it('takes at least the minimum order and at most what is left, naming the quantity field', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader, { quantity: '30', minOrder: '10' });
    const below = await buyer.post('/api/orders', { listingId: listing.id, quantity: '9.99' });
    expect([below.statusCode, below.json().error]).toEqual([
      400,
      'The minimum order for this listing is 10.00 tonnes',
    ]);
    const above = await buyer.post('/api/orders', { listingId: listing.id, quantity: '31' });
    expect([above.statusCode, above.json().error]).toEqual([
      409,
      'Only 30.00 tonnes is still available on this listing',
    ]);
    expect((await buyer.post('/api/orders', { listingId: listing.id, quantity: 10 })).statusCode).toBe(400);
    await orderAndPay(buyer, listing, '25');
    // The last 5 t may be bought although below the minimum: it is exactly what is left.
    const { record } = await orderAndPay(buyer, listing, '5');
    expect(record!.statusCode).toBe(200);
    expect((await buyer.post('/api/orders', { listingId: listing.id, quantity: '10' })).json().error).toBe(
      'This listing is no longer available',
    );
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('50 buyers racing for a listing with room for 10 orders: exactly 10 placed', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const listing = await listingOf(trader, { quantity: '100', minOrder: '10' });
    const racers = await Promise.all(Array.from({ length: 50 }, () => signedInAs(app, 'buyer')));
    const results = await Promise.all(racers.map((buyer) => orderAndPay(buyer, listing, '10')));
    const placed = results.filter((r) => r.record?.statusCode === 200);
    expect(placed).toHaveLength(10);
    expect(results.filter((r) => r.placed.statusCode === 409)).toHaveLength(40);
    const [row] = await app.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row!.reserved).toBe('100.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});

describe('cancelling, expiring and the sweep', () => {
  it('a cancelled order is refunded through the provider and gives its quantity back', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader, { quantity: '50' });
    const { order } = await orderAndPay(buyer, listing, '20');
    // A buyer may withdraw a pending order; not a confirmed one (the supplier may).
    await move(trader, order!.id, { to: 'confirmed' });
    const refused = await buyer.post(`/api/orders/${order!.id}/transitions`, {
      to: 'cancelled',
      reason: 'Changed plans',
    });
    expect(refused.json().error).toBe('An order that is Confirmed cannot be moved to Cancelled by you');
    const cancelled = await move(trader, order!.id, { to: 'cancelled', reason: 'Plant outage' });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      payment: 'refunded',
      cancelReason: 'Plant outage',
    });
    const [intent] = await app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, order!.paymentIntentId!));
    expect(intent!.amountRefunded).toBe(intent!.amount);
    const [row] = await app.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row!.reserved).toBe('0.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('an unpaid order given up frees its quantity at once; its intent can no longer be paid', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const stranger = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader, { quantity: '50' });
    const placed = (
      await buyer.post('/api/orders', { listingId: listing.id, quantity: '50' })
    ).json<OrderPlaced>();
    expect((await stranger.post(`/api/orders/${placed.order.id}/abandon`)).statusCode).toBe(404);
    const gone = await buyer.post(`/api/orders/${placed.order.id}/abandon`);
    expect(gone.json()).toEqual({ payment: 'expired' });
    const [row] = await app.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row!.reserved).toBe('0.00');
    const late = await buyer.post(`/api/sandbox/payment-intents/${placed.paymentIntentId}/confirm`, {
      clientSecret: placed.clientSecret,
      card: card(),
    });
    expect(late.statusCode).toBe(409);
    expect((await buyer.get('/api/orders')).json<Order[]>()).toEqual([]);
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('refuses an intent the provider returns after the sweep expired its order: nothing payable, quantity free', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader, { quantity: '50' });
    const sandbox = app.payments;
    const deps = { db: app.db, notify: SILENT, publicUrl: 'http://x' };
    // A provider so slow to create the intent that the sweep, two minutes on, expires the order first.
    const slow: typeof sandbox = {
      name: sandbox.name,
      retrieveIntent: (id) => sandbox.retrieveIntent(id),
      cancelIntent: (id) => sandbox.cancelIntent(id),
      refund: (id, options) => sandbox.refund(id, options),
      createIntent: async (input) => {
        const intent = await sandbox.createIntent(input);
        clock.advance(2 * 60_000);
        expect(await sweepOrders({ ...deps, provider: sandbox }, clock())).toMatchObject({ expired: 1 });
        return intent;
      },
    };
    const late = placeOrder(
      { ...deps, provider: slow },
      buyer.user,
      { listingId: listing.id, quantity: '20' },
      clock(),
    );
    await expect(late).rejects.toMatchObject({ code: 'ORDER_PAYMENT_EXPIRED' });
    const [row] = await app.db.select().from(orders).where(eq(orders.buyerId, buyer.user.id));
    expect([row!.payment, row!.paymentIntentId]).toEqual(['expired', null]);
    const [intent] = await app.db.select().from(sandboxPaymentIntents);
    expect(intent!.status).toBe('canceled');
    const [free] = await app.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(free!.reserved).toBe('0.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('the sweep expires unpaid orders and confirms receipt 7 days after delivery', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader, { quantity: '50' });
    const unpaid = (
      await buyer.post('/api/orders', { listingId: listing.id, quantity: '20' })
    ).json<OrderPlaced>();
    const { order } = await orderAndPay(buyer, listing, '10');
    await move(trader, order!.id, { to: 'confirmed' });
    await move(trader, order!.id, { to: 'shipped', expectedDeliveryDate: dayAfter(clock(), 1) });
    clock.advance(16 * 60_000);
    await move(trader, order!.id, { to: 'delivered' });
    const deps = { db: app.db, provider: app.payments, notify: SILENT, publicUrl: 'http://x' };
    expect(await sweepOrders(deps, clock())).toMatchObject({ expired: 1, received: 0 });
    const [lapsed] = await app.db.select().from(orders).where(eq(orders.id, unpaid.order.id));
    expect(lapsed!.payment).toBe('expired');
    // Its intent was cancelled at the provider: paying it now charges nothing.
    const late = await buyer.post(`/api/sandbox/payment-intents/${unpaid.paymentIntentId}/confirm`, {
      clientSecret: unpaid.clientSecret,
      card: card(),
    });
    expect([late.statusCode, late.json().error]).toEqual([
      409,
      'This payment has expired and nothing was charged. Please place your order again.',
    ]);
    clock.advance(7 * 86_400_000);
    expect(await sweepOrders(deps, clock())).toMatchObject({ received: 1 });
    expect(await sweepOrders(deps, clock())).toMatchObject({ received: 0, expired: 0 });
    const [done] = await app.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(done!.payment).toBe('released');
    const [row] = await app.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row!.reserved).toBe('10.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});
