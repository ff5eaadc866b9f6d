// A buyer's dispute about an order (DESIGN.md §3, docs/money.md) on this run's database: opened while
// the money is held in escrow and receipt not confirmed; while it is open neither the buyer's receipt,
// the automatic receipt a week after delivery, nor a cancellation moves the money; an admin refunds the
// buyer's card (an order not delivered yet ends cancelled, its quantity back on the listing) or finds
// for the supplier: a delivered order's escrow is released to them and paid out to their bank
// account; one not delivered yet is held again until receipt. The ledger holds and agrees with the
// provider after each.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EscrowRow } from '../../../domain/admin.ts';
import type { CashAccount } from '../../../domain/cash-account.ts';
import { ERRORS } from '../../../domain/errors.ts';
import type { Listing } from '../../../domain/listings.ts';
import type { Order, OrderPlaced } from '../../../domain/orders.ts';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { ledgerEntries, sandboxPaymentIntents } from '../../db/schema/index.ts';
import { sweepAll } from '../../sweeps.ts';
import { buildTestApp, testClock } from '../../../test/app.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';
import { dayAfter, listingOf, move, orderAndPay } from '../../../test/marketplace.ts';
import { addBankAccount } from '../../../test/money.ts';

const DAY = 86_400_000;
const NOT_DISPUTABLE = ERRORS.ORDER_NOT_DISPUTABLE.message;
const DISPUTED = ERRORS.ORDER_DISPUTED.message;

const balance = async (app: App, account: string) => {
  const rows = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.account, account));
  return rows.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0) / 100;
};
const intentOf = async (app: App, id: string) =>
  (await app.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id)))[0]!;
const cashAccount = async (actor: Actor) => (await actor.get('/api/cash-account')).json<CashAccount>();
const payoutsOf = (account: CashAccount) => account.payouts.map((p) => [p.purpose, p.amount, p.status]);
const orderOf = async (actor: Actor, id: string) => (await actor.get(`/api/orders/${id}`)).json<Order>();
const dispute = (buyer: Actor, id: string, reason = 'The cargo arrived off-spec: 3% ammonia slip.') =>
  buyer.post(`/api/orders/${id}/dispute`, { reason });

/** A trader (with a bank account unless told), a buyer, an admin, and a 50 t listing at $5.60/kg. */
async function market(app: App, { bank = true } = {}) {
  const trader = await signedInAs(app, 'trader');
  if (bank) await addBankAccount(trader);
  const buyer = await signedInAs(app, 'buyer');
  const admin = await signedInAs(app, 'admin');
  const listing = await listingOf(trader, { quantity: '50', minOrder: '10', pricePerKg: '5.60' });
  const paid = async (quantity: string) => {
    const { order, record } = await orderAndPay(buyer, listing, quantity);
    expect(record?.statusCode, record?.body).toBe(200);
    return order!;
  };
  return { trader, buyer, admin, listing, paid };
}

async function deliver(trader: Actor, orderId: string, now: Date) {
  await move(trader, orderId, { to: 'confirmed' });
  await move(trader, orderId, { to: 'shipped', expectedDeliveryDate: dayAfter(now, 5) });
  return move(trader, orderId, { to: 'delivered' });
}

