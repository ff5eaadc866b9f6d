import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOffersView, offersSearch, DEFAULT_OFFERS_VIEW } from './listings.ts';
import { orderTotal } from './money.ts';
import { findOrderTransition, ORDER_STATUSES, orderMovesFor, orderRefusal, type Order } from './orders.ts';
import { orderDocument, orderTimeline, supplierRatingText } from './order-tracking.ts';

const buyer = { role: 'buyer' as const, accountStatus: 'active', kycStatus: 'approved', emailVerified: true };
const listing = {
  status: 'active',
  quantity: '100',
  reserved: '70',
  minOrder: '10',
  unit: 'tonnes' as const,
};

describe('the ordering gate', () => {
  it('asks for a buyer, active, with a verified email and approved KYC', () => {
    expect(orderRefusal({ ...buyer, role: 'trader' }, listing, '10')?.code).toBe('NOT_A_BUYER');
    expect(orderRefusal({ ...buyer, accountStatus: 'suspended' }, listing, '10')?.code).toBe(
      'ACCOUNT_SUSPENDED',
    );
    expect(orderRefusal({ ...buyer, emailVerified: false }, listing, '10')?.code).toBe('EMAIL_NOT_VERIFIED');
    expect(orderRefusal({ ...buyer, kycStatus: 'under_review' }, listing, '10')?.code).toBe(
      'ORDERING_NEEDS_KYC',
    );
    expect(orderRefusal(buyer, listing, '10')).toBeNull();
  });

  it('takes the minimum up to what is left; the exact rest may be below the minimum', () => {
    expect(orderRefusal(buyer, listing, '9.99')).toEqual({
      code: 'BELOW_MIN_ORDER',
      params: { minimum: '10.00 tonnes' },
    });
    expect(orderRefusal(buyer, listing, '30.01')?.code).toBe('ABOVE_AVAILABLE');
    expect(orderRefusal(buyer, { ...listing, reserved: '95' }, '5')).toBeNull();
    expect(orderRefusal(buyer, { ...listing, reserved: '100' }, '1')?.code).toBe('LISTING_UNAVAILABLE');
    expect(orderRefusal(buyer, { ...listing, status: 'withdrawn' }, '10')?.code).toBe('LISTING_UNAVAILABLE');
  });
});

describe('order transitions', () => {
  it('follow the lifecycle: the supplier moves it forward, cancellation only before shipping', () => {
    expect(findOrderTransition('pending', 'confirmed', 'supplier')).toBeDefined();
    expect(findOrderTransition('pending', 'confirmed', 'buyer')).toBeUndefined();
    expect(orderMovesFor('pending', 'buyer')).toEqual(['cancelled']);
    expect(orderMovesFor('confirmed', 'buyer')).toEqual([]);
    expect(orderMovesFor('confirmed', 'supplier')).toEqual(['shipped', 'cancelled']);
    for (const by of ['buyer', 'supplier', 'admin'] as const) {
      expect(orderMovesFor('shipped', by).includes('cancelled')).toBe(false);
      expect(orderMovesFor('delivered', by)).toEqual([]);
      expect(orderMovesFor('cancelled', by)).toEqual([]);
    }
  });
});

describe('order totals', () => {
  it('are quantity in kg × price per kg, exactly (checked against integer cents)', () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`order totals: seed ${seed}`);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.boolean(),
        (q, p, tonnes) => {
          // q hundredths of a unit, p cents per kg.
          const quantity = `${Math.floor(q / 100)}.${String(q % 100).padStart(2, '0')}`;
          const price = `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
          const cents = BigInt(q) * BigInt(p) * (tonnes ? 1000n : 1n);
          // cents × hundredths = ten-thousandths of a dollar; as exact decimal text:
          const total = orderTotal(quantity, tonnes ? 'tonnes' : 'kg', price);
          expect(total.times(10_000).toFixed(0)).toBe(cents.toString());
        },
      ),
      { seed, numRuns: 500 },
    );
  });
});

const order = (overrides: Partial<Order>): Order => ({
  id: '00000000-0000-4000-8000-000000000001',
  buyerId: '00000000-0000-4000-8000-000000000002',
  buyerName: 'Rhein Stahlwerke',
  traderId: '00000000-0000-4000-8000-000000000003',
  supplierName: 'Bharat Green Fuels',
  listingId: null,
  offerId: null,
  location: 'Kandla',
  quantity: '10.00',
  unit: 'tonnes',
  pricePerKg: '5.00',
  totalAmount: '50000.00',
  status: 'pending',
  payment: 'held',
  paymentIntentId: null,
  escrowStatus: 'held',
  disputeReason: null,
  orderDate: '2026-10-03T10:00:00.000Z',
  deliveryDate: null,
  confirmedAt: null,
  shippedAt: null,
  deliveredAt: null,
  receivedAt: null,
  cancelledAt: null,
  cancelReason: null,
  rating: null,
  campaignId: null,
  certificate: null,
  ...overrides,
});

describe('tracking and suppliers', () => {
  it('draws each status with the shared timeline steps, and names new suppliers', () => {
    expect(
      orderTimeline(
        order({
          status: 'shipped',
          confirmedAt: '2026-10-04T00:00:00.000Z',
          shippedAt: '2026-10-05T00:00:00.000Z',
          deliveryDate: '2026-10-20T00:00:00.000Z',
        }),
      ).map((e) => [e.label, e.done]),
    ).toEqual([
      ['Order placed', true],
      ['Confirmed by supplier', true],
      ['Shipped', true],
      ['Delivered', false],
      ['Receipt confirmed', false],
    ]);
    expect(
      orderTimeline(
        order({ status: 'cancelled', cancelledAt: '2026-10-04T00:00:00.000Z', cancelReason: 'x' }),
      ).map((e) => e.label),
    ).toEqual(['Order placed', 'Cancelled']);
    expect(ORDER_STATUSES).toHaveLength(5);
    expect(supplierRatingText(null, 0)).toBe('New supplier');
    expect(supplierRatingText('4.5', 3)).toBe('4.5 / 5');
  });
});

describe('the order document', () => {
  it('states the parties, the goods, the total, the escrow state and the steps', () => {
    const text = orderDocument(order({ status: 'confirmed', confirmedAt: '2026-10-04T09:30:00.000Z' }));
    expect(text).toContain('Total:          $50,000.00');
    expect(text).toContain('Payment:        Held in escrow');
    expect(text).toContain('[x] Confirmed by supplier — 2026-10-04 09:30 UTC');
    expect(text).toContain('[ ] Shipped');
  });
});

describe('the /buyer/offers view in the URL', () => {
  it('reads leniently and writes only what differs from the defaults', () => {
    expect(
      parseOffersView('availability=soon&certification=rfnbo&minPrice=abc&sort=price_asc&page=3'),
    ).toEqual({
      ...DEFAULT_OFFERS_VIEW,
      certification: 'rfnbo',
      sort: 'price_asc',
      page: 3,
    });
    const view = { ...DEFAULT_OFFERS_VIEW, location: 'Kandla', maxPrice: '6', page: 2 };
    expect(offersSearch(view)).toBe('location=Kandla&maxPrice=6&page=2');
    expect(parseOffersView(offersSearch(view))).toEqual(view);
  });
});
