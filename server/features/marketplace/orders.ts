// Buyer orders (DESIGN.md §3 order lifecycle): placing one reserves its quantity of the listing and
// opens a payment intent; once the provider says it is paid (never the browser) the money is held in
// escrow as a ledger posting (clearing → order-escrow:<order>); the supplier confirms, ships and
// delivers; the buyer's receipt (or AUTO_RECEIPT_DAYS later, the sweep) releases escrow to the
// supplier; a cancellation refunds through the provider. Same shapes as the investment flow
// (investments/service.ts): one transaction with locked rows, the provider called outside it.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../errors.ts';
import { NUMERIC_MAX } from '../../../domain/decimal-schema.ts';
import { RESERVATION_MINUTES } from '../../../domain/investments.ts';
import { dec, orderTotal, toFixed } from '../../../domain/money.ts';
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
import type { Role } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { listings, offers, orders, rfqs } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { accounts, post, transfer } from '../../ledger/ledger.ts';
import {
  intentMatches,
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderIntent,
} from '../../payments/provider.ts';
import { invalidateListingPages } from './listings.ts';
import { getOrderRow, isPlaced } from './order-queries.ts';
import { notifyOrderStep, type Notify } from './notify.ts';

type OrderRow = typeof orders.$inferSelect;
export type Buyer = OrderingUser & { id: string };
export type Viewer = { id: string; role: Role };
export interface MarketDeps {
  db: Db;
  provider: PaymentProvider;
  notify: Notify;
  publicUrl: string;
}

const MINUTE_MS = 60_000;

export function refusalError(refusal: OrderRefusal): AppError {
  const error = AppError.of(refusal.code as 'NOT_A_BUYER');
  const message = error.message.replace(/\{(\w+)\}/g, (m, name: string) => refusal.params?.[name] ?? m);
  // Quantity rules are shown at the form's quantity field.
  const field = refusal.code === 'BELOW_MIN_ORDER' || refusal.code === 'ABOVE_AVAILABLE';
  return new AppError(refusal.code, message, field ? { quantity: message } : undefined);
}

// ---- placing: reserve, then the payment intent --------------------------------------------------

/** POST /api/orders: reserves the quantity under the listing's lock, then opens the payment intent. */
export async function placeOrder(
  deps: MarketDeps,
  user: Buyer,
  input: OrderCreate,
  now: Date,
): Promise<OrderPlaced> {
  const row = await inTransaction(deps.db, async (tx) => {
    // Locked: racing buyers are decided one after the other, so reserved never passes the quantity.
    const [listing] = await tx.select().from(listings).where(eq(listings.id, input.listingId)).for('update');
    if (!listing) throw new AppError('LISTING_NOT_FOUND');
    const refusal = orderRefusal(user, listing, input.quantity);
    if (refusal) throw refusalError(refusal);
    const total = orderTotal(input.quantity, listing.unit, listing.pricePerKg);
    if (total.gt(NUMERIC_MAX.money)) throw new AppError('ORDER_TOTAL_TOO_LARGE');
    await tx
      .update(listings)
      .set({ reserved: toFixed(dec(listing.reserved).plus(input.quantity)), updatedAt: now })
      .where(eq(listings.id, listing.id));
    await invalidateListingPages(tx);
    return openOrder(tx, deps.provider, now, {
      buyerId: user.id,
      traderId: listing.traderId,
      listingId: listing.id,
      location: listing.location,
      quantity: input.quantity,
      unit: listing.unit,
      pricePerKg: listing.pricePerKg,
      totalAmount: toFixed(total),
    });
  });
  return withIntent(deps, row, now);
}

