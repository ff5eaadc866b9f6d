// The money gate (domain/policies.ts, moneyGateRefusal; declared at the route): the quote path a review
// walked as an attacker — a trader with no verified email and no approved KYC saw every open quote
// request, made offers, messaged buyers and was paid — and the other paths, for each barred state. The
// authorization matrix (authorization.test.ts) holds every route × state; this file tells the story.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rfq } from '../domain/rfqs.ts';
import type { App } from './app.ts';
import { users } from './db/schema/index.ts';
import { withdraw } from './features/money/index.ts';
import { buildTestApp, createCampaign, testClock } from '../test/app.ts';
import { signedInAs, type Actor } from '../test/actor.ts';
import { dayAfter, listingOf } from '../test/marketplace.ts';

const clock = testClock();
let app: App;
let buyer: Actor;
let rfq: Rfq;

const rfqBody = {
  quantity: '40',
  unit: 'tonnes',
  deliveryFrom: '2030-03-01',
  deliveryTo: '2030-03-31',
  destinationPort: 'Rotterdam',
  certifications: ['rfnbo'],
};
const offerBody = () => ({ pricePerKg: '5.20', availability: 'immediate', validUntil: dayAfter(clock(), 7) });

beforeAll(async () => {
  app = await buildTestApp({ clock });
  buyer = await signedInAs(app, 'buyer');
  const res = await buyer.post('/api/rfqs', rfqBody);
  expect(res.statusCode, res.body).toBe(201);
  rfq = res.json<Rfq>();
});
afterAll(() => app?.close());

const BARRED = {
  'an unverified email': { emailVerified: false },
  'KYC not submitted': { kycStatus: 'pending' },
  'KYC in review': { kycStatus: 'under_review' },
  'KYC rejected': { kycStatus: 'rejected', kycRejectionReason: 'Unreadable' },
} as const;

describe('a trader short of the gate, on the quote path', () => {
  it.each(Object.entries(BARRED))(
    'with %s: sees no buyer request, cannot offer, message or read the thread; browses listings',
    async (_state, bar) => {
      const trader = await signedInAs(app, 'trader', bar);
      const list = await trader.get('/api/rfqs');
      expect(list.statusCode).toBe(200);
      expect(list.json<Rfq[]>()).toEqual([]);

      const offer = await trader.post(`/api/rfqs/${rfq.id}/offers`, offerBody());
      expect(offer.statusCode).toBe(403);
      expect(offer.json().error).toMatch(
        /^(Verify your email address first|Complete your KYC verification first)/,
      );
      const message = await trader.post(`/api/rfqs/${rfq.id}/messages`, { body: 'Call me' });
      expect(message.statusCode).toBe(403);
      expect((await trader.get(`/api/rfqs/${rfq.id}/messages`)).statusCode).toBe(404);
      expect((await trader.post('/api/listings', {})).statusCode).toBe(403);
      // Listings are public: browsing them is not a money path.
      expect((await trader.get('/api/listings')).statusCode).toBe(200);
      // Nothing reached the buyer.
      const seen = (await buyer.get('/api/rfqs')).json<Rfq[]>().find((r) => r.id === rfq.id)!;
      expect(seen.offers).toEqual([]);
    },
  );

  it('once verified, the same trader sees the request and offers (the gate, not the trader, was the bar)', async () => {
    const trader = await signedInAs(app, 'trader', { kycStatus: 'under_review' });
    await app.db.update(users).set({ kycStatus: 'approved' }).where(eq(users.id, trader.user.id));
    expect((await trader.get('/api/rfqs')).json<Rfq[]>().map((r) => r.id)).toContain(rfq.id);
    const offer = await trader.post(`/api/rfqs/${rfq.id}/offers`, offerBody());
    expect(offer.statusCode, offer.body).toBe(201);
  });
});

describe('the other money paths, for each barred state', () => {
  it.each(Object.entries(BARRED))(
    'with %s: no request, order, investment, campaign, bank account or withdrawal',
    async (_state, bar) => {
      const barredBuyer = await signedInAs(app, 'buyer', bar);
      const supplier = await signedInAs(app, 'trader');
      const listing = await listingOf(supplier);
      expect((await barredBuyer.post('/api/rfqs', rfqBody)).statusCode).toBe(403);
      expect(
        (await barredBuyer.post('/api/orders', { listingId: listing.id, quantity: '10' })).statusCode,
      ).toBe(403);

      const investor = await signedInAs(app, 'investor', bar);
      const campaign = await createCampaign(app.db, { traderId: supplier.user.id });
      const body = { amount: '1000.00', campaignId: campaign.id, investorId: investor.user.id };
      expect((await investor.post('/api/create-payment-intent', body)).statusCode).toBe(403);
      expect((await investor.post('/api/investments/from-balance', body)).statusCode).toBe(403);
      expect((await investor.post('/api/withdrawals', { amount: '10.00' })).statusCode).toBe(403);
      const bank = await investor.put('/api/bank-account', {
        holderName: `${investor.user.firstName} ${investor.user.lastName}`,
        iban: 'DE89370400440532013000',
      });
      expect(bank.statusCode).toBe(403);

      const trader = await signedInAs(app, 'trader', bar);
      const own = await createCampaign(app.db, { traderId: trader.user.id, status: 'funded' });
      expect((await trader.post('/api/campaigns', {})).statusCode).toBe(403);
      expect((await trader.post(`/api/campaigns/${own.id}/transitions`, { to: 'trading' })).statusCode).toBe(
        403,
      );
    },
  );

  it('a suspended account: every session ends, so no path (money or not) answers it but with 401', async () => {
    const admin = await signedInAs(app, 'admin');
    const trader = await signedInAs(app, 'trader');
    const suspend = await admin.post(`/api/admin/users/${trader.user.id}/suspend`, {
      reason: 'Fraud review',
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    expect((await trader.get('/api/rfqs')).statusCode).toBe(401);
    expect((await trader.post(`/api/rfqs/${rfq.id}/offers`, offerBody())).statusCode).toBe(401);
  });

  it('a withdrawal already past the route when its account is suspended is judged again under lock', async () => {
    const investor = await signedInAs(app, 'investor');
    await app.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, investor.user.id));
    await expect(withdraw(app.money, investor.user.id, '10.00')).rejects.toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
    });
  });
});
