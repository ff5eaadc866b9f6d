// Quote requests (RFQ): a buyer asks one supplier or every supplier; suppliers answer with one offer
// each; the buyer accepts one, which opens an order to pay like any other (orders.ts). Messages: one
// thread per request and supplier, or per order, seen only by its two sides (and admins).
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companyName } from '../../../domain/listings.ts';
import { orderTotal, toFixed } from '../../../domain/money.ts';
import { orderActorOf, type OrderPlaced } from '../../../domain/orders.ts';
import {
  canOfferOn,
  canSeeRfq,
  canWriteMessages,
  isSupplier,
  rfqListScope,
  type GatedUser,
  type Actor,
} from '../../../domain/policies.ts';
import {
  type Message,
  type Offer,
  type OfferCreate,
  type Rfq,
  type RfqCreate,
} from '../../../domain/rfqs.ts';
import { NUMERIC_MAX } from '../../../domain/decimal-schema.ts';
import type { Db } from '../../db/connect.ts';
import { listings, marketMessages, offers, orders, rfqs, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { notifyNewRfq, notifyOffer } from './notify.ts';
import { isPlaced } from './order-queries.ts';
import { openOrder, type Buyer, type MarketDeps } from './orders.ts';

type RfqRow = typeof rfqs.$inferSelect;
const buyer = alias(users, 'rfq_buyer');
const supplier = alias(users, 'rfq_supplier');
const nameColumns = (t: typeof users | typeof buyer | typeof supplier) => ({
  companyName: t.companyName,
  firstName: t.firstName,
  username: t.username,
});

// Who may act here is decided at the route (the money gate); who may see what, by `canSeeRfq`.
export async function createRfq(deps: MarketDeps, user: Buyer, input: RfqCreate, now: Date): Promise<Rfq> {
  const id = await inTransaction(deps.db, async (tx) => {
    if (input.traderId) {
      const [trader] = await tx.select({ role: users.role }).from(users).where(eq(users.id, input.traderId));
      if (!trader || !isSupplier(trader)) throw new AppError('SUPPLIER_NOT_FOUND');
    }
    const [row] = await tx
      .insert(rfqs)
      .values({
        buyerId: user.id,
        traderId: input.traderId ?? null,
        quantity: input.quantity,
        unit: input.unit,
        deliveryFrom: new Date(input.deliveryFrom),
        deliveryTo: new Date(input.deliveryTo),
        destinationPort: input.destinationPort,
        certifications: input.certifications,
        note: input.note || null,
        createdAt: now,
      })
      .returning({ id: rfqs.id });
    // To one supplier, or to every supplier with something on the market.
    const to = input.traderId
      ? [input.traderId]
      : (
          await tx
            .selectDistinct({ id: listings.traderId })
            .from(listings)
            .where(eq(listings.status, 'active'))
        ).map((r) => r.id);
    await notifyNewRfq(tx, deps.notify, to);
    return row!.id;
  });
  return (await listRfqs(deps.db, user, id))[0]!;
}

/** GET /api/rfqs: the viewer's requests (a buyer's own, those open to a supplier), newest first. */
export async function listRfqs(db: Db, viewer: Actor<keyof GatedUser>, onlyId?: string): Promise<Rfq[]> {
  // A supplier short of the money gate sees no buyer's request (canSeeRfq): an empty list.
  const scope = rfqListScope(viewer);
  if (scope === 'none') return [];
  const whose =
    scope === 'own'
      ? eq(rfqs.buyerId, viewer.id)
      : scope === 'supplier'
        ? or(eq(rfqs.traderId, viewer.id), isNull(rfqs.traderId))
        : undefined;
  const rows = await db
    .select({ rfq: rfqs, buyer: nameColumns(buyer), supplier: nameColumns(supplier) })
    .from(rfqs)
    .innerJoin(buyer, eq(buyer.id, rfqs.buyerId))
    .leftJoin(supplier, eq(supplier.id, rfqs.traderId))
    .where(and(whose, onlyId ? eq(rfqs.id, onlyId) : undefined))
    .orderBy(desc(rfqs.createdAt), desc(rfqs.id))
    .limit(200);
  const ids = rows.map((r) => r.rfq.id);
  const offerRows = ids.length
    ? await db
        .select({ offer: offers, supplier: nameColumns(users) })
        .from(offers)
        .innerJoin(users, eq(users.id, offers.traderId))
        .where(
          and(inArray(offers.rfqId, ids), scope === 'supplier' ? eq(offers.traderId, viewer.id) : undefined),
        )
        .orderBy(asc(offers.pricePerKg))
    : [];
  return rows.map(({ rfq, buyer: b, supplier: s }) => ({
    id: rfq.id,
    buyerId: rfq.buyerId,
    buyerName: companyName({ ...b, username: b.username ?? '' }),
    traderId: rfq.traderId,
    supplierName: rfq.traderId && s?.username ? companyName(s as Parameters<typeof companyName>[0]) : null,
    quantity: rfq.quantity,
    unit: rfq.unit,
    deliveryFrom: rfq.deliveryFrom.toISOString(),
    deliveryTo: rfq.deliveryTo.toISOString(),
    destinationPort: rfq.destinationPort,
    certifications: rfq.certifications,
    note: rfq.note,
    status: rfq.status,
    createdAt: rfq.createdAt.toISOString(),
    offers: offerRows.filter((o) => o.offer.rfqId === rfq.id).map((o) => toOffer(o.offer, o.supplier, rfq)),
  }));
}

function toOffer(
  offer: typeof offers.$inferSelect,
  who: Parameters<typeof companyName>[0],
  rfq: Pick<RfqRow, 'quantity' | 'unit'>,
): Offer {
  return {
    id: offer.id,
    rfqId: offer.rfqId,
    traderId: offer.traderId,
    supplierName: companyName(who),
    pricePerKg: offer.pricePerKg,
    availability: offer.availability,
    validUntil: offer.validUntil.toISOString(),
    totalAmount: toFixed(orderTotal(rfq.quantity, rfq.unit, offer.pricePerKg)),
    status: offer.status,
    createdAt: offer.createdAt.toISOString(),
  };
}

/** POST /api/rfqs/:id/offers: a supplier who may see the open request answers it, once. */
export async function createOffer(
  deps: MarketDeps,
  user: Actor<keyof GatedUser>,
  rfqId: string,
  input: OfferCreate,
  now: Date,
): Promise<Offer> {
  const [rfq] = await deps.db.select().from(rfqs).where(eq(rfqs.id, rfqId));
  if (!rfq || !canOfferOn(user, rfq)) throw new AppError('RFQ_NOT_FOUND');
  if (rfq.status !== 'open') throw new AppError('RFQ_CLOSED');
  const validUntil = new Date(input.validUntil);
  if (validUntil <= now) {
    const message = 'Valid until must be in the future';
    throw new AppError('VALIDATION', message, { validUntil: message });
  }
  if (orderTotal(rfq.quantity, rfq.unit, input.pricePerKg).gt(NUMERIC_MAX.money))
    throw new AppError('ORDER_TOTAL_TOO_LARGE');
  // The offer and the buyer's email commit together.
  const row = await inTransaction(deps.db, async (tx) => {
    const [inserted] = await tx
      .insert(offers)
      .values({
        rfqId,
        traderId: user.id,
        pricePerKg: input.pricePerKg,
        availability: input.availability,
        validUntil,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw new AppError('OFFER_DUPLICATE');
    await notifyOffer(tx, deps.notify, rfq.buyerId);
    return inserted;
  });
  const [me] = await deps.db.select(nameColumns(users)).from(users).where(eq(users.id, user.id));
  return toOffer(row, me!, rfq);
}

/**
 * POST /api/offers/:id/accept: the buyer of the request accepts a valid open offer; the request closes
 * to other offers and an order opens for payment (an unpaid one reopens both when it expires).
 */
export async function acceptOffer(
  deps: MarketDeps,
  user: Buyer,
  offerId: string,
  now: Date,
): Promise<OrderPlaced> {
  const [found] = await deps.db
    .select({ offer: offers, rfq: rfqs })
    .from(offers)
    .innerJoin(rfqs, eq(rfqs.id, offers.rfqId))
    .where(eq(offers.id, offerId));
  if (!found || found.rfq.buyerId !== user.id) throw new AppError('OFFER_NOT_FOUND');
  const { offer, rfq } = found;
  if (rfq.status !== 'open' || offer.status !== 'open' || offer.validUntil <= now)
    throw new AppError('OFFER_CLOSED');
  return openOrder(
    deps,
    now,
    {
      buyerId: user.id,
      traderId: offer.traderId,
      offerId,
      location: rfq.destinationPort,
      quantity: rfq.quantity,
      unit: rfq.unit,
      pricePerKg: offer.pricePerKg,
      totalAmount: toFixed(orderTotal(rfq.quantity, rfq.unit, offer.pricePerKg)),
    },
    // The request's row is the lock: two offers of one request are never both accepted.
    async (tx) => {
      const [locked] = await tx.select().from(rfqs).where(eq(rfqs.id, rfq.id)).for('update');
      const [current] = await tx.select().from(offers).where(eq(offers.id, offerId));
      if (locked!.status !== 'open' || current!.status !== 'open' || current!.validUntil <= now)
        throw new AppError('OFFER_CLOSED');
      await tx.update(offers).set({ status: 'accepted' }).where(eq(offers.id, offerId));
      await tx.update(rfqs).set({ status: 'accepted' }).where(eq(rfqs.id, rfq.id));
    },
  );
}

// ---- messages -----------------------------------------------------------------------------------

export type Thread = { kind: 'rfq' | 'order'; id: string };

/** The thread's filter for the viewer, or not found: a stranger learns nothing of it. */
async function threadScope(db: Db, viewer: Actor<keyof GatedUser>, thread: Thread, traderId?: string) {
  if (thread.kind === 'order') {
    const [order] = await db
      .select({ buyerId: orders.buyerId, traderId: orders.traderId, payment: orders.payment })
      .from(orders)
      .where(eq(orders.id, thread.id));
    if (!order || !orderActorOf(viewer, order) || !isPlaced(order)) throw new AppError('ORDER_NOT_FOUND');
    return { where: eq(marketMessages.orderId, thread.id), traderId: order.traderId };
  }
  const [rfq] = await db.select().from(rfqs).where(eq(rfqs.id, thread.id));
  if (!rfq || !canSeeRfq(viewer, rfq)) throw new AppError('RFQ_NOT_FOUND');
  // A supplier's side is themself; the buyer (or an admin) names it, unless the request had one supplier.
  let side = isSupplier(viewer) ? viewer.id : (rfq.traderId ?? traderId);
  if (side && side !== rfq.traderId && !isSupplier(viewer)) {
    const [trader] = await db.select({ role: users.role }).from(users).where(eq(users.id, side));
    if (!trader || !isSupplier(trader)) side = undefined;
  }
  return {
    where: and(eq(marketMessages.rfqId, thread.id), side ? eq(marketMessages.traderId, side) : undefined),
    traderId: side,
  };
}

export async function listMessages(
  db: Db,
  viewer: Actor<keyof GatedUser>,
  thread: Thread,
  traderId?: string,
): Promise<Message[]> {
  const scope = await threadScope(db, viewer, thread, traderId);
  const rows = await db
    .select({ message: marketMessages, sender: nameColumns(users) })
    .from(marketMessages)
    .innerJoin(users, eq(users.id, marketMessages.senderId))
    .where(scope.where)
    .orderBy(asc(marketMessages.createdAt), asc(marketMessages.id))
    .limit(500);
  return rows.map(({ message, sender }) => ({
    id: message.id,
    senderId: message.senderId,
    senderName: companyName(sender),
    traderId: message.traderId,
    body: message.body,
    createdAt: message.createdAt.toISOString(),
  }));
}

export async function postMessage(
  deps: MarketDeps,
  viewer: Actor<keyof GatedUser>,
  thread: Thread,
  input: { body: string; traderId?: string | undefined },
  now: Date,
): Promise<Message> {
  if (!canWriteMessages(viewer)) throw new AppError('FORBIDDEN');
  const scope = await threadScope(deps.db, viewer, thread, input.traderId);
  if (!scope.traderId)
    throw new AppError('MESSAGE_THREAD_NEEDS_SUPPLIER', undefined, {
      traderId: 'Choose the supplier to write to',
    });
  const [row] = await deps.db
    .insert(marketMessages)
    .values({
      ...(thread.kind === 'order' ? { orderId: thread.id } : { rfqId: thread.id }),
      traderId: scope.traderId,
      senderId: viewer.id,
      body: input.body,
      createdAt: now,
    })
    .returning();
  const [me] = await deps.db.select(nameColumns(users)).from(users).where(eq(users.id, viewer.id));
  return {
    id: row!.id,
    senderId: viewer.id,
    senderName: companyName(me!),
    traderId: row!.traderId,
    body: row!.body,
    createdAt: row!.createdAt.toISOString(),
  };
}
