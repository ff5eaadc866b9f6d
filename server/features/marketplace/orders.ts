// Buyer orders (DESIGN.md §3 order lifecycle, docs/money.md): placing one opens a card payment that
// reserves nothing; once the buyer's card holds the money and it fits, the quantity counts against the
// listing and the captured money is held in the order's escrow (the `order` purpose, purpose.ts). The
// supplier confirms, ships and delivers; the buyer's receipt (or AUTO_RECEIPT_DAYS later, without an
// open dispute) releases escrow to the supplier's balance and on to their bank account; a
// cancellation refunds through the one refund path.
import { isOrderBuyer, type Actor } from '../../../domain/policies.ts';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../errors.ts';
import { NUMERIC_MAX } from '../../../domain/decimal-schema.ts';
import { orderTotal, toFixed } from '../../../domain/money.ts';
import { PAYMENT_END_MESSAGES } from '../../../domain/payment-lifecycle.ts';
import {
  findOrderTransition,
  ORDER_STATUS_LABELS,
  orderActorOf,
  orderRefusal,
  type Order,
  type OrderCreate,
  type OrderPlaced,
  type OrderRefusal,
  type OrderTransitionRequest,
  type OrderingUser,
} from '../../../domain/orders.ts';
import type { Db } from '../../db/connect.ts';
import { escrowRecords, listings, orders, payments, users } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { accounts, post, transfer } from '../money/index.ts';
import type { Money } from '../money/index.ts';
import { abandonPayment, advancePayment, openCardPayment, startRefunds } from '../money/index.ts';
import { payOutBalance } from '../money/index.ts';
import { invalidateListingPages } from './listings.ts';
import { getOrderRow, isPlaced } from './order-queries.ts';
import { cancelForDelivery } from '../origin/index.ts';
import { notifyOrderStep, type Notify } from './notify.ts';
import { lockOrderOf, releaseOrderHold } from './purpose.ts';

type OrderRow = typeof orders.$inferSelect;
export type Buyer = OrderingUser & { id: string };
export interface MarketDeps {
  db: Db;
  money: Money;
  notify: Notify;
  publicUrl: string;
}

export function refusalError(refusal: OrderRefusal): AppError {
  const error = AppError.of(refusal.code as 'NOT_A_BUYER');
  const message = error.message.replace(/\{(\w+)\}/g, (m, name: string) => refusal.params?.[name] ?? m);
  // Quantity rules are shown at the form's quantity field.
  const field = refusal.code === 'BELOW_MIN_ORDER' || refusal.code === 'ABOVE_AVAILABLE';
  return new AppError(refusal.code, message, field ? { quantity: message } : undefined);
}

// ---- placing: the order and its payment intent -------------------------------------------------

/**
 * POST /api/orders: an unpaid order and its card payment. Nothing is reserved: the quantity counts
 * against the listing once the buyer's card holds the money and the hold still fits (purpose.ts).
 */
export async function placeOrder(
  deps: MarketDeps,
  user: Buyer,
  input: OrderCreate,
  now: Date,
): Promise<OrderPlaced> {
  const [listing] = await deps.db
    .select({ listing: listings, supplierStatus: users.accountStatus })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.traderId))
    .where(eq(listings.id, input.listingId));
  // A suspended supplier's listings are hidden and cannot be ordered.
  if (!listing || listing.supplierStatus !== 'active') throw new AppError('LISTING_NOT_FOUND');
  const refusal = orderRefusal(user, listing.listing, input.quantity);
  if (refusal) throw refusalError(refusal);
  const total = orderTotal(input.quantity, listing.listing.unit, listing.listing.pricePerKg);
  if (total.gt(NUMERIC_MAX.money)) throw new AppError('ORDER_TOTAL_TOO_LARGE');
  return openOrder(deps, now, {
    buyerId: user.id,
    traderId: listing.listing.traderId,
    listingId: listing.listing.id,
    location: listing.listing.location,
    quantity: input.quantity,
    unit: listing.listing.unit,
    pricePerKg: listing.listing.pricePerKg,
    totalAmount: toFixed(total),
  });
}

/**
 * Opens an unpaid order and its card payment (money/payments.ts openCardPayment); `guard` checks and
 * locks what the order depends on (an accepted offer) in the same transaction as the order.
 */
