// Reading orders: one placed order for its buyer, its supplier or an admin, and the viewer's list.
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companyName } from '../../../domain/listings.ts';
import {
  ORDER_STATUS_GROUPS,
  orderActorOf,
  type Order,
  type OrderStatusGroup,
} from '../../../domain/orders.ts';
import type { Db } from '../../db/connect.ts';
import { listings, orders, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Viewer } from './orders.ts';

/** Payments that placed the order: listed, tracked, counted (awaiting and expired ones never were). */
export const PLACED = ['held', 'released', 'refunding', 'refunded'] as const;

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
    })
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(supplier, eq(supplier.id, orders.traderId))
    .leftJoin(listings, eq(listings.id, orders.listingId));
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
    paymentIntentId: o.paymentIntentId,
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

/** GET /api/orders: a buyer's own, a supplier's incoming, every order for an admin; newest first. */
export async function listOrders(db: Db, viewer: Viewer, group: OrderStatusGroup): Promise<Order[]> {
  const whose =
    viewer.role === 'buyer'
      ? eq(orders.buyerId, viewer.id)
      : viewer.role === 'trader'
        ? eq(orders.traderId, viewer.id)
        : undefined;
  const rows = await ordersQuery(db)
    .where(
      and(
        whose,
        notInArray(orders.payment, ['awaiting', 'expired']),
        inArray(orders.status, [...ORDER_STATUS_GROUPS[group]]),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(toOrder);
}
