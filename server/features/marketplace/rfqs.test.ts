// Quote requests: a buyer asks, suppliers offer, the buyer accepts one offer and pays it as an order;
// message threads are seen by their two sides only.
import { describe, expect, it } from 'vitest';
import type { Order, OrderPlaced } from '../../../domain/orders.ts';
import type { Message, Offer, Rfq } from '../../../domain/rfqs.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { buildTestApp, testClock } from '../../../test/app.ts';
import { card } from '../../../test/investing.ts';
import { signedInAs } from '../../../test/actor.ts';
import { dayAfter, listingOf, move } from '../../../test/marketplace.ts';
import { sweepPayments } from '../money/index.ts';

const rfqBody = (overrides: Record<string, unknown> = {}) => ({
  quantity: '40',
  unit: 'tonnes',
  deliveryFrom: '2030-03-01',
  deliveryTo: '2030-03-31',
  destinationPort: 'Rotterdam',
  certifications: ['rfnbo'],
  note: 'Green ammonia, delivered ex-ship.',
  ...overrides,
});

describe('a request for quote', () => {
  it('to every supplier: offers come in, the buyer accepts one, pays, and it is an order', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const buyer = await signedInAs(app, 'buyer');
    const [acme, zeta] = await Promise.all([signedInAs(app, 'trader'), signedInAs(app, 'trader')]);
    await listingOf(acme);
    await listingOf(zeta);

    const created = await buyer.post('/api/rfqs', rfqBody());
    expect(created.statusCode, created.body).toBe(201);
    const rfq = created.json<Rfq>();
    // Every supplier with a listing hears of it (the outbox sends in the background).
    await app.outbox.settled();
    const subjects = (await app.db.select().from(emailOutbox)).map((m) => m.subject);
    expect(subjects.filter((s) => s === 'New request for quote')).toHaveLength(2);

    const offer = (trader: typeof acme, price: string) =>
      trader.post(`/api/rfqs/${rfq.id}/offers`, {
        pricePerKg: price,
        availability: 'immediate',
        validUntil: dayAfter(clock(), 7),
      });
    const fromAcme = await offer(acme, '5.20');
    expect(fromAcme.json<Offer>()).toMatchObject({ totalAmount: '208000.00', status: 'open' });
    expect((await offer(acme, '5.10')).statusCode).toBe(409);
    const fromZeta = (await offer(zeta, '5.60')).json<Offer>();

    // The buyer sees both offers, cheapest first; a supplier only their own.
    expect((await buyer.get('/api/rfqs')).json<Rfq[]>()[0]!.offers.map((o) => o.pricePerKg)).toEqual([
      '5.20',
      '5.60',
    ]);
    expect((await zeta.get('/api/rfqs')).json<Rfq[]>()[0]!.offers.map((o) => o.id)).toEqual([fromZeta.id]);

    // Each supplier's thread is their own.
    await buyer.post(`/api/rfqs/${rfq.id}/messages`, {
      body: 'Can you do ex-works?',
      traderId: zeta.user.id,
    });
    expect((await buyer.post(`/api/rfqs/${rfq.id}/messages`, { body: 'To whom?' })).statusCode).toBe(400);
    await acme.post(`/api/rfqs/${rfq.id}/messages`, { body: 'Our price holds a week.' });
    expect((await zeta.get(`/api/rfqs/${rfq.id}/messages`)).json<Message[]>().map((m) => m.body)).toEqual([
      'Can you do ex-works?',
    ]);
    expect((await buyer.get(`/api/rfqs/${rfq.id}/messages`)).json<Message[]>()).toHaveLength(2);
    const stranger = await signedInAs(app, 'buyer');
    expect((await stranger.get(`/api/rfqs/${rfq.id}/messages`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/offers/${fromAcme.json<Offer>().id}/accept`)).statusCode).toBe(404);

    // Accepting opens an order at the offer's price; the request closes to other offers.
    const accepted = await buyer.post(`/api/offers/${fromAcme.json<Offer>().id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const { order, clientSecret, paymentIntentId } = accepted.json<OrderPlaced>();
    expect(order).toMatchObject({ traderId: acme.user.id, totalAmount: '208000.00', location: 'Rotterdam' });
    expect((await buyer.post(`/api/offers/${fromZeta.id}/accept`)).statusCode).toBe(409);
    await buyer.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
      clientSecret,
      card: card(),
    });
    const paid = await buyer.post(`/api/orders/${order.id}/payment`, { paymentIntentId });
    expect(paid.json<Order>()).toMatchObject({ status: 'pending', payment: 'held' });
    await move(acme, order.id, { to: 'confirmed' });
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('an accepted offer left unpaid reopens the request when its payment expires', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const buyer = await signedInAs(app, 'buyer');
    const trader = await signedInAs(app, 'trader');
    const rfq = (await buyer.post('/api/rfqs', rfqBody({ traderId: trader.user.id }))).json<Rfq>();
    const offer = (
      await trader.post(`/api/rfqs/${rfq.id}/offers`, {
        pricePerKg: '5.00',
        availability: '3-4-weeks',
        validUntil: dayAfter(clock(), 30),
      })
    ).json<Offer>();
    expect((await buyer.post(`/api/offers/${offer.id}/accept`)).statusCode).toBe(201);
    clock.advance(16 * 60_000);
    expect(await sweepPayments(app.money)).toMatchObject({ expired: 1 });
    expect((await buyer.get('/api/rfqs')).json<Rfq[]>()[0]).toMatchObject({ status: 'open' });
    expect((await buyer.post(`/api/offers/${offer.id}/accept`)).statusCode).toBe(201);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('refuses bad input naming the field, and an RFQ from a buyer without KYC', async () => {
    const app = await buildTestApp();
    const buyer = await signedInAs(app, 'buyer');
    const window = await buyer.post('/api/rfqs', rfqBody({ deliveryTo: '2030-02-01' }));
    expect([window.statusCode, window.json().error]).toEqual([
      400,
      expect.stringContaining('delivery window'),
    ]);
    expect((await buyer.post('/api/rfqs', rfqBody({ quantity: 40 }))).statusCode).toBe(400);
    expect((await buyer.post('/api/rfqs', rfqBody({ extra: 1 }))).statusCode).toBe(400);
    const unknown = await buyer.post('/api/rfqs', rfqBody({ traderId: buyer.user.id }));
    expect(unknown.statusCode).toBe(404);
    const pending = await signedInAs(app, 'buyer', { kycStatus: 'under_review' });
    expect((await pending.post('/api/rfqs', rfqBody())).statusCode).toBe(403);
  });
});
