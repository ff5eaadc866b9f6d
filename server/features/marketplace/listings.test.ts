// Listings: the owning trader's create / edit / withdraw, the buyers' search (filters, sorts, pages,
// X-Total-Count), suppliers who have delivered nothing reading "New supplier" (no made-up rating), and
// a suspended supplier's listings gone from the market until the account is reactivated.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Listing } from '../../../domain/listings.ts';
import type { Order, OrderPlaced } from '../../../domain/orders.ts';
import type { Supplier } from '../../../domain/order-tracking.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { listings, sandboxPaymentIntents } from '../../db/schema/index.ts';
import { buildTestApp, createCampaign } from '../../../test/app.ts';
import { card } from '../../../test/investing.ts';
import { callsAs, signedInAs, type Actor } from '../../../test/actor.ts';
import { ERRORS } from '../../../domain/errors.ts';
import { listingBody, listingOf, orderAndPay } from '../../../test/marketplace.ts';

describe('listings', () => {
  it('are created, edited and withdrawn by their trader only, never below what orders hold', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const other = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const bad = await trader.post('/api/listings', { ...listingBody(), minOrder: '300' });
    expect([bad.statusCode, bad.json().error]).toEqual([
      400,
      expect.stringContaining('Minimum order cannot exceed'),
    ]);
    expect(
      (await trader.post('/api/listings', { ...listingBody(), certifications: ['solar'] })).statusCode,
    ).toBe(400);
    expect((await trader.post('/api/listings', { ...listingBody(), pricePerKg: 5.6 })).statusCode).toBe(400);
    // Only a financed campaign of the trader's own may be tied to a listing.
    const foreign = await createCampaign(app.db, { status: 'funded' });
    expect(
      (await trader.post('/api/listings', { ...listingBody(), campaignId: foreign.id })).statusCode,
    ).toBe(400);
    const own = await createCampaign(app.db, { traderId: trader.user.id, status: 'trading' });
    const listing = await listingOf(trader, { quantity: '50', minOrder: '10', campaignId: own.id });
    expect((await buyer.get(`/api/listings/${listing.id}`)).json<Listing>()).toMatchObject({
      campaignTitle: own.title,
      supplierName: 'Test Trading Ltd',
      available: '50.00',
    });

    expect((await other.patch(`/api/listings/${listing.id}`, { pricePerKg: '1.00' })).statusCode).toBe(403);
    await orderAndPay(buyer, listing, '30');
    const below = await trader.patch(`/api/listings/${listing.id}`, { quantity: '20' });
    expect([below.statusCode, below.json().error]).toEqual([
      409,
      'Open orders hold 30.00 tonnes of this listing: the quantity cannot go below that',
    ]);
    // The public list, read once (and cached), shows the edit at once: an edit clears the cached pages.
    const priceInList = async () =>
      (await buyer.get('/api/listings?limit=100')).json<Listing[]>().find((l) => l.id === listing.id)
        ?.pricePerKg;
    expect(await priceInList()).toBe('5.60');
    const edited = await trader.patch(`/api/listings/${listing.id}`, { quantity: '40', pricePerKg: '5.10' });
    expect(edited.json<Listing>()).toMatchObject({
      quantity: '40.00',
      available: '10.00',
      pricePerKg: '5.10',
    });
    expect(await priceInList()).toBe('5.10');

    expect((await other.post(`/api/listings/${listing.id}/withdraw`)).statusCode).toBe(403);
    expect((await trader.post(`/api/listings/${listing.id}/withdraw`)).json<Listing>().status).toBe(
      'withdrawn',
    );
    expect((await buyer.get(`/api/listings/${listing.id}`)).statusCode).toBe(404);
    expect((await buyer.post('/api/orders', { listingId: listing.id, quantity: '10' })).statusCode).toBe(409);
  });

  it('need a verified trader: email and KYB approved, each refusal naming its gate', async () => {
    const app = await buildTestApp();
    const unverified = await signedInAs(app, 'trader', { emailVerified: false });
    const inReview = await signedInAs(app, 'trader', { kycStatus: 'under_review' });
    const noEmail = await unverified.post('/api/listings', listingBody());
    expect([noEmail.statusCode, noEmail.json().error]).toEqual([403, ERRORS.EMAIL_NOT_VERIFIED.message]);
    const noKyc = await inReview.post('/api/listings', listingBody());
    expect([noKyc.statusCode, noKyc.json().error]).toEqual([403, ERRORS.KYC_NOT_APPROVED.message]);
    expect((await callsAs(app, null).get('/api/listings')).headers['x-total-count']).toBe('0');
  });

  it('are searched with filters, sorted and paged on the server, the total in X-Total-Count', async () => {
    const app = await buildTestApp();
    const a = await signedInAs(app, 'trader', { companyName: 'Alpha H2' });
    const b = await signedInAs(app, 'trader', { companyName: 'Beta Ammonia' });
    await listingOf(a, {
      location: 'Kandla, India',
      pricePerKg: '4.80',
      availability: 'immediate',
      certifications: ['rfnbo'],
    });
    await listingOf(a, {
      location: 'Mundra, India',
      pricePerKg: '5.20',
      availability: '1-2-weeks',
      minOrder: '50',
    });
    await listingOf(b, {
      location: 'Rotterdam',
      pricePerKg: '6.10',
      availability: 'immediate',
      certifications: ['rfnbo', 'iscc_plus'],
    });
    await listingOf(b, {
      location: 'Kandla, India',
      pricePerKg: '5.90',
      availability: '3-4-weeks',
      certifications: [],
    });

    const search = async (query: string) => {
      const res = await app.inject({ url: `/api/listings?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return { total: Number(res.headers['x-total-count']), items: res.json<Listing[]>() };
    };
    const india = await search('location=india&sort=price_asc');
    expect(india.items.map((l) => l.pricePerKg)).toEqual(['4.80', '5.20', '5.90']);
    const rfnbo = await search('certification=rfnbo&availability=immediate&sort=price_desc');
    expect(rfnbo.items.map((l) => l.location)).toEqual(['Rotterdam', 'Kandla, India']);
    expect((await search('minPrice=5&maxPrice=6')).items.map((l) => l.pricePerKg).sort()).toEqual([
      '5.20',
      '5.90',
    ]);
    expect((await search('minOrder=20')).total).toBe(3);
    const page = await search('limit=3&page=2&sort=price_asc');
    expect([page.total, page.items.map((l) => l.pricePerKg)]).toEqual([4, ['6.10']]);
    expect((await app.inject({ url: '/api/listings?sort=cheap' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/listings?minPrice=-1' })).statusCode).toBe(400);
    // No delivered order yet: suppliers are new, with no rating invented.
    const suppliers = (await app.inject({ url: '/api/suppliers' })).json<Supplier[]>();
    expect(suppliers.map((s) => [s.name, s.rating, s.delivered, s.onTimeRate, s.pricePerKg])).toEqual(
      expect.arrayContaining([
        ['Alpha H2', null, 0, null, '4.80'],
        ['Beta Ammonia', null, 0, null, '5.90'],
      ]),
    );
  });
});

describe('a suspended supplier', () => {
  it('disappears from the market with their listings until reactivated; an order’s hold placed meanwhile is not charged', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader', { companyName: 'Paused Hydrogen BV' });
    const admin = await signedInAs(app, 'admin');
    const buyer = await signedInAs(app, 'buyer');
    const visitor = callsAs(app, null);
    const listing = await listingOf(trader, { quantity: '50', minOrder: '10', pricePerKg: '4.10' });
    const listed = async (actor: Pick<Actor, 'get'>) =>
      (await actor.get('/api/listings?limit=100')).json<Listing[]>().some((l) => l.id === listing.id);
    const supplied = async () =>
      (await visitor.get('/api/suppliers')).json<Supplier[]>().some((s) => s.id === trader.user.id);
    const stats = async () => (await visitor.get('/api/market/stats')).json<{ listings: number }>().listings;
    // An order placed before the suspension, its card step after it.
    const placed = (
      await buyer.post('/api/orders', { listingId: listing.id, quantity: '10' })
    ).json<OrderPlaced>();
    expect([await listed(buyer), await supplied(), await stats()]).toEqual([true, true, 1]);

    const suspended = await admin.post(`/api/admin/users/${trader.user.id}/suspend`, {
      reason: 'Export licence under review',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    // Gone for buyers and visitors alike: not listed, not found, no supplier, not counted.
    expect([await listed(buyer), await listed(visitor), await supplied(), await stats()]).toEqual([
      false,
      false,
      false,
      0,
    ]);
    for (const actor of [buyer, visitor])
      expect((await actor.get(`/api/listings/${listing.id}`)).statusCode).toBe(404);
    // An admin still reads it, as it is.
    expect((await admin.get(`/api/listings/${listing.id}`)).json<Listing>()).toMatchObject({
      status: 'active',
      supplierName: 'Paused Hydrogen BV',
    });
    const refused = await buyer.post('/api/orders', { listingId: listing.id, quantity: '10' });
    expect([refused.statusCode, refused.json().error]).toEqual([404, 'Listing not found']);
    // The earlier order's card step succeeds at the card; the hold is released, never charged.
    const confirm = await buyer.post(`/api/sandbox/payment-intents/${placed.paymentIntentId}/confirm`, {
      clientSecret: placed.clientSecret,
      card: card(),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const record = await buyer.post(`/api/orders/${placed.order.id}/payment`, {
      paymentIntentId: placed.paymentIntentId,
    });
    expect([record.statusCode, record.json().error]).toEqual([
      409,
      'This was cancelled: your card was not charged',
    ]);
    const [intent] = await app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, placed.paymentIntentId));
    expect([intent!.status, intent!.amountCaptured]).toEqual(['canceled', '0.00']);
    const [row] = await app.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(row!.reserved).toBe('0.00');

    // Reactivated: listed, found and orderable again.
    await admin.post(`/api/admin/users/${trader.user.id}/reactivate`);
    expect([await listed(buyer), await listed(visitor), await supplied(), await stats()]).toEqual([
      true,
      true,
      true,
      1,
    ]);
    expect((await visitor.get(`/api/listings/${listing.id}`)).json<Listing>().available).toBe('50.00');
    const { record: again } = await orderAndPay(buyer, listing, '10');
    expect(again!.json<Order>()).toMatchObject({ payment: 'held', totalAmount: '41000.00' });
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});
