// Buyer orders (spec §3 buyer order, §4 order statuses; DESIGN.md §3 order lifecycle): statuses and
// their groups, the transitions as data (who moves an order from what to what), the escrow state of
// its payment, the one ordering gate and the wire shapes (tracking, suppliers and the buyer dashboard's
// figures: order-tracking.ts).
import { z } from 'zod';
import { ERRORS, type ErrorCode } from './errors.ts';
import { ESCROW_STATUSES } from './investments.ts';
import { QUANTITY_UNITS, availableQuantity } from './listings.ts';
import { dec, toFixed, type DecimalInput, type QuantityUnit } from './money.ts';
import { orderCertificateSchema } from './origin.ts';
import { verificationBlocker } from './policies.ts';
import { pagingParams } from './paging.ts';
import { textField } from './text.ts';
import type { Role } from './users.ts';

export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Named groups: spec §4 "active orders are all except Delivered and Cancelled". */
export const ORDER_STATUS_GROUPS = {
  active: ['pending', 'confirmed', 'shipped'],
  delivered: ['delivered'],
  cancelled: ['cancelled'],
  all: ORDER_STATUSES,
  /** May still be cancelled (and refunded). */
  cancellable: ['pending', 'confirmed'],
} as const satisfies Record<string, readonly OrderStatus[]>;
export type OrderStatusGroup = keyof typeof ORDER_STATUS_GROUPS;

/** Who moves an order: its buyer, its supplier (the listing's trader), an admin, or the platform. */
export type OrderActor = 'buyer' | 'supplier' | 'admin';

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  by: OrderActor;
  does: string;
}

/** Every allowed move, as data: the server checks a request against it, the UI offers only these. */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: 'pending', to: 'confirmed', by: 'supplier', does: 'the supplier accepts the order' },
  {
    from: 'confirmed',
    to: 'shipped',
    by: 'supplier',
    does: 'shipped, with the promised (expected) delivery date',
  },
  {
    from: 'shipped',
    to: 'delivered',
    by: 'supplier',
    does: "delivered; escrow is released on the buyer's receipt, or AUTO_RECEIPT_DAYS later",
  },
  { from: 'pending', to: 'cancelled', by: 'buyer', does: 'withdrawn by the buyer: refunded in full' },
  { from: 'pending', to: 'cancelled', by: 'supplier', does: 'declined by the supplier: refunded in full' },
  { from: 'confirmed', to: 'cancelled', by: 'supplier', does: 'cancelled by the supplier: refunded in full' },
  { from: 'pending', to: 'cancelled', by: 'admin', does: 'cancelled with a reason: refunded in full' },
  { from: 'confirmed', to: 'cancelled', by: 'admin', does: 'cancelled with a reason: refunded in full' },
];

export function findOrderTransition(
  from: OrderStatus,
  to: OrderStatus,
  by: OrderActor,
): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by === by);
}

/** The moves `by` may make on an order now (the UI's buttons). */
export function orderMovesFor(status: OrderStatus, by: OrderActor): OrderStatus[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === status && t.by === by).map((t) => t.to);
}

/** How the viewer stands to an order: its buyer, its supplier, an admin; null: a stranger. */
export function orderActorOf(
  viewer: { id: string; role: Role },
  order: { buyerId: string; traderId: string },
): OrderActor | null {
  if (viewer.role === 'admin') return 'admin';
  if (viewer.role === 'buyer' && viewer.id === order.buyerId) return 'buyer';
  if (viewer.role === 'trader' && viewer.id === order.traderId) return 'supplier';
  return null;
}

/**
 * The escrow state of an order's payment: `awaiting` from the intent (its quantity reserved) until the
 * provider reports it paid; `held` in escrow; `released` to the supplier on receipt; `refunding` →
 * `refunded` on cancellation; `expired` when never paid (the order was never placed).
 */
export const ORDER_PAYMENT_STATES = [
  'awaiting',
  'held',
  'released',
  'refunding',
  'refunded',
  'expired',
] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];
/** Named groups of an order's payment states (domain/status-groups.ts). */
export const ORDER_PAYMENT_GROUPS = {
  /** The buyer's money sits in escrow (held, or on its way back). */
  inEscrow: ['held', 'refunding'],
  /** No money was taken: no escrow record may exist. */
  untaken: ['awaiting', 'expired'],
  /** Payments that placed the order: listed, tracked, counted (awaiting and expired ones never were). */
  placed: ['held', 'released', 'refunding', 'refunded'],
  /** Of those, the payments whose money the buyer has spent (held in escrow or released; not refunded). */
  spent: ['held', 'released'],
  /** Being or been refunded. */
  refunds: ['refunding', 'refunded'],
  /** Not finished: awaiting payment, in escrow until released on receipt, or refunding. */
  open: ['awaiting', 'held', 'refunding'],
} as const satisfies Record<string, readonly OrderPaymentState[]>;

