// Buyer orders end to end on this run's database (docs/money.md): placing reserves nothing; the card's
// hold counts against the listing only while it still fits (else it is released, never charged); the
// captured money waits in the order's escrow until receipt releases it to the supplier's balance and
// on to their verified bank account; every transition allowed and refused; cancellation refunds the
// card; the sweep ends unpaid orders and confirms receipt a week after delivery; ratings; and 50 buyers
// racing for a listing with room for 10. The ledger holds and agrees with the provider after each.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CashAccount } from '../../../domain/cash-account.ts';
import type { Listing } from '../../../domain/listings.ts';
import type { Order, OrderPlaced } from '../../../domain/orders.ts';
import type { Supplier } from '../../../domain/order-tracking.ts';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { createMoney } from '../../compose.ts';
import {
  emailOutbox,
  ledgerEntries,
  listings,
  orders,
  payments,
  rfqs,
  sandboxPaymentIntents,
} from '../../db/schema/index.ts';
import { sweepPayments } from '../money/index.ts';
import type { SandboxProvider } from '../money/index.ts';
import { sweepAll } from '../../sweeps.ts';
import { buildTestApp, testClock } from '../../../test/app.ts';
import { card } from '../../../test/investing.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';
import { dayAfter, listingOf, move, orderAndPay } from '../../../test/marketplace.ts';
import { addBankAccount } from '../../../test/money.ts';
import { acceptOffer } from './rfqs.ts';

const DAY = 86_400_000;
const SOLD_OUT = 'The listing sold out: your card was not charged';

const balance = async (app: App, account: string) => {
  const rows = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.account, account));
  return rows.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0) / 100;
};
const intentOf = async (app: App, id: string) =>
  (await app.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)))[0]!;
const reservedOf = async (app: App, listingId: string) =>
  (await app.db.select().from(listings).where(eq(listings.id, listingId)))[0]!.reserved;
const cashAccount = async (actor: Actor) => (await actor.get('/api/cash-account')).json<CashAccount>();
const payoutsOf = (account: CashAccount) => account.payouts.map((p) => [p.purpose, p.amount, p.status]);

/** Confirmed, shipped and delivered by the supplier. */
async function deliver(trader: Actor, orderId: string, now: Date) {
  await move(trader, orderId, { to: 'confirmed' });
  await move(trader, orderId, { to: 'shipped', expectedDeliveryDate: dayAfter(now, 5) });
  return move(trader, orderId, { to: 'delivered' });
}