export async function openOrder(
  deps: MarketDeps,
  now: Date,
  values: Omit<typeof orders.$inferInsert, 'paymentId' | 'id'>,
  guard?: (tx: Tx) => Promise<void>,
): Promise<OrderPlaced> {
  const orderId = randomUUID();
  const opened = await openCardPayment(
    deps.money,
    { purpose: 'order', payerId: values.buyerId, amount: values.totalAmount, subjectId: orderId },
    now,
    async (tx, { paymentId }) => {
      await guard?.(tx);
      await tx.insert(orders).values({ ...values, id: orderId, paymentId, createdAt: now, updatedAt: now });
    },
  );
  return {
    order: await getOrderRow(deps.db, orderId),
    clientSecret: opened.clientSecret,
    paymentIntentId: opened.paymentIntentId,
  };
}

// ---- paying ------------------------------------------------------------------------------------

/** POST /api/orders/:id/payment: the buyer's own paid intent places the order, once. */
export async function recordOrderPayment(
  deps: MarketDeps,
  user: Actor,
  orderId: string,
  paymentIntentId: string,
): Promise<Order> {
  const [row] = await deps.db
    .select({ order: orders, intentId: payments.intentId })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  if (!row || row.order.buyerId !== user.id) throw new AppError('ORDER_NOT_FOUND');
  if (row.intentId !== paymentIntentId) throw new AppError('ORDER_PAYMENT_MISMATCH');
  const advanced = await advancePayment(deps.money, row.order.paymentId);
  if (advanced.mismatch) throw new AppError('ORDER_PAYMENT_MISMATCH');
  const { payment } = advanced;
  if (payment.status === 'voided' || payment.status === 'voiding')
    throw new AppError('PAYMENT_VOIDED', PAYMENT_END_MESSAGES[payment.endReason ?? 'cancelled']);
  if (payment.status === 'expired') throw new AppError('ORDER_PAYMENT_EXPIRED');
  if (payment.status === 'created') throw new AppError('ORDER_PAYMENT_UNPAID');
  return getOrderRow(deps.db, orderId);
}

/**
 * The buyer gives up an unpaid order (closed the order modal): its intent is cancelled at the
 * provider. A hold that got in first places the order as usual. Answers what the payment became.
 */
export async function abandonOrder(
  deps: MarketDeps,
  user: Actor,
  orderId: string,
): Promise<{ payment: Order['payment'] }> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || row.buyerId !== user.id) throw new AppError('ORDER_NOT_FOUND');
  if (row.payment === 'awaiting') await abandonPayment(deps.money, row.paymentId);
  const [after] = await deps.db
    .select({ payment: orders.payment })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { payment: after!.payment };
}

// ---- the lifecycle ------------------------------------------------------------------------------

/** Today's date at 00:00 UTC, for "not before today". */
const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** POST /api/orders/:id/transitions: one move of ORDER_TRANSITIONS, by whoever the table names. */
export async function transitionOrder(
  deps: MarketDeps,
  user: Actor,
  orderId: string,
  request: OrderTransitionRequest,
  now: Date,
): Promise<Order> {
  await inTransaction(deps.db, async (tx) => {
    const row = (await lockOrderOf(tx, { orderId }))?.order;
    const actor = row && orderActorOf(user, row);
    // A stranger's order is not found, as an unknown one; unpaid attempts are not orders.
    if (!row || !actor || !isPlaced(row)) throw new AppError('ORDER_NOT_FOUND');
    if (!findOrderTransition(row.status, request.to, actor))
      throw AppError.of('ORDER_TRANSITION_REFUSED', {
        from: ORDER_STATUS_LABELS[row.status],
        to: ORDER_STATUS_LABELS[request.to],
      });
    const set: Partial<typeof orders.$inferInsert> = { status: request.to, updatedAt: now };
    if (request.to === 'confirmed') set.confirmedAt = now;
    if (request.to === 'shipped') {
      const promised = startOfDay(new Date(request.expectedDeliveryDate));
      if (promised < startOfDay(now)) {
        const message = 'Expected delivery date cannot be in the past';
        throw new AppError('VALIDATION', message, { expectedDeliveryDate: message });
      }
      Object.assign(set, { shippedAt: now, deliveryDate: promised });
    }
    // A delivery changes the supplier's figures that listings show.
    if (request.to === 'delivered') {
      set.deliveredAt = now;
      await invalidateListingPages(tx);
      // The delivered volume's Guarantee of Origin, cancelled in the buyer's name once (docs/carbon.md).
      await cancelForDelivery(tx, row, now);
    }
    if (request.to === 'cancelled') {
      if (await isDisputed(tx, row.id)) throw new AppError('ORDER_DISPUTED');
      Object.assign(set, { cancelledAt: now, cancelReason: request.reason, payment: 'refunding' });
      await releaseOrderHold(tx, row, { counted: true }, now);
      await startRefunds(tx, deps.money, [{ id: row.paymentId }], now);
    }
    await tx.update(orders).set(set).where(eq(orders.id, row.id));
    await notifyOrderStep(tx, deps.notify, row, request.to);
  });
  return getOrderRow(deps.db, orderId);
}