export const ORDER_PAYMENT_LABELS: Record<OrderPaymentState, string> = {
  awaiting: 'Awaiting payment',
  held: 'Held in escrow',
  released: 'Released to supplier',
  refunding: 'Refund in progress',
  refunded: 'Refunded',
  expired: 'Not paid',
};

/**
 * Receipt is confirmed automatically this many days after delivery, releasing escrow: a week lets a
 * plant check the delivery documents and the certificates of origin before the supplier is paid,
 * without keeping a supplier who delivered waiting for a buyer who forgot to click.
 */
export const AUTO_RECEIPT_DAYS = 7;

// ---- the ordering gate -------------------------------------------------------------------------

export interface OrderingUser {
  role: Role;
  accountStatus: string;
  kycStatus: string;
  emailVerified: boolean;
}

export interface OrderableListing {
  status: string;
  quantity: DecimalInput;
  reserved: DecimalInput;
  minOrder: DecimalInput;
  unit: QuantityUnit;
}

export type OrderRefusal = {
  code: Extract<
    ErrorCode,
    | 'NOT_A_BUYER'
    | 'ACCOUNT_SUSPENDED'
    | 'EMAIL_NOT_VERIFIED'
    | 'ORDERING_NEEDS_KYC'
    | 'LISTING_UNAVAILABLE'
    | 'BELOW_MIN_ORDER'
    | 'ABOVE_AVAILABLE'
  >;
  params?: Record<string, string>;
};

/**
 * Why `user` may not order `quantity` from `listing` now; null when they may. The ONE ordering rule
 * (server and UI): a buyer, active, with a verified email and approved KYC (DESIGN.md §3: ordering
 * needs Approved), at least the listing's minimum and at most what is still available. `listing`
 * null: an order from an accepted quote offer (no listing quantity to check).
 */
export function orderRefusal(
  user: OrderingUser,
  listing: OrderableListing | null,
  quantity: DecimalInput | null,
): OrderRefusal | null {
  if (user.role !== 'buyer') return { code: 'NOT_A_BUYER' };
  if (user.accountStatus !== 'active') return { code: 'ACCOUNT_SUSPENDED' };
  // The one money gate (domain/policies.ts), its KYC refusal named for ordering.
  const blocker = verificationBlocker(user);
  if (blocker) return { code: blocker === 'KYC_NOT_APPROVED' ? 'ORDERING_NEEDS_KYC' : blocker };
  if (!listing) return null;
  const available = availableQuantity(listing);
  if (listing.status !== 'active' || available.lte(0)) return { code: 'LISTING_UNAVAILABLE' };
  if (quantity === null) return null;
  const unit = listing.unit;
  if (dec(quantity).lt(listing.minOrder) && !dec(quantity).eq(available))
    return { code: 'BELOW_MIN_ORDER', params: { minimum: `${toFixed(listing.minOrder)} ${unit}` } };
  if (dec(quantity).gt(available))
    return { code: 'ABOVE_AVAILABLE', params: { available: `${toFixed(available)} ${unit}` } };
  return null;
}

export function orderRefusalMessage(refusal: OrderRefusal): string {
  return ERRORS[refusal.code].message.replace(/\{(\w+)\}/g, (m, name: string) => refusal.params?.[name] ?? m);
}

// ---- wire shapes -------------------------------------------------------------------------------

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
const isoDate = z.string().datetime();

/** `POST /api/orders`: order from a listing. */
export const orderCreateSchema = z.strictObject({
  listingId: z.string({ error: 'listingId is required' }).uuid('listingId must be a listing id'),
  quantity: z
    .string({ error: 'Quantity must be a decimal string, e.g. "25.00"' })
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, { message: 'Quantity must be a number with at most 2 decimals', abort: true })
    .refine((v) => dec(v).gt(0), 'Quantity must be greater than 0')
    .refine((v) => dec(v).lte('9999999999.99'), 'Quantity is too large'),
});
export type OrderCreate = z.infer<typeof orderCreateSchema>;

/** A date the form sends ("2027-03-01") or a full ISO time. */
export const dateField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(v) && !Number.isNaN(Date.parse(v)),
      `${label} must be a date`,
    );

/** `POST /api/orders/:id/transitions`: the move and what it needs. */
export const orderTransitionSchema = z.discriminatedUnion(
  'to',
  [
    z.strictObject({ to: z.literal('confirmed') }),
    z.strictObject({ to: z.literal('shipped'), expectedDeliveryDate: dateField('Expected delivery date') }),
    z.strictObject({ to: z.literal('delivered') }),
    z.strictObject({
      to: z.literal('cancelled'),
      reason: textField('Reason', { error: 'Reason is required' })
        .trim()
        .min(3, 'Reason is required')
        .max(500, 'Reason must be at most 500 characters'),
    }),
  ],
  { error: 'to must be one of: confirmed, shipped, delivered, cancelled' },
);
export type OrderTransitionRequest = z.infer<typeof orderTransitionSchema>;