describe('an order from listing to receipt', () => {
  it('is paid into escrow, moved by the supplier, paid out to the supplier on receipt, rated once', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    await addBankAccount(trader);
    const buyer = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader, { quantity: '100', minOrder: '10', pricePerKg: '5.60' });

    const { record, order } = await orderAndPay(buyer, listing, '12.5');
    expect(record!.statusCode, record!.body).toBe(200);
    // 12.5 t = 12,500 kg × $5.60 = $70,000.00, exactly.
    expect(order).toMatchObject({
      status: 'pending',
      payment: 'held',
      escrowStatus: 'held',
      totalAmount: '70000.00',
      quantity: '12.50',
    });
    expect(await balance(app, `order-escrow:${order!.id}`)).toBe(70000);
    expect(await reservedOf(app, listing.id)).toBe('12.50');
    expect((await intentOf(app, order!.paymentIntentId!)).amountCaptured).toBe('70000.00');

    // Replaying the record call answers the same order, and posts nothing more.
    const again = await buyer.post(`/api/orders/${order!.id}/payment`, {
      paymentIntentId: order!.paymentIntentId,
    });
    expect(again.json<Order>().payment).toBe('held');
    expect(await balance(app, `order-escrow:${order!.id}`)).toBe(70000);

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
    // Neither receipt nor rating before delivery.
    expect((await buyer.post(`/api/orders/${order!.id}/receipt`)).statusCode).toBe(409);
    expect((await buyer.post(`/api/orders/${order!.id}/rating`, { rating: 5 })).statusCode).toBe(409);
    clock.advance(3 * DAY);
    const delivered = await move(trader, order!.id, { to: 'delivered' });
    expect(delivered).toMatchObject({ status: 'delivered', payment: 'held' });
    expect(payoutsOf(await cashAccount(trader))).toEqual([]);

    // Receipt releases escrow to the supplier, who is paid out to their bank account, once.
    const received = await buyer.post(`/api/orders/${order!.id}/receipt`);
    expect(received.json<Order>()).toMatchObject({
      payment: 'released',
      escrowStatus: 'released',
      receivedAt: expect.any(String),
    });
    expect((await buyer.post(`/api/orders/${order!.id}/receipt`)).statusCode).toBe(200);
    expect(await balance(app, `order-escrow:${order!.id}`)).toBe(0);
    const supplier = await cashAccount(trader);
    expect(supplier.balance).toBe('0.00');
    expect(payoutsOf(supplier)).toEqual([['supplier', '70000.00', 'paid']]);

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
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('a supplier without a bank account: the released money waits in their balance, paid out once they add one', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader, { quantity: '100', minOrder: '10', pricePerKg: '5.60' });
    const first = (await orderAndPay(buyer, listing, '10')).order!;
    const second = (await orderAndPay(buyer, listing, '20')).order!;
    for (const order of [first, second]) {
      await deliver(trader, order.id, clock());
      expect((await buyer.post(`/api/orders/${order.id}/receipt`)).json<Order>().payment).toBe('released');
    }
    // $56,000.00 + $112,000.00, waiting.
    const waiting = await cashAccount(trader);
    expect([waiting.balance, waiting.bankAccount, payoutsOf(waiting)]).toEqual(['168000.00', null, []]);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);

    await addBankAccount(trader);
    const paid = await cashAccount(trader);
    expect(paid.balance).toBe('0.00');
    expect(payoutsOf(paid)).toEqual([['supplier', '168000.00', 'paid']]);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
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
    expect(await reservedOf(app, listing.id)).toBe('0.00');
    expect(await app.db.select().from(orders)).toEqual([]);
    expect(await app.db.select().from(payments)).toEqual([]);
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
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('reserves nothing until the card holds the money: the buyer whose hold no longer fits is not charged', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const [first, second] = await Promise.all([signedInAs(app, 'buyer'), signedInAs(app, 'buyer')]);
    const listing = await listingOf(trader, { quantity: '30', minOrder: '10' });
    const available = async () => (await first.get(`/api/listings/${listing.id}`)).json<Listing>().available;

    // Both place an order for all 30 t: an unpaid order holds nothing back from the other.
    const late = await second.post('/api/orders', { listingId: listing.id, quantity: '30' });
    expect(late.statusCode, late.body).toBe(201);
    expect(await available()).toBe('30.00');
    const { record } = await orderAndPay(first, listing, '30');
    expect(record!.json<Order>()).toMatchObject({ payment: 'held' });
    expect(await available()).toBe('0.00');

    // The second card step succeeds at the card, but the hold no longer fits: released uncharged.
    const { order, clientSecret, paymentIntentId } = late.json<OrderPlaced>();
    const confirm = await second.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
      clientSecret,
      card: card(),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const refused = await second.post(`/api/orders/${order.id}/payment`, { paymentIntentId });
    expect([refused.statusCode, refused.json().error]).toEqual([409, SOLD_OUT]);
    expect(await intentOf(app, paymentIntentId)).toMatchObject({
      status: 'canceled',
      amountCaptured: '0.00',
    });
    expect((await second.get('/api/orders')).json<Order[]>()).toEqual([]);
    expect((await second.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    expect(await reservedOf(app, listing.id)).toBe('30.00');
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('50 buyers racing for a listing with room for 10 orders: exactly 10 holds count, 40 are told it sold out and not charged', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const listing = await listingOf(trader, { quantity: '100', minOrder: '10' });
    const racers = await Promise.all(Array.from({ length: 50 }, () => signedInAs(app, 'buyer')));
    const results = await Promise.all(racers.map((buyer) => orderAndPay(buyer, listing, '10')));
    // Placing reserves nothing: every buyer gets an order to pay.
    expect(results.filter((r) => r.placed.statusCode === 201)).toHaveLength(50);
    const held = results.filter((r) => r.record?.statusCode === 200);
    expect(held).toHaveLength(10);
    expect(held.every((r) => r.order!.payment === 'held')).toBe(true);
    const soldOut = results.filter((r) => r.record?.statusCode === 409);
    expect(soldOut).toHaveLength(40);
    expect(new Set(soldOut.map((r) => r.record!.json().error))).toEqual(new Set([SOLD_OUT]));

    expect(await reservedOf(app, listing.id)).toBe('100.00');
    const intents = await app.db.select().from(sandboxPaymentIntents);
    expect(intents.filter((i) => i.status === 'succeeded' && i.amountCaptured === i.amount)).toHaveLength(10);
    expect(intents.filter((i) => i.status === 'canceled' && i.amountCaptured === '0.00')).toHaveLength(40);
    const paid = await app.db.select().from(orders).where(eq(orders.payment, 'held'));
    expect(paid).toHaveLength(10);
    expect((await trader.get('/api/orders/counts')).json()).toMatchObject({ all: 10 });
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});

describe('cancelling, expiring and the sweep', () => {
  it('a cancelled order is refunded to the card and gives its quantity back', async () => {
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
      escrowStatus: 'refunded',
      cancelReason: 'Plant outage',
    });
    const intent = await intentOf(app, order!.paymentIntentId!);
    expect(intent.amountRefunded).toBe(intent.amount);
    expect(await reservedOf(app, listing.id)).toBe('0.00');
    expect(await balance(app, `order-escrow:${order!.id}`)).toBe(0);
    expect(await balance(app, `trader:${trader.user.id}`)).toBe(0);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('an unpaid order given up reserved nothing; its intent can no longer be paid', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const stranger = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader, { quantity: '50' });
    const placed = (
      await buyer.post('/api/orders', { listingId: listing.id, quantity: '50' })
    ).json<OrderPlaced>();
    expect(await reservedOf(app, listing.id)).toBe('0.00');
    expect((await stranger.post(`/api/orders/${placed.order.id}/abandon`)).statusCode).toBe(404);
    const gone = await buyer.post(`/api/orders/${placed.order.id}/abandon`);
    expect(gone.json()).toEqual({ payment: 'expired' });
    expect(await reservedOf(app, listing.id)).toBe('0.00');
    const late = await buyer.post(`/api/sandbox/payment-intents/${placed.paymentIntentId}/confirm`, {
      clientSecret: placed.clientSecret,
      card: card(),
    });
    expect(late.statusCode).toBe(409);
    expect(await intentOf(app, placed.paymentIntentId)).toMatchObject({
      status: 'canceled',
      amountCaptured: '0.00',
    });
    expect((await buyer.get('/api/orders')).json<Order[]>()).toEqual([]);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('an order paid at the card but never recorded by the browser is placed by the sweep', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader, { quantity: '50' });
    const placed = (
      await buyer.post('/api/orders', { listingId: listing.id, quantity: '20' })
    ).json<OrderPlaced>();
    // The card step straight at the provider (as Stripe.js does): the server has not heard of it.
    await (app.payments as SandboxProvider).confirm(
      placed.paymentIntentId,
      { clientSecret: placed.clientSecret, card: card() },
      { payerId: buyer.user.id },
    );
    expect(await reservedOf(app, listing.id)).toBe('0.00');
    clock.advance(2 * 60_000);
    expect(await sweepPayments(app.money)).toMatchObject({ captured: 1 });
    const [order] = await app.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order!.payment).toBe('held');
    expect(await reservedOf(app, listing.id)).toBe('20.00');
    // The browser's record call, late, answers the same order.
    const record = await buyer.post(`/api/orders/${placed.order.id}/payment`, {
      paymentIntentId: placed.paymentIntentId,
    });
    expect(record.json<Order>()).toMatchObject({ payment: 'held' });
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('cancels the intent of an order its transaction refused (the offer closed meanwhile): nothing payable, nothing written', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    await listingOf(trader);
    const rfq = (
      await buyer.post('/api/rfqs', {
        quantity: '40',
        unit: 'tonnes',
        deliveryFrom: '2030-03-01',
        deliveryTo: '2030-03-31',
        destinationPort: 'Rotterdam',
        certifications: [],
        traderId: trader.user.id,
      })
    ).json<{ id: string }>();
    const offer = (
      await trader.post(`/api/rfqs/${rfq.id}/offers`, {
        pricePerKg: '5.20',
        availability: 'immediate',
        validUntil: dayAfter(clock(), 7),
      })
    ).json<{ id: string }>();
    const sandbox = app.payments;
    // The intent is made first; while the provider answers, the request closes to offers.
    const slow = Object.assign(Object.create(sandbox) as typeof sandbox, {
      createIntent: async (input: Parameters<typeof sandbox.createIntent>[0]) => {
        const intent = await sandbox.createIntent(input);
        await app.db.update(rfqs).set({ status: 'closed' }).where(eq(rfqs.id, rfq.id));
        return intent;
      },
    });
    const late = acceptOffer(
      { ...app.market, money: createMoney(app.db, slow, clock) },
      buyer.user,
      offer.id,
      clock(),
    );
    await expect(late).rejects.toMatchObject({ code: 'OFFER_CLOSED' });
    expect(await app.db.select().from(orders).where(eq(orders.buyerId, buyer.user.id))).toEqual([]);
    expect(await app.db.select().from(payments).where(eq(payments.payerId, buyer.user.id))).toEqual([]);
    // Nobody has its secret, and it can no longer be paid.
    const [intent] = await app.db.select().from(sandboxPaymentIntents);
    expect(intent!.status).toBe('canceled');
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('the sweep expires unpaid orders and confirms receipt 7 days after delivery', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    await addBankAccount(trader);
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
    const first = await sweepAll(app.market);
    expect(first).toMatchObject({ errors: [], payments: { expired: 1 }, receipts: { received: 0 } });
    const [lapsed] = await app.db.select().from(orders).where(eq(orders.id, unpaid.order.id));
    expect(lapsed!.payment).toBe('expired');
    // Its intent was cancelled at the provider: paying it now charges nothing.
    const late = await buyer.post(`/api/sandbox/payment-intents/${unpaid.paymentIntentId}/confirm`, {
      clientSecret: unpaid.clientSecret,
      card: card(),
    });
    expect([late.statusCode, late.json().error]).toEqual([
      409,
      expect.stringMatching(/^This payment has expired and nothing was charged/),
    ]);
    expect((await intentOf(app, unpaid.paymentIntentId)).amountCaptured).toBe('0.00');

    // Six days after delivery, still the buyer's to confirm; seven, received for them.
    clock.advance(6 * DAY);
    expect((await sweepAll(app.market)).receipts).toEqual({ received: 0 });
    clock.advance(DAY);
    expect((await sweepAll(app.market)).receipts).toEqual({ received: 1 });
    expect((await sweepAll(app.market)).receipts).toEqual({ received: 0 });
    const done = (await buyer.get(`/api/orders/${order!.id}`)).json<Order>();
    expect(done).toMatchObject({ payment: 'released', receivedAt: expect.any(String) });
    expect(payoutsOf(await cashAccount(trader))).toEqual([['supplier', '56000.00', 'paid']]);
    expect(await reservedOf(app, listing.id)).toBe('10.00');
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});