describe('POST /api/orders/:id/dispute', () => {
  it('holds a delivered order’s escrow: no receipt, no automatic receipt, until an admin refunds the card', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const { trader, buyer, admin, paid } = await market(app);
    const disputed = await paid('20'); // 20 t × 1,000 kg × $5.60 = $112,000.00
    const undisputed = await paid('10');
    await deliver(trader, disputed.id, clock());
    await deliver(trader, undisputed.id, clock());

    const opened = await dispute(buyer, disputed.id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<EscrowRow>()).toMatchObject({
      kind: 'order',
      orderId: disputed.id,
      campaignId: null,
      investmentId: null,
      subjectTitle: 'Order of 20 t from Kandla, India',
      payerId: buyer.user.id,
      payerName: 'Test Steel GmbH',
      amount: '112000.00',
      status: 'disputed',
      disputeReason: 'The cargo arrived off-spec: 3% ammonia slip.',
    });
    expect(await orderOf(buyer, disputed.id)).toMatchObject({
      payment: 'held',
      escrowStatus: 'disputed',
      disputeReason: 'The cargo arrived off-spec: 3% ammonia slip.',
    });
    // The supplier sees it too, and the buyer cannot open a second one.
    expect((await orderOf(trader, disputed.id)).escrowStatus).toBe('disputed');
    const again = await dispute(buyer, disputed.id, 'Again');
    expect([again.statusCode, again.json().error]).toEqual([409, NOT_DISPUTABLE]);

    // Receipt waits for the admin; a week on, the sweep receives the other order only.
    const receipt = await buyer.post(`/api/orders/${disputed.id}/receipt`);
    expect([receipt.statusCode, receipt.json().error]).toEqual([409, DISPUTED]);
    clock.advance(8 * DAY);
    expect((await sweepAll(app.market)).receipts).toEqual({ received: 1 });
    expect(await orderOf(buyer, undisputed.id)).toMatchObject({ payment: 'released' });
    expect(await orderOf(buyer, disputed.id)).toMatchObject({ payment: 'held', receivedAt: null });
    expect(await balance(app, `order-escrow:${disputed.id}`)).toBe(112000);
    // Only the undisputed order was paid out to the supplier.
    expect(payoutsOf(await cashAccount(trader))).toEqual([['supplier', '56000.00', 'paid']]);

    // The admin sees it among the disputes and refunds the buyer's card.
    const queue = (await admin.get('/api/admin/escrow?status=disputed')).json<{ records: EscrowRow[] }>();
    const record = queue.records.find((r) => r.orderId === disputed.id)!;
    expect(record).toMatchObject({ kind: 'order', status: 'disputed', amount: '112000.00' });
    const resolved = await admin.post(`/api/admin/escrow/${record.id}/resolve`, {
      outcome: 'refund',
      note: 'Lab report confirms the off-spec cargo',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<EscrowRow>()).toMatchObject({ kind: 'order', status: 'refunded' });
    // Delivered goods stay delivered; the money is back on the card, none of it with the supplier.
    expect(await orderOf(buyer, disputed.id)).toMatchObject({
      status: 'delivered',
      payment: 'refunded',
      escrowStatus: 'refunded',
    });
    const intent = await intentOf(app, disputed.paymentIntentId!);
    expect([intent.amountCaptured, intent.amountRefunded]).toEqual(['112000.00', '112000.00']);
    expect(await balance(app, `order-escrow:${disputed.id}`)).toBe(0);
    const supplier = await cashAccount(trader);
    expect([supplier.balance, payoutsOf(supplier)]).toEqual(['0.00', [['supplier', '56000.00', 'paid']]]);
    // Resolved once: a second resolution moves nothing; nor does a late receipt.
    const twice = await admin.post(`/api/admin/escrow/${record.id}/resolve`, { outcome: 'release' });
    expect(twice.statusCode).toBe(409);
    expect((await buyer.post(`/api/orders/${disputed.id}/receipt`)).statusCode).toBe(409);
    expect(payoutsOf(await cashAccount(trader))).toHaveLength(1);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('before delivery, resolved for the buyer: the order ends cancelled and its quantity is on the listing again', async () => {
    const app = await buildTestApp();
    const { trader, buyer, admin, listing, paid } = await market(app);
    const order = await paid('20');
    const available = async () => (await buyer.get(`/api/listings/${listing.id}`)).json<Listing>().available;
    expect(await available()).toBe('30.00');
    const opened = (await dispute(buyer, order.id, 'No loading date after three weeks')).json<EscrowRow>();
    // While it is open, neither side cancels (a cancellation would refund around the admin).
    for (const actor of [buyer, trader]) {
      const cancel = await actor.post(`/api/orders/${order.id}/transitions`, {
        to: 'cancelled',
        reason: 'Giving up',
      });
      expect([cancel.statusCode, cancel.json().error]).toEqual([409, DISPUTED]);
    }
    const resolved = await admin.post(`/api/admin/escrow/${opened.id}/resolve`, {
      outcome: 'refund',
      note: 'The supplier cannot name a loading date',
    });
    expect(resolved.json<EscrowRow>().status).toBe('refunded');
    expect(await orderOf(buyer, order.id)).toMatchObject({
      status: 'cancelled',
      payment: 'refunded',
      escrowStatus: 'refunded',
      cancelReason: 'The supplier cannot name a loading date',
      cancelledAt: expect.any(String),
    });
    expect(await available()).toBe('50.00');
    // The supplier can no longer ship what nobody pays for.
    const confirm = await trader.post(`/api/orders/${order.id}/transitions`, { to: 'confirmed' });
    expect(confirm.statusCode).toBe(409);
    const intent = await intentOf(app, order.paymentIntentId!);
    expect(intent.amountRefunded).toBe(intent.amount);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('after delivery, resolved for the supplier: escrow to their balance and out to their bank account, once', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const { trader, buyer, admin, paid } = await market(app);
    const order = await paid('10'); // $56,000.00
    await deliver(trader, order.id, clock());
    const opened = (
      await dispute(buyer, order.id, 'The certificates of origin are missing')
    ).json<EscrowRow>();
    const resolved = await admin.post(`/api/admin/escrow/${opened.id}/resolve`, {
      outcome: 'release',
      note: 'Certificates sent by the registry',
    });
    expect(resolved.json<EscrowRow>()).toMatchObject({ kind: 'order', status: 'released' });
    expect(await orderOf(buyer, order.id)).toMatchObject({
      status: 'delivered',
      payment: 'released',
      escrowStatus: 'released',
    });
    const supplier = await cashAccount(trader);
    expect([supplier.balance, payoutsOf(supplier)]).toEqual(['0.00', [['supplier', '56000.00', 'paid']]]);
    // Paid once: no second dispute, and a week on the automatic receipt pays nothing more.
    expect((await dispute(buyer, order.id)).statusCode).toBe(409);
    clock.advance(8 * DAY);
    expect((await sweepAll(app.market)).receipts).toEqual({ received: 0 });
    expect(payoutsOf(await cashAccount(trader))).toHaveLength(1);
    expect((await intentOf(app, order.paymentIntentId!)).amountRefunded).toBe('0.00');
    expect(await balance(app, `order-escrow:${order.id}`)).toBe(0);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('before delivery, resolved for the supplier: the dispute is dismissed, the escrow held until receipt', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const { trader, buyer, admin, paid } = await market(app);
    const order = await paid('10');
    const opened = (await dispute(buyer, order.id, 'I changed my mind')).json<EscrowRow>();
    const resolved = await admin.post(`/api/admin/escrow/${opened.id}/resolve`, {
      outcome: 'release',
      note: 'A change of mind is not a dispute',
    });
    // Nothing is paid for goods not delivered: the order goes on, its money held.
    expect(resolved.json<EscrowRow>()).toMatchObject({ kind: 'order', status: 'held' });
    expect(await orderOf(buyer, order.id)).toMatchObject({
      status: 'pending',
      payment: 'held',
      escrowStatus: 'held',
    });
    expect(payoutsOf(await cashAccount(trader))).toEqual([]);
    expect(await balance(app, `order-escrow:${order.id}`)).toBe(56000);
    await deliver(trader, order.id, clock());
    expect((await buyer.post(`/api/orders/${order.id}/receipt`)).json<Order>().payment).toBe('released');
    expect(payoutsOf(await cashAccount(trader))).toEqual([['supplier', '56000.00', 'paid']]);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('a supplier without a bank account: the released escrow waits in their balance', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const { trader, buyer, admin, paid } = await market(app, { bank: false });
    const order = await paid('10');
    await deliver(trader, order.id, clock());
    const opened = (await dispute(buyer, order.id)).json<EscrowRow>();
    await admin.post(`/api/admin/escrow/${opened.id}/resolve`, { outcome: 'release' });
    const waiting = await cashAccount(trader);
    expect([waiting.balance, payoutsOf(waiting)]).toEqual(['56000.00', []]);
    await addBankAccount(trader);
    expect(payoutsOf(await cashAccount(trader))).toEqual([['supplier', '56000.00', 'paid']]);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('is refused for an order not paid, received or cancelled, someone else’s, and anyone but its buyer', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const { trader, buyer, admin, listing, paid } = await market(app);
    const unpaid = (
      await buyer.post('/api/orders', { listingId: listing.id, quantity: '10' })
    ).json<OrderPlaced>().order;
    const received = await paid('10');
    await deliver(trader, received.id, clock());
    await buyer.post(`/api/orders/${received.id}/receipt`);
    const cancelled = await paid('10');
    await move(buyer, cancelled.id, { to: 'cancelled', reason: 'Ordered twice' });
    for (const order of [unpaid, received, cancelled]) {
      const res = await dispute(buyer, order.id);
      expect([res.statusCode, res.json().error]).toEqual([409, NOT_DISPUTABLE]);
    }

    const held = await paid('10');
    const stranger = await signedInAs(app, 'buyer');
    expect((await dispute(stranger, held.id)).statusCode).toBe(404);
    expect((await dispute(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    for (const actor of [trader, admin, await signedInAs(app, 'investor')])
      expect((await dispute(actor, held.id)).statusCode).toBe(403);
    const blank = await buyer.post(`/api/orders/${held.id}/dispute`, { reason: '   ' });
    expect([blank.statusCode, blank.json().error]).toEqual([400, 'Reason is required']);
    expect(
      (await buyer.post(`/api/orders/${held.id}/dispute`, { reason: 'x', status: 'released' })).statusCode,
    ).toBe(400);
    // Nothing of it was disputed.
    expect(await orderOf(buyer, held.id)).toMatchObject({ payment: 'held', escrowStatus: 'held' });
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});