export const ratingSchema = z.strictObject({
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
});

export const orderSchema = z.object({
  id: z.string().uuid(),
  buyerId: z.string().uuid(),
  buyerName: z.string(),
  traderId: z.string().uuid(),
  supplierName: z.string(),
  listingId: z.string().uuid().nullable(),
  offerId: z.string().uuid().nullable(),
  location: z.string(),
  quantity: decimalString,
  unit: z.enum(QUANTITY_UNITS),
  pricePerKg: decimalString,
  totalAmount: decimalString,
  status: z.enum(ORDER_STATUSES),
  payment: z.enum(ORDER_PAYMENT_STATES),
  paymentIntentId: z.string().nullable(),
  /** The order's escrow record (one escrow model, docs/money.md): Disputed while a dispute is open. */
  escrowStatus: z.enum(ESCROW_STATUSES).nullable(),
  disputeReason: z.string().nullable(),
  orderDate: isoDate,
  /** Promised when shipped; the on-time rate compares the delivery with it. */
  deliveryDate: isoDate.nullable(),
  confirmedAt: isoDate.nullable(),
  shippedAt: isoDate.nullable(),
  deliveredAt: isoDate.nullable(),
  receivedAt: isoDate.nullable(),
  cancelledAt: isoDate.nullable(),
  cancelReason: z.string().nullable(),
  rating: z.number().int().nullable(),
  /** The listing's campaign, when the cargo is one of the supplier's campaigns. */
  campaignId: z.string().uuid().nullable(),
  /** Once delivered with a Guarantee of Origin cancelled for the buyer: its statement and public page. */
  certificate: orderCertificateSchema,
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/** Page sizes of `GET /api/orders` (rows, not cards: a longer page than the listings' grid). */
export const ORDER_PAGE_SIZE = { default: 20, max: 100 } as const;

/**
 * The lists `GET /api/orders?group=` answers: the status groups, and `tracking` — the orders a buyer
 * still follows on /buyer/tracking: active ones and delivered ones awaiting receipt (escrow held).
 */
export const ORDER_LIST_GROUPS = ['active', 'delivered', 'cancelled', 'all', 'tracking'] as const;
export type OrderListGroup = (typeof ORDER_LIST_GROUPS)[number];

export const orderListQuerySchema = z.object({
  group: z
    .enum(ORDER_LIST_GROUPS, { error: `group must be one of: ${ORDER_LIST_GROUPS.join(', ')}` })
    .default('all'),
  ...pagingParams(ORDER_PAGE_SIZE),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** `GET /api/orders/counts`: how many of the viewer's placed orders each list holds (the tabs' counts). */
export const orderCountsSchema = z.object({
  active: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
  all: z.number().int(),
  tracking: z.number().int(),
} satisfies Record<OrderListGroup, z.ZodNumber>);
export type OrderCounts = z.infer<typeof orderCountsSchema>;

/** The answer of placing an order (from a listing or an accepted offer): pay it with these. */
export const orderPlacedSchema = z.object({
  order: orderSchema,
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export type OrderPlaced = z.infer<typeof orderPlacedSchema>;

export const orderPaymentSchema = z.strictObject({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required' })
    .max(255)
    .regex(/^pi_[A-Za-z0-9_]+$/, 'paymentIntentId must be a payment intent id (pi_…)'),
});

/**
 * `GET /api/campaigns/:id/sales`: what a campaign's cargo sold for — the revenue of the delivered orders
 * of listings tied to it (what its trader reports as the campaign's sale on completion).
 */
export const campaignSalesSchema = z.object({ orders: z.number().int(), revenue: decimalString });
export type CampaignSales = z.infer<typeof campaignSalesSchema>;

/**
 * Whether the buyer may open a dispute about an order (docs/money.md): while its money is held in
 * escrow and receipt is not confirmed — before delivery, or after it within the automatic-receipt
 * window. The server checks the same.
 */
export function canDisputeOrder(
  order: Pick<Order, 'payment' | 'escrowStatus' | 'receivedAt' | 'status'>,
  actor: OrderActor | null,
): boolean {
  return (
    actor === 'buyer' &&
    order.status !== 'cancelled' &&
    order.payment === 'held' &&
    order.escrowStatus === 'held' &&
    order.receivedAt === null
  );
}

/** `POST /api/orders/:id/abandon`: the order's payment state after giving it up. */
export const orderAbandonedSchema = z.object({ payment: z.enum(ORDER_PAYMENT_STATES) });