/** Inserts an unpaid order holding its quantity for RESERVATION_MINUTES. */
export async function openOrder(
  tx: Tx,
  provider: PaymentProvider,
  now: Date,
  values: Omit<typeof orders.$inferInsert, 'provider' | 'reservedUntil'>,
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({
      ...values,
      provider: provider.name,
      reservedUntil: new Date(now.getTime() + RESERVATION_MINUTES * MINUTE_MS),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** The provider's intent for an opened order (outside any transaction); on failure the hold ends at once. */
export async function withIntent(deps: MarketDeps, row: OrderRow, now: Date): Promise<OrderPlaced> {
  let intent: { id: string; clientSecret: string };
  try {
    intent = await deps.provider.createIntent({
      amount: row.totalAmount,
      metadata: { orderId: row.id, buyerId: row.buyerId, traderId: row.traderId },
      idempotencyKey: `order-intent-${row.id}`,
    });
  } catch (error) {
    await expireOrder(deps.db, row.id, now);
    throw error;
  }
  // Only while the order still waits for it: the sweep expires an order whose intent is late (a slow
  // provider), and a paid intent on an expired order would be money with no order to hold it.
  const [attached] = await deps.db
    .update(orders)
    .set({ paymentIntentId: intent.id })
    .where(and(eq(orders.id, row.id), eq(orders.payment, 'awaiting')))
    .returning({ id: orders.id });
  if (!attached) {
    // Its client secret never leaves the server, so nobody can pay it; cancelling is tidiness.
    await deps.provider.cancelIntent(intent.id).catch((error: unknown) => {
      if (!(error instanceof ProviderUnavailableError)) throw error;
    });
    throw new AppError('ORDER_PAYMENT_EXPIRED');
  }
  return {
    order: await getOrderRow(deps.db, row.id),
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
  };
}

// ---- paying: one escrow posting per paid intent -------------------------------------------------

export type OrderSettlement = {
  outcome: 'paid' | 'expired' | 'unpaid' | 'mismatch' | 'ended';
  orderId: string;
};

/**
 * Brings an order's payment to its end, however often and from wherever it is called (the pay call,
 * the sandbox confirmation, the Stripe webhook, the sweep). A paid order always fits: its quantity
 * stays reserved until it expires, and it only expires once the provider cancelled the intent.
 */
export async function settleOrderPayment(
  deps: Pick<MarketDeps, 'db' | 'provider' | 'notify' | 'publicUrl'>,
  orderId: string,
  now: Date,
  fresh?: ProviderIntent,
): Promise<OrderSettlement> {
  const { db, provider } = deps;
  let intent = fresh;
  if (!intent) {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    if (row.payment !== 'awaiting') return { outcome: 'ended', orderId };
    intent = (row.paymentIntentId && (await provider.retrieveIntent(row.paymentIntentId))) || undefined;
    if (!intent) return { outcome: 'unpaid', orderId };
  }
  if (intent.status === 'canceled')
    return { outcome: (await expireOrder(db, orderId, now)) ? 'expired' : 'ended', orderId };
  if (intent.status !== 'succeeded') return { outcome: 'unpaid', orderId };
  const paid = intent;
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    if (row.payment !== 'awaiting') return { outcome: 'ended' as const, orderId };
    const expected = { orderId: row.id, buyerId: row.buyerId, traderId: row.traderId };
    if (!intentMatches(paid, { id: row.paymentIntentId, amount: row.totalAmount, metadata: expected }))
      return { outcome: 'mismatch' as const, orderId };
    await tx
      .update(orders)
      .set({ payment: 'held', paidAt: now, updatedAt: now })
      .where(eq(orders.id, row.id));
    await post(
      tx,
      transfer(
        'order_payment',
        accounts.clearing(provider.name),
        accounts.orderEscrow(row.id),
        row.totalAmount,
        {
          orderId: row.id,
          at: now,
          memo: `Order ${row.id} paid into escrow`,
        },
      ),
    );
    tx.afterCommit(() => notifyOrderStep(db, deps.notify, row, 'paid', deps.publicUrl));
    return { outcome: 'paid' as const, orderId };
  });
}

/** An unpaid order gives its quantity back (and an accepted offer reopens); false when it was settled. */
export async function expireOrder(db: Db | Tx, orderId: string, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [found] = await tx
      .select({ listingId: orders.listingId })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!found) return false;
    // Listing first, then the order: every path takes them in that order.
    if (found.listingId)
      await tx
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.id, found.listingId))
        .for('update');
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (row?.payment !== 'awaiting') return false;
    await tx.update(orders).set({ payment: 'expired', updatedAt: now }).where(eq(orders.id, orderId));
    await releaseHold(tx, row, now);
    return true;
  });
}

