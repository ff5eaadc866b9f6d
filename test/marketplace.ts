// Test kit for the buyer marketplace: a trader's listing through the API, and an order through the
// real flow (place → sandbox card → record the payment), as the browser makes it.
//
//   const trader = await signedInAs(app, 'trader');
//   const listing = await listingOf(trader, { quantity: '100', minOrder: '10' });
//   const { order } = await orderAndPay(buyer, listing, '10');
import { expect } from 'vitest';
import type { ListingCreateInput } from '../domain/listings.ts';
import type { Order, OrderPlaced } from '../domain/orders.ts';
import { card } from './investing.ts';
import { type Actor } from './actor.ts';

/** A complete, valid body of `POST /api/listings` (250 t at $5.60/kg from Kandla), with overrides. */
export function listingBody(overrides: Partial<ListingCreateInput> = {}): ListingCreateInput {
  return {
    location: 'Kandla, India',
    availability: 'immediate',
    quantity: '250',
    unit: 'tonnes',
    pricePerKg: '5.60',
    minOrder: '10',
    certifications: ['guarantee_of_origin', 'rfnbo'],
    ...overrides,
  };
}

/** The trader's new listing (must be created: 201). */
export async function listingOf(trader: Actor, overrides: Partial<ListingCreateInput> = {}) {
  const res = await trader.post('/api/listings', listingBody(overrides) as Record<string, unknown>);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; traderId: string }>();
}

/** Places an order and pays it with the card (the success card unless told); each answer for the test. */
export async function orderAndPay(
  buyer: Actor,
  listing: { id: string },
  quantity: string,
  cardNumber?: string,
) {
  const placed = await buyer.post('/api/orders', { listingId: listing.id, quantity });
  if (placed.statusCode !== 201) return { placed, confirm: undefined, record: undefined, order: undefined };
  const { order, clientSecret, paymentIntentId } = placed.json<OrderPlaced>();
  const confirm = await buyer.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    clientSecret,
    card: card(cardNumber),
  });
  const record = await buyer.post(`/api/orders/${order.id}/payment`, { paymentIntentId });
  return { placed, confirm, record, order: record.statusCode === 200 ? record.json<Order>() : order };
}

/** Moves an order (must succeed: 200) and answers it. */
export async function move(actor: Actor, orderId: string, body: Record<string, unknown>): Promise<Order> {
  const res = await actor.post(`/api/orders/${orderId}/transitions`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
}

/** A date `days` from the given time, as the ship form sends it ("2027-03-01"). */
export const dayAfter = (from: Date, days: number) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
