// What the buyer sees of orders besides the order itself (spec §3): the tracking timeline, the order
// confirmation document, the suppliers list and the buyer dashboard's figures.
import { z } from 'zod';
import { usdText } from './money.ts';
import { ORDER_PAYMENT_LABELS, ORDER_STATUS_LABELS, type Order } from './orders.ts';
import type { TimelineEntry } from './timeline.ts';

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
/** The order's steps for the shared Timeline: placed, confirmed, shipped, delivered, received. */
export function orderTimeline(order: Order): TimelineEntry[] {
  const step = (label: string, at: string | null, note?: string): TimelineEntry => ({
    label,
    done: at !== null,
    ...(at !== null && { at }),
    ...(note !== undefined && { note }),
  });
  if (order.status === 'cancelled')
    return [
      step('Order placed', order.orderDate),
      ...(order.confirmedAt ? [step('Confirmed by supplier', order.confirmedAt)] : []),
      step('Cancelled', order.cancelledAt, order.cancelReason ?? undefined),
    ];
  return [
    step('Order placed', order.orderDate, 'Paid into escrow'),
    step('Confirmed by supplier', order.confirmedAt),
    step(
      'Shipped',
      order.shippedAt,
      order.deliveryDate ? `Expected by ${order.deliveryDate.slice(0, 10)}` : undefined,
    ),
    step('Delivered', order.deliveredAt),
    step(
      'Receipt confirmed',
      order.receivedAt,
      order.receivedAt ? 'Escrow released to the supplier' : undefined,
    ),
  ];
}

/** Spec §3 supplier, with the figures earned from delivered orders (none made up). */
export const supplierSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  country: z.string().nullable(),
  /** Mean of the buyers' ratings (1 decimal); null before any rating. */
  rating: decimalString.nullable(),
  ratings: z.number().int(),
  /** Percent of delivered orders delivered by the promised date (1 decimal); null before any. */
  onTimeRate: decimalString.nullable(),
  delivered: z.number().int(),
  /** Lowest price of the supplier's active listings; null without any. */
  pricePerKg: decimalString.nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;
export const supplierListSchema = z.array(supplierSchema);

/** "4.7 ★" or "New supplier" (no delivered order) or "Not rated yet". */
export function supplierRatingText(rating: string | null, delivered: number): string {
  if (delivered === 0) return 'New supplier';
  return rating === null ? 'Not rated yet' : `${rating} / 5`;
}

/**
 * `GET /api/orders/summary`: the buyer dashboard's figures over the buyer's placed orders, computed by
 * the database (server/features/marketplace/order-figures.ts).
 */
export const buyerSummarySchema = z.object({
  totalOrders: z.number().int(),
  activeOrders: z.number().int(),
  /** Paid and not refunded: held in escrow or released. */
  totalSpent: decimalString,
  /** Spend ÷ kg bought over those orders ($/kg, 2 decimals); null before any. */
  averagePrice: decimalString.nullable(),
  /** Spec §9: the delivered share of orders, in percent (1 decimal); null before any order. */
  successRate: decimalString.nullable(),
  /** Spend per month (YYYY-MM in UTC, oldest first) over the same paid orders: the procurement chart. */
  spendByMonth: z.array(z.object({ month: z.string(), spent: decimalString })),
});
export type BuyerSummary = z.infer<typeof buyerSummarySchema>;

/**
 * The order confirmation a buyer downloads from /buyer/orders (its document for accounts and customs):
 * parties, goods, price, total, escrow state and every dated step.
 */
export function orderDocument(order: Order): string {
  const lines = [
    'HydroBridge — order confirmation',
    '',
    `Order:          ${order.id}`,
    `Order date:     ${order.orderDate.slice(0, 10)}`,
    `Buyer:          ${order.buyerName}`,
    `Supplier:       ${order.supplierName}`,
    `Location:       ${order.location}`,
    `Quantity:       ${order.quantity} ${order.unit}`,
    `Price per kg:   ${usdText(order.pricePerKg)}`,
    `Total:          ${usdText(order.totalAmount)}`,
    `Status:         ${ORDER_STATUS_LABELS[order.status]}`,
    `Payment:        ${ORDER_PAYMENT_LABELS[order.payment]}`,
    ...(order.paymentIntentId ? [`Payment ref.:   ${order.paymentIntentId}`] : []),
    ...(order.deliveryDate ? [`Delivery by:    ${order.deliveryDate.slice(0, 10)}`] : []),
    '',
    'Steps:',
    ...orderTimeline(order).map(
      (e) =>
        `  ${e.done ? '[x]' : '[ ]'} ${e.label}${e.at ? ` — ${e.at.slice(0, 16).replace('T', ' ')} UTC` : ''}${e.note ? ` (${e.note})` : ''}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** `GET /api/suppliers?limit=`. */
export const supplierQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
