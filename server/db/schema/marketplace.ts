import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AVAILABILITIES,
  LISTING_STATUSES,
  QUANTITY_UNITS,
  type Availability,
  type Certification,
  type ListingStatus,
} from '../../../domain/listings.ts';
import type { QuantityUnit } from '../../../domain/money.ts';
import {
  ORDER_PAYMENT_STATES,
  ORDER_STATUSES,
  type OrderPaymentState,
  type OrderStatus,
} from '../../../domain/orders.ts';
import { OFFER_STATUSES, RFQ_STATUSES, type OfferStatus, type RfqStatus } from '../../../domain/rfqs.ts';
import { campaigns } from './campaigns.ts';
import { payments } from './money.ts';
import { users } from './users.ts';
import { checkIn } from '../vocabulary.ts';

// The buyer marketplace (spec §3 market listing, buyer order, supplier; issue 13). Quantities are in
// the listing's unit (numeric(12,2)), prices $/kg (numeric(8,2)), money numeric(15,2).

/**
 * A supplier's (trader's) offer. `reserved` is the quantity its orders hold: from the moment the
 * buyer's card holds the money (an unpaid intent holds nothing) until the order is cancelled or its
 * hold voided; delivered ones keep it: sold. Kept under the listing's row lock and checked against the
 * orders by verify-ledger.
 */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    traderId: uuid('trader_id')
      .notNull()
      .references(() => users.id),
    campaignId: uuid('campaign_id').references(() => campaigns.id),
    location: text('location').notNull(),
    availability: text('availability').$type<Availability>().notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unit: text('unit').$type<QuantityUnit>().notNull(),
    pricePerKg: numeric('price_per_kg', { precision: 8, scale: 2 }).notNull(),
    minOrder: numeric('min_order', { precision: 12, scale: 2 }).notNull(),
    reserved: numeric('reserved', { precision: 12, scale: 2 }).notNull().default('0'),
    /** The highest of its own approved Guarantees of Origin (docs/carbon.md); null: none (or its campaign's). */
    carbonIntensity: numeric('carbon_intensity', { precision: 8, scale: 3 }),
    certifications: text('certifications')
      .array()
      .$type<Certification[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').$type<ListingStatus>().notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The browse page's sorts over active listings (newest, price), and a trader's own list.
    index('listings_active_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'active'`),
    index('listings_active_price_idx')
      .on(t.pricePerKg, t.id)
      .where(sql`${t.status} = 'active'`),
    index('listings_trader_idx').on(t.traderId, t.createdAt.desc()),
    checkIn('listings_status_check', t.status, LISTING_STATUSES),
    checkIn('listings_unit_check', t.unit, QUANTITY_UNITS),
    checkIn('listings_availability_check', t.availability, AVAILABILITIES),
    check('listings_quantity_positive', sql`${t.quantity} > 0`),
    check('listings_price_positive', sql`${t.pricePerKg} > 0`),
    check('listings_min_order_range', sql`${t.minOrder} > 0 and ${t.minOrder} <= ${t.quantity}`),
    // Never oversold, whatever the code does.
    check('listings_reserved_range', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.quantity}`),
  ],
);

/** A buyer's request for quote, to one supplier (traderId) or to every supplier (null). */
export const rfqs = pgTable(
  'rfqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    traderId: uuid('trader_id').references(() => users.id),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unit: text('unit').$type<QuantityUnit>().notNull(),
    deliveryFrom: timestamp('delivery_from', { withTimezone: true }).notNull(),
    deliveryTo: timestamp('delivery_to', { withTimezone: true }).notNull(),
    destinationPort: text('destination_port').notNull(),
    certifications: text('certifications')
      .array()
      .$type<Certification[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    note: text('note'),
    status: text('status').$type<RfqStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rfqs_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('rfqs_trader_idx').on(t.traderId, t.createdAt.desc()),
    checkIn('rfqs_status_check', t.status, RFQ_STATUSES),
    check('rfqs_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A supplier's answer to a quote request: one per supplier and request. */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id),
    traderId: uuid('trader_id')
      .notNull()
      .references(() => users.id),
    pricePerKg: numeric('price_per_kg', { precision: 8, scale: 2 }).notNull(),
    availability: text('availability').$type<Availability>().notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    status: text('status').$type<OfferStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offers_rfq_trader_key').on(t.rfqId, t.traderId),
    checkIn('offers_status_check', t.status, OFFER_STATUSES),
    check('offers_price_positive', sql`${t.pricePerKg} > 0`),
  ],
);

/**
 * spec §3 buyer order: from a listing (quantity reserved there) or from an accepted offer. Prices are
 * copied at order time. `payment` is the escrow state of its money (domain/orders.ts); an order whose
 * payment is `awaiting` or `expired` was never placed and is not listed.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    traderId: uuid('trader_id')
      .notNull()
      .references(() => users.id),
    listingId: uuid('listing_id').references(() => listings.id),
    offerId: uuid('offer_id').references(() => offers.id),
    location: text('location').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unit: text('unit').$type<QuantityUnit>().notNull(),
    pricePerKg: numeric('price_per_kg', { precision: 8, scale: 2 }).notNull(),
    totalAmount: numeric('total_amount', { precision: 15, scale: 2 }).notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    payment: text('payment').$type<OrderPaymentState>().notNull().default('awaiting'),
    /** Its payment (money/payments.ts): the buyer's card, held in escrow once captured. */
    paymentId: uuid('payment_id')
      .notNull()
      .references((): AnyPgColumn => payments.id),
    /** The promised delivery date, given when shipped. */
    deliveryDate: timestamp('delivery_date', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    rating: integer('rating'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_payment_key').on(t.paymentId),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('orders_trader_idx').on(t.traderId, t.createdAt.desc()),
    index('orders_listing_idx').on(t.listingId),
    // The transaction-monitoring export reads payments in time order, a batch at a time (keyset).
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_delivered_idx')
      .on(t.deliveredAt)
      .where(sql`${t.status} = 'delivered' and ${t.receivedAt} is null`),
    checkIn('orders_status_check', t.status, ORDER_STATUSES),
    checkIn('orders_payment_check', t.payment, ORDER_PAYMENT_STATES),
    checkIn('orders_unit_check', t.unit, QUANTITY_UNITS),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_total_positive', sql`${t.totalAmount} > 0`),
    check('orders_rating_range', sql`${t.rating} is null or (${t.rating} between 1 and 5)`),
    check('orders_source', sql`num_nonnulls(${t.listingId}, ${t.offerId}) = 1`),
  ],
);

/**
 * One thread per quote request and supplier, or per order: `traderId` is the supplier's side of the
 * conversation, so suppliers answering the same request to everyone never read each other.
 */
export const marketMessages = pgTable(
  'market_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rfqId: uuid('rfq_id').references(() => rfqs.id),
    orderId: uuid('order_id').references(() => orders.id),
    traderId: uuid('trader_id')
      .notNull()
      .references(() => users.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('market_messages_rfq_idx').on(t.rfqId, t.traderId, t.createdAt),
    index('market_messages_order_idx').on(t.orderId, t.createdAt),
    check('market_messages_thread', sql`num_nonnulls(${t.rfqId}, ${t.orderId}) = 1`),
  ],
);