/** The order no longer holds its quantity (expired or cancelled); an offer's request opens again. */
async function releaseHold(tx: Tx, row: OrderRow, now: Date) {
  if (row.listingId) {
    await tx
      .update(listings)
      .set({ reserved: sql`${listings.reserved} - ${row.quantity}::numeric`, updatedAt: now })
      .where(eq(listings.id, row.listingId));
    await invalidateListingPages(tx);
  }
  if (row.offerId && row.payment === 'awaiting') {
    const [offer] = await tx
      .update(offers)
      .set({ status: 'open' })
      .where(eq(offers.id, row.offerId))
      .returning({ rfqId: offers.rfqId });
    if (offer) await tx.update(rfqs).set({ status: 'open' }).where(eq(rfqs.id, offer.rfqId));
  }
}

/** POST /api/orders/:id/payment: the buyer's own paid intent places the order, once. */
export async function recordOrderPayment(
  deps: MarketDeps,
  user: Viewer,
  orderId: string,
  paymentIntentId: string,
  now: Date,
): Promise<Order> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || row.buyerId !== user.id) throw new AppError('ORDER_NOT_FOUND');
  if (row.paymentIntentId !== paymentIntentId) throw new AppError('ORDER_PAYMENT_MISMATCH');
  const settled = await settleOrderPayment(deps, orderId, now);
  if (settled.outcome === 'mismatch') throw new AppError('ORDER_PAYMENT_MISMATCH');
  const order = await getOrderRow(deps.db, orderId);
  if (order.payment === 'expired') throw new AppError('ORDER_PAYMENT_EXPIRED');
  if (order.payment === 'awaiting') throw new AppError('ORDER_PAYMENT_UNPAID');
  return order;
}

/**
 * The buyer gives up an unpaid order (closed the order modal): its intent is cancelled at the provider
 * and its quantity is free at once instead of in 15 minutes. A payment that got in first places the
 * order as usual. Answers what the payment became.
 */
export async function abandonOrder(
  deps: MarketDeps,
  user: Viewer,
  orderId: string,
  now: Date,
): Promise<{ payment: Order['payment'] }> {
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || row.buyerId !== user.id) throw new AppError('ORDER_NOT_FOUND');
  if (row.payment === 'awaiting') {
    if (row.paymentIntentId) {
      const intent = await deps.provider.cancelIntent(row.paymentIntentId);
      await settleOrderPayment(deps, orderId, now, intent);
    } else await expireOrder(deps.db, orderId, now);
  }
  const [after] = await deps.db
    .select({ payment: orders.payment })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { payment: after!.payment };
}

/** The order of a provider's intent id (webhooks and the sandbox know only that). */
export async function orderOfIntent(db: Db, provider: PaymentProvider, intentId: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, provider.name), eq(orders.paymentIntentId, intentId)));
  return row?.id;
}

// ---- the lifecycle ------------------------------------------------------------------------------