/** An open dispute holds the order's escrow until an admin resolves it. */
async function isDisputed(tx: Tx, orderId: string): Promise<boolean> {
  const [record] = await tx
    .select({ status: escrowRecords.status })
    .from(escrowRecords)
    .where(eq(escrowRecords.orderId, orderId));
  return record?.status === 'disputed';
}

/**
 * The buyer confirms receipt of a delivered order (or the sweep does, AUTO_RECEIPT_DAYS after
 * delivery, unless a dispute is open): escrow is released to the supplier's balance and paid out to
 * their bank account, once. Confirming again answers the same order.
 */
export async function confirmReceipt(
  deps: Pick<MarketDeps, 'db' | 'money' | 'notify' | 'publicUrl'>,
  user: Actor | 'system',
  orderId: string,
  now: Date,
): Promise<Order> {
  await inTransaction(deps.db, async (tx) => {
    const row = (await lockOrderOf(tx, { orderId }))?.order;
    if (!row || (user !== 'system' && !isOrderBuyer(user, row))) throw new AppError('ORDER_NOT_FOUND');
    if (row.receivedAt) return;
    if (row.status !== 'delivered' || row.payment !== 'held')
      throw AppError.of('ORDER_NOT_DELIVERED', { action: 'confirmed as received' });
    if (await isDisputed(tx, row.id)) throw new AppError('ORDER_DISPUTED');
    await tx.update(orders).set({ receivedAt: now, updatedAt: now }).where(eq(orders.id, row.id));
    await releaseOrderEscrow(tx, deps.money, row, now);
    await notifyOrderStep(tx, deps.notify, row, 'received');
  });
  return getOrderRow(deps.db, orderId);
}

/**
 * An order's escrow to its supplier (receipt, or a dispute resolved for the supplier): escrow record
 * Released, the ledger moves it to the supplier's balance, and a payout sends it to their bank account.
 */
export async function releaseOrderEscrow(tx: Tx, money: Money, row: OrderRow, now: Date): Promise<void> {
  await tx.update(orders).set({ payment: 'released', updatedAt: now }).where(eq(orders.id, row.id));
  await tx
    .update(escrowRecords)
    .set({ status: 'released', updatedAt: now })
    .where(eq(escrowRecords.orderId, row.id));
  await post(
    tx,
    transfer('order_release', accounts.orderEscrow(row.id), accounts.trader(row.traderId), row.totalAmount, {
      orderId: row.id,
      at: now,
      memo: `Order ${row.id} received: escrow released to the supplier`,
    }),
  );
  await payOutBalance(tx, money, { userId: row.traderId, purpose: 'supplier', amount: row.totalAmount }, now);
}

/** POST /api/orders/:id/rating: the buyer of a delivered order rates it once, 1–5. */
export async function rateOrder(
  db: Db,
  user: Actor,
  orderId: string,
  rating: number,
  now: Date,
): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || !isOrderBuyer(user, row)) throw new AppError('ORDER_NOT_FOUND');
  if (row.status !== 'delivered') throw AppError.of('ORDER_NOT_DELIVERED', { action: 'rated' });
  const [rated] = await db
    .update(orders)
    .set({ rating, ratedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.rating)))
    .returning({ id: orders.id });
  if (!rated) throw new AppError('ORDER_ALREADY_RATED');
  await invalidateListingPages(db);
  return getOrderRow(db, orderId);
}
