// Demo marketplace, written through the marketplace's own services: the demo trader's listings (one at
// the port of origin of the campaign at sea sells its cargo, when there is one), the demo buyer's orders in every status — paid with the
// sandbox's 4242 card into order escrow, moved by the trader, received, rated or cancelled and
// refunded — and one open quote request with an offer. The ledger verifies afterwards.
import { routeOrigin } from '../../domain/campaign-rules.ts';
import { listingCreateSchema, type ListingCreateInput } from '../../domain/listings.ts';
import { SANDBOX_SUCCESS_CARD } from '../../domain/payments.ts';
import { type OrderStatus } from '../../domain/orders.ts';
import { offerCreateSchema, rfqCreateSchema } from '../../domain/rfqs.ts';
import type { UserRow } from '../features/accounts/index.ts';
import { createListing } from '../features/marketplace/index.ts';
import { SILENT } from '../features/marketplace/index.ts';
import {
  confirmReceipt,
  placeOrder,
  rateOrder,
  transitionOrder,
  type MarketDeps,
} from '../features/marketplace/index.ts';
import { createOffer, createRfq } from '../features/marketplace/index.ts';
import { createMoney } from '../compose.ts';
import { advancePayment } from '../features/money/index.ts';
import { SandboxProvider } from '../features/money/index.ts';
import type { Tx } from '../db/transaction.ts';

const DAY_MS = 86_400_000;
const date = (at: Date) => at.toISOString().slice(0, 10);

const LISTINGS: ListingCreateInput[] = [
  {
    location: 'Kandla, India',
    availability: 'immediate',
    quantity: '250',
    unit: 'tonnes',
    pricePerKg: '5.60',
    minOrder: '10',
    certifications: ['guarantee_of_origin', 'rfnbo'],
  },
  {
    location: 'Mundra, India',
    availability: '1-2-weeks',
    quantity: '150',
    unit: 'tonnes',
    pricePerKg: '5.25',
    minOrder: '20',
    certifications: ['iscc_plus'],
  },
  {
    location: 'Paradip, India',
    availability: '3-4-weeks',
    quantity: '300',
    unit: 'tonnes',
    pricePerKg: '4.95',
    minOrder: '50',
    certifications: ['guarantee_of_origin', 'rfnbo', 'iscc_plus'],
  },
];

interface DemoOrder {
  listing: number;
  quantity: string;
  placedDaysAgo: number;
  to: OrderStatus;
  /** Delivered orders: received by the buyer and rated. */
  rating?: number;
}

const ORDERS: DemoOrder[] = [
  { listing: 0, quantity: '20', placedDaysAgo: 75, to: 'delivered', rating: 5 },
  { listing: 1, quantity: '25', placedDaysAgo: 48, to: 'delivered', rating: 4 },
  { listing: 0, quantity: '15', placedDaysAgo: 20, to: 'delivered' },
  { listing: 2, quantity: '60', placedDaysAgo: 12, to: 'shipped' },
  { listing: 1, quantity: '20', placedDaysAgo: 6, to: 'confirmed' },
  { listing: 0, quantity: '10', placedDaysAgo: 2, to: 'pending' },
  { listing: 2, quantity: '50', placedDaysAgo: 30, to: 'cancelled' },
];

export async function seedMarketplace(
  db: Tx,
  trader: UserRow,
  buyer: UserRow,
  now: Date,
  /**
   * The trader's campaign at sea: a listing at its port of origin sells its cargo. A listing elsewhere
   * is not tied to it (a Kandla listing once sold the cargo of a Kochi → Houston campaign).
   */
  cargoAtSea: { id: string; tradeRoute: string } | undefined,
  /** Before any order: the listings' Guarantees of Origin (seed/origin.ts), cancelled by deliveries. */
  certify?: (listingIds: string[]) => Promise<void>,
): Promise<void> {
  /** The marketplace's services with the clock standing at `at` (each order moves through time). */
  const depsAt = (at: Date): MarketDeps => ({
    db,
    money: createMoney(db, new SandboxProvider(db, () => at), () => at),
    notify: SILENT,
    publicUrl: '',
  });
  const deps = depsAt(now);
  const listed = [];
  for (const [i, listing] of LISTINGS.entries()) {
    const input = listingCreateSchema.parse({
      ...listing,
      ...(cargoAtSea &&
        routeOrigin(cargoAtSea.tradeRoute) === listing.location && { campaignId: cargoAtSea.id }),
    });
    listed.push(await createListing(db, trader, input, new Date(now.getTime() - (90 - i) * DAY_MS)));
  }
  await certify?.(listed.map((l) => l.id));

  for (const o of ORDERS) {
    let at = new Date(now.getTime() - o.placedDaysAgo * DAY_MS);
    const step = (days: number) => (at = new Date(at.getTime() + days * DAY_MS));
    const placedAt = depsAt(at);
    const placed = await placeOrder(
      placedAt,
      buyer,
      { listingId: listed[o.listing]!.id, quantity: o.quantity },
      at,
    );
    const sandbox = placedAt.money.provider as SandboxProvider;
    const { intent } = await sandbox.confirm(
      placed.paymentIntentId,
      {
        clientSecret: placed.clientSecret,
        card: { number: SANDBOX_SUCCESS_CARD, expMonth: 12, expYear: now.getUTCFullYear() + 3, cvc: '123' },
      },
      { payerId: buyer.id },
    );
    const { payment } = await advancePayment(placedAt.money, intent.metadata.paymentId!, intent);
    if (payment.status !== 'captured') throw new Error(`demo order ended ${payment.status}`);
    const id = placed.order.id;
    if (o.to === 'cancelled') {
      await transitionOrder(
        depsAt(step(1)),
        trader,
        id,
        { to: 'cancelled', reason: 'Vessel slot lost: refunded in full' },
        at,
      );
      continue;
    }
    if (o.to === 'pending') continue;
    await transitionOrder(deps, trader, id, { to: 'confirmed' }, step(1));
    if (o.to === 'confirmed') continue;
    await transitionOrder(
      deps,
      trader,
      id,
      { to: 'shipped', expectedDeliveryDate: date(new Date(at.getTime() + 14 * DAY_MS)) },
      step(2),
    );
    if (o.to === 'shipped') continue;
    await transitionOrder(deps, trader, id, { to: 'delivered' }, step(12));
    if (o.rating === undefined) continue;
    await confirmReceipt(depsAt(step(1)), buyer, id, at);
    await rateOrder(db, buyer, id, o.rating, at);
  }

  // One open request to every supplier, with the demo trader's offer.
  const rfq = await createRfq(
    deps,
    buyer,
    rfqCreateSchema.parse({
      quantity: '120',
      unit: 'tonnes',
      deliveryFrom: date(new Date(now.getTime() + 30 * DAY_MS)),
      deliveryTo: date(new Date(now.getTime() + 60 * DAY_MS)),
      destinationPort: 'Rotterdam, Netherlands',
      certifications: ['rfnbo'],
      note: 'Green ammonia for the Duisburg DRI plant, delivered ex-ship.',
    }),
    new Date(now.getTime() - DAY_MS),
  );
  await createOffer(
    deps,
    trader,
    rfq.id,
    offerCreateSchema.parse({
      pricePerKg: '5.35',
      availability: '1-2-weeks',
      validUntil: date(new Date(now.getTime() + 14 * DAY_MS)),
    }),
    now,
  );
}