/** Today's date at 00:00 UTC, for "not before today". */
const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** POST /api/orders/:id/transitions: one move of ORDER_TRANSITIONS, by whoever the table names. */
export async function transitionOrder(
  deps: MarketDeps,
  user: Viewer,
  orderId: string,
  request: OrderTransitionRequest,
  now: Date,
): Promise<Order> {
  const refund = await inTransaction(deps.db, async (tx) => {
    const row = await lockOrder(tx, orderId);
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
    }
    if (request.to === 'cancelled') {
      Object.assign(set, { cancelledAt: now, cancelReason: request.reason, payment: 'refunding' });
      await releaseHold(tx, row, now);
    }
    await tx.update(orders).set(set).where(eq(orders.id, row.id));
    tx.afterCommit(() => notifyOrderStep(deps.db, deps.notify, row, request.to, deps.publicUrl));
    return request.to === 'cancelled' ? row : null;
  });
  if (refund) await finishOrderRefund(deps, refund, now);
  return getOrderRow(deps.db, orderId);
}

/** The listing's row, then the order's, locked (the order every path uses). */
async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [found] = await tx.select({ listingId: orders.listingId }).from(orders).where(eq(orders.id, orderId));
  if (!found) return undefined;
  if (found.listingId)
    await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, found.listingId)).for('update');
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/**
 * Returns a cancelled order's money: the provider refunds it (idempotently), then escrow goes back out
 * to the card. A provider failure leaves the payment `refunding` for the sweep to finish.
 */
export async function finishOrderRefund(deps: Pick<MarketDeps, 'db' | 'provider'>, row: OrderRow, now: Date) {
  try {
    await deps.provider.refund(row.paymentIntentId!, { idempotencyKey: `refund-order-${row.id}` });
  } catch (error) {
    // The provider is down: the payment stays `refunding` and the sweep tries again.
    if (error instanceof ProviderUnavailableError) return;
    throw error;
  }
  await inTransaction(deps.db, async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, row.id)).for('update');
    if (current?.payment !== 'refunding') return;
    await tx.update(orders).set({ payment: 'refunded', updatedAt: now }).where(eq(orders.id, row.id));
    await post(
      tx,
      transfer(
        'order_refund',
        accounts.orderEscrow(row.id),
        accounts.clearing(deps.provider.name),
        row.totalAmount,
        {
          orderId: row.id,
          at: now,
          memo: `Order ${row.id} cancelled: refunded in full`,
        },
      ),
    );
  });
}

/**
 * The buyer confirms receipt of a delivered order (or the sweep does, AUTO_RECEIPT_DAYS after
 * delivery): escrow is released to the supplier, once. Confirming again answers the same order.
 */
export async function confirmReceipt(
  deps: Pick<MarketDeps, 'db' | 'notify' | 'publicUrl'>,
  user: Viewer | 'system',
  orderId: string,
  now: Date,
): Promise<Order> {
  await inTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row || (user !== 'system' && (user.role !== 'buyer' || row.buyerId !== user.id)))
      throw new AppError('ORDER_NOT_FOUND');
    if (row.receivedAt) return;
    if (row.status !== 'delivered' || row.payment !== 'held')
      throw AppError.of('ORDER_NOT_DELIVERED', { action: 'confirmed as received' });
    await tx
      .update(orders)
      .set({ receivedAt: now, payment: 'released', updatedAt: now })
      .where(eq(orders.id, row.id));
    await post(
      tx,
      transfer(
        'order_release',
        accounts.orderEscrow(row.id),
        accounts.trader(row.traderId),
        row.totalAmount,
        {
          orderId: row.id,
          at: now,
          memo: `Order ${row.id} received: escrow released to the supplier`,
        },
      ),
    );
    tx.afterCommit(() => notifyOrderStep(deps.db, deps.notify, row, 'received', deps.publicUrl));
  });
  return getOrderRow(deps.db, orderId);
}

/** POST /api/orders/:id/rating: the buyer of a delivered order rates it once, 1–5. */
export async function rateOrder(
  db: Db,
  user: Viewer,
  orderId: string,
  rating: number,
  now: Date,
): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || user.role !== 'buyer' || row.buyerId !== user.id) throw new AppError('ORDER_NOT_FOUND');
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
