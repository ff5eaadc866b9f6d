// Reading orders: one placed order for its buyer, its supplier or an admin, and the viewer's list.
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companyName } from '../../../domain/listings.ts';
import {
  ORDER_STATUS_GROUPS,
  orderActorOf,
  type Order,
  type OrderCounts,
  type OrderListGroup,
  type OrderListQuery,
} from '../../../domain/orders.ts';
import type { Db } from '../../db/connect.ts';
import { statementPath, verificationPath } from '../../../domain/origin.ts';
import {
  certificateCancellations,
  escrowRecords,
  listings,
  orders,
  payments,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Role } from '../../../domain/users.ts';

/** Who asks about orders (a buyer, a trader, an admin). */
export type Viewer = { id: string; role: Role };

/** Payments that placed the order: listed, tracked, counted (awaiting and expired ones never were). */
export const PLACED = ['held', 'released', 'refunding', 'refunded'] as const;
/** Of those, the payments whose money the buyer has spent (held in escrow or released; not refunded). */
export const SPENT = ['held', 'released'] as const;

export function isPlaced(order: { payment: string }): boolean {
  return (PLACED as readonly string[]).includes(order.payment);
}

// ---- reading ------------------------------------------------------------------------------------

const buyer = alias(users, 'buyer');
const supplier = alias(users, 'supplier');

function ordersQuery(db: Db) {
  return db
    .select({
      order: orders,
      buyer: { companyName: buyer.companyName, firstName: buyer.firstName, username: buyer.username },
      supplier: {
        companyName: supplier.companyName,
        firstName: supplier.firstName,
        username: supplier.username,
      },
      campaignId: listings.campaignId,
      intentId: payments.intentId,
      escrowStatus: escrowRecords.status,
      disputeReason: escrowRecords.disputeReason,
      certificateCode: certificateCancellations.code,
    })
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(supplier, eq(supplier.id, orders.traderId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .leftJoin(escrowRecords, eq(escrowRecords.orderId, orders.id))
    .leftJoin(listings, eq(listings.id, orders.listingId))
    .leftJoin(certificateCancellations, eq(certificateCancellations.orderId, orders.id));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toOrder(r: Awaited<ReturnType<typeof ordersQuery>>[number]): Order {
  const o = r.order;
  return {
    id: o.id,
    buyerId: o.buyerId,
    buyerName: companyName(r.buyer),
    traderId: o.traderId,
    supplierName: companyName(r.supplier),
    listingId: o.listingId,
    offerId: o.offerId,
    location: o.location,
    quantity: o.quantity,
    unit: o.unit,
    pricePerKg: o.pricePerKg,
    totalAmount: o.totalAmount,
    status: o.status,
    payment: o.payment,
    paymentIntentId: r.intentId,
    escrowStatus: r.escrowStatus,
    disputeReason: r.disputeReason,
    orderDate: o.createdAt.toISOString(),
    deliveryDate: iso(o.deliveryDate),
    confirmedAt: iso(o.confirmedAt),
    shippedAt: iso(o.shippedAt),
    deliveredAt: iso(o.deliveredAt),
    receivedAt: iso(o.receivedAt),
    cancelledAt: iso(o.cancelledAt),
    cancelReason: o.cancelReason,
    rating: o.rating,
    campaignId: r.campaignId ?? null,
    // Its Guarantee of Origin cancelled at delivery (docs/carbon.md): the buyer's statement, the public page.
    certificate: r.certificateCode
      ? { statementUrl: statementPath(o.id), verificationUrl: verificationPath(r.certificateCode) }
      : null,
  };
}

export async function getOrderRow(db: Db, id: string): Promise<Order> {
  const [row] = await ordersQuery(db).where(eq(orders.id, id));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return toOrder(row);
}

/** One placed order, for its buyer, its supplier or an admin (anyone else: not found). */
export async function getOrder(db: Db, viewer: Viewer, id: string): Promise<Order> {
  const order = await getOrderRow(db, id);
  if (!orderActorOf(viewer, order) || !isPlaced(order)) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

/** Who sees an order in their lists: a buyer their own, a supplier their incoming, an admin every one. */
function ordersOf(viewer: Viewer): SQL | undefined {
  if (viewer.role === 'buyer') return eq(orders.buyerId, viewer.id);
  if (viewer.role === 'trader') return eq(orders.traderId, viewer.id);
  return undefined;
}

/** Orders in escrow or past it: `awaiting` and `expired` ones were never placed (PLACED). */
export const placedOrder = () => inArray(orders.payment, [...PLACED]);

function inListGroup(group: OrderListGroup): SQL | undefined {
  if (group === 'tracking')
    // Still followed: active, or delivered with the escrow held until the buyer's receipt.
    return or(
      inArray(orders.status, [...ORDER_STATUS_GROUPS.active]),
      and(eq(orders.status, 'delivered'), eq(orders.payment, 'held')),
    );
  return inArray(orders.status, [...ORDER_STATUS_GROUPS[group]]);
}

/** GET /api/orders/counts: the size of each of the viewer's lists, in one statement. */
export async function countOrders(db: Db, viewer: Viewer): Promise<OrderCounts> {
  const counted = (group: OrderListGroup) =>
    sql<number>`(count(*) filter (where ${inListGroup(group) ?? sql`true`}))::int`;
  const [counts] = await db
    .select({
      active: counted('active'),
      delivered: counted('delivered'),
      cancelled: counted('cancelled'),
      all: counted('all'),
      tracking: counted('tracking'),
    })
    .from(orders)
    .where(and(ordersOf(viewer), placedOrder()));
  return counts!;
}

/**
 * GET /api/orders: a page of the viewer's placed orders in the group, newest first, with the count of
 * the whole group (the X-Total-Count header).
 */
export async function listOrders(
  db: Db,
  viewer: Viewer,
  query: OrderListQuery,
): Promise<{ orders: Order[]; total: number }> {
  const where = and(ordersOf(viewer), placedOrder(), inListGroup(query.group));
  const [rows, [counted]] = await Promise.all([
    ordersQuery(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { orders: rows.map(toOrder), total: counted?.total ?? 0 };
}
