// What a buyer's order payment does (the `order` purpose of the money module, docs/money.md): a hold
// fits while the listing is active, its supplier active and its quantity not sold; then it counts
// (the listing reserves the quantity). A capture holds the money in the order's escrow until receipt;
// refunds go back to the buyer's card. Every path locks the listing before the order.
import { eq, inArray, sql } from 'drizzle-orm';
import { availableQuantity } from '../../../domain/listings.ts';
import { dec } from '../../../domain/money.ts';
import { escrowRecords, listings, offers, orders, payments, rfqs, users } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { accounts, post, transfer } from '../money/index.ts';
import { definePurpose, type Money, type PaymentRow } from '../money/index.ts';
import { sourceAccount } from '../money/index.ts';
import { markRefunded, refundPosting } from '../money/index.ts';
import { invalidateListingPages } from './listings.ts';
import { announceOrderPaid } from './notify.ts';

type OrderRow = typeof orders.$inferSelect;
type ListingRow = typeof listings.$inferSelect;

/**
 * The listing (if the order came from one), then the order and its payment, locked: the order every
 * path uses.
 */
export async function lockOrderOf(
  tx: Tx,
  where: { orderId: string } | { paymentId: string },
): Promise<{ order: OrderRow; listing: ListingRow | null; payment: PaymentRow } | undefined> {
  const condition = 'orderId' in where ? eq(orders.id, where.orderId) : eq(orders.paymentId, where.paymentId);
  const [found] = await tx.select({ listingId: orders.listingId }).from(orders).where(condition);
  if (!found) return undefined;
  const [listing] = found.listingId
    ? await tx.select().from(listings).where(eq(listings.id, found.listingId)).for('update')
    : [];
  const [row] = await tx
    .select({ order: orders, payment: payments })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(condition)
    .for('update');
  return row && { ...row, listing: listing ?? null };
}

/** The order no longer counts against its listing (voided after counting, cancelled); an offer reopens. */
export async function releaseOrderHold(
  tx: Tx,
  order: OrderRow,
  { counted }: { counted: boolean },
  now: Date,
) {
  if (order.listingId && counted) {
    await tx
      .update(listings)
      .set({ reserved: sql`${listings.reserved} - ${order.quantity}::numeric`, updatedAt: now })
      .where(eq(listings.id, order.listingId));
    await invalidateListingPages(tx);
  }
  if (order.offerId && order.payment === 'awaiting') {
    const [offer] = await tx
      .update(offers)
      .set({ status: 'open' })
      .where(eq(offers.id, order.offerId))
      .returning({ rfqId: offers.rfqId });
    if (offer) await tx.update(rfqs).set({ status: 'open' }).where(eq(rfqs.id, offer.rfqId));
  }
}

/** Books refunds of one order (its escrow back to the buyer's card), once. */
async function bookOrderRefund(money: Money, paymentId: string, now: Date) {
  await inTransaction(money.db, async (tx) => {
    const locked = await lockOrderOf(tx, { paymentId });
    if (!locked) return;
    const [payment] = await markRefunded(tx, [paymentId], now);
    if (!payment) return;
    const { order } = locked;
    await tx.update(orders).set({ payment: 'refunded', updatedAt: now }).where(eq(orders.id, order.id));
    await tx
      .update(escrowRecords)
      .set({ status: 'refunded', updatedAt: now })
      .where(eq(escrowRecords.orderId, order.id));
    await post(tx, {
      ...refundPosting('order_refund', payment, accounts.orderEscrow(order.id), {
        orderId: order.id,
        at: now,
      }),
      memo: `Order ${order.id} refunded in full`,
    });
  });
}

export const orderPurpose = definePurpose({
  async lock(tx, payment) {
    const locked = await lockOrderOf(tx, { paymentId: payment.id });
    if (!locked) throw new AppError('ORDER_NOT_FOUND');
    return { subjectId: locked.order.id, ...locked };
  },
  async holdRefusal(tx, { order, listing }) {
    if (order.payment !== 'awaiting') return 'cancelled';
    if (!listing) return null;
    const [supplier] = await tx
      .select({ accountStatus: users.accountStatus })
      .from(users)
      .where(eq(users.id, listing.traderId));
    if (listing.status !== 'active' || supplier?.accountStatus !== 'active') return 'cancelled';
    if (dec(order.quantity).gt(availableQuantity(listing))) return 'sold_out';
    return null;
  },
  async onAuthorized(tx, { order }, _payment, now) {
    if (!order.listingId) return;
    await tx
      .update(listings)
      .set({ reserved: sql`${listings.reserved} + ${order.quantity}::numeric`, updatedAt: now })
      .where(eq(listings.id, order.listingId));
    await invalidateListingPages(tx);
  },
  async onCaptured(tx, { order }, payment, now) {
    await tx
      .update(orders)
      .set({ payment: 'held', paidAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
    await tx
      .insert(escrowRecords)
      .values({ orderId: order.id, amount: order.totalAmount, createdAt: now, updatedAt: now });
    await post(
      tx,
      transfer('order_payment', sourceAccount(payment), accounts.orderEscrow(order.id), order.totalAmount, {
        orderId: order.id,
        paymentId: payment.id,
        at: now,
        memo: `Order ${order.id} paid into escrow`,
      }),
    );
    announceOrderPaid(tx, order);
    return false;
  },
  async onEnded(tx, { order }, payment, now) {
    if (order.payment !== 'awaiting') return;
    await tx.update(orders).set({ payment: 'expired', updatedAt: now }).where(eq(orders.id, order.id));
    // Only a hold that counted (authorized, then lapsed) reserved the quantity.
    await releaseOrderHold(tx, order, { counted: payment.authorizedAt !== null }, now);
  },
  async bookRefunds(money, paymentIds, now) {
    for (const id of paymentIds) await bookOrderRefund(money, id, now);
  },
});

/** The order's payment ids, for callers that know only orders. */
export async function paymentsOfOrders(tx: Tx, orderIds: string[]) {
  return tx.select({ id: orders.paymentId }).from(orders).where(inArray(orders.id, orderIds));
}
