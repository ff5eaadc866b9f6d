// Escrow monitoring and disputes (spec §2, §4 escrow status; DESIGN.md §3; docs/money.md): one escrow
// model for investments and buyer orders — every record with filters and totals, the payer's dispute of
// a record still Held, and the admin's resolution through the money module.
//
// A dispute makes sense while the money is still wholly in escrow: an investment before any of its
// campaign went to the trade, an order paid and not yet confirmed as received. The admin refunds it
// (the one refund path; an order not delivered yet is cancelled) or releases it: a delivered order's
// escrow to its supplier; an order not delivered yet, or an investment, back to Held — to be released
// on receipt, or to go to the trade with its campaign (back to its investor if it is cancelled).
import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_MESSAGES,
  PAGE_SIZE,
  type EscrowList,
  type EscrowRow,
  type Resolution,
} from '../../../domain/admin.ts';
import { ESCROW_STATUSES, type EscrowStatus } from '../../../domain/investments.ts';
import { dec } from '../../../domain/money.ts';
import { displayName } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { containsPattern } from '../../db/like.ts';
import { campaigns, escrowRecords, investments, orders, users } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { Money } from '../money/index.ts';
import { startRefunds } from '../money/index.ts';
import { startInvestmentRefunds } from '../campaigns/index.ts';
import { releaseOrderEscrow } from '../marketplace/index.ts';
import { lockOrderOf, releaseOrderHold } from '../marketplace/index.ts';
import { recordAudit, type Auditor } from '../../audit.ts';

const payer = alias(users, 'payer');

const rowColumns = {
  id: escrowRecords.id,
  campaignId: escrowRecords.campaignId,
  campaignTitle: campaigns.title,
  investmentId: escrowRecords.investmentId,
  orderId: escrowRecords.orderId,
  orderQuantity: orders.quantity,
  orderUnit: orders.unit,
  orderLocation: orders.location,
  payerId: payer.id,
  firstName: payer.firstName,
  lastName: payer.lastName,
  username: payer.username,
  companyName: payer.companyName,
  amount: escrowRecords.amount,
  releasedAmount: escrowRecords.releasedAmount,
  status: escrowRecords.status,
  disputeReason: escrowRecords.disputeReason,
  createdAt: escrowRecords.createdAt,
};

export function escrowQuery(db: Db) {
  return db
    .select(rowColumns)
    .from(escrowRecords)
    .leftJoin(campaigns, eq(campaigns.id, escrowRecords.campaignId))
    .leftJoin(investments, eq(investments.id, escrowRecords.investmentId))
    .leftJoin(orders, eq(orders.id, escrowRecords.orderId))
    .innerJoin(payer, sql`${payer.id} = coalesce(${investments.investorId}, ${orders.buyerId})`);
}

export function toEscrowRow(r: Awaited<ReturnType<typeof escrowQuery>>[number]): EscrowRow {
  const person = [r.firstName, r.lastName].filter(Boolean).join(' ');
  const unit = r.orderUnit === 'tonnes' ? 't' : 'kg';
  return {
    id: r.id,
    kind: r.orderId ? 'order' : 'investment',
    subjectTitle: r.orderId
      ? `Order of ${dec(r.orderQuantity).toFixed()} ${unit} from ${r.orderLocation}`
      : (r.campaignTitle ?? ''),
    campaignId: r.campaignId,
    investmentId: r.investmentId,
    orderId: r.orderId,
    payerId: r.payerId,
    payerName: r.orderId
      ? (r.companyName ?? (person || displayName(r)))
      : person || displayName({ firstName: r.firstName, username: r.username }),
    amount: r.amount,
    releasedAmount: r.releasedAmount,
    status: r.status,
    disputeReason: r.disputeReason,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * GET /api/admin/escrow?status=&campaignId=&campaign=&page=: newest first, with the sums per status.
 * `campaign` is part of a campaign's title (any case): an admin finds a campaign by what it is called.
 */
export async function listEscrow(
  db: Db,
  query: {
    status?: EscrowStatus | undefined;
    campaignId?: string | undefined;
    campaign?: string | undefined;
    page: number;
  },
): Promise<EscrowList> {
  const campaignFilter = query.campaignId ? eq(escrowRecords.campaignId, query.campaignId) : undefined;
  const where: SQL | undefined = and(
    query.status ? eq(escrowRecords.status, query.status) : undefined,
    campaignFilter,
    query.campaign ? ilike(campaigns.title, containsPattern(query.campaign)) : undefined,
  );
  // The count and the per-status sums in one pass over the matching records (the list's total is the
  // sum of the groups' counts).
  const [rows, groups] = await Promise.all([
    escrowQuery(db)
      .where(where)
      .orderBy(desc(escrowRecords.createdAt), desc(escrowRecords.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db
      .select({
        status: escrowRecords.status,
        n: sql<number>`count(*)::int`,
        total: sql<string>`sum(${escrowRecords.amount})::text`,
      })
      .from(escrowRecords)
      .leftJoin(campaigns, eq(campaigns.id, escrowRecords.campaignId))
      .where(where)
      .groupBy(escrowRecords.status),
  ]);
  const totals = Object.fromEntries(ESCROW_STATUSES.map((s) => [s, '0.00'])) as EscrowList['totals'];
  for (const g of groups) totals[g.status] = g.total;
  const count = groups.reduce((n, g) => n + g.n, 0);
  return { records: rows.map(toEscrowRow), total: count, page: query.page, pageSize: PAGE_SIZE, totals };
}

async function recordRow(db: Db | Tx, id: string): Promise<EscrowRow> {
  const [row] = await escrowQuery(db).where(eq(escrowRecords.id, id));
  return toEscrowRow(row!);
}

/**
 * POST /api/escrow/:id/dispute: the investor whose money it is, while it is Held and none of it has
 * gone to the trade. Anyone else learns nothing (404). The record stays Disputed until an admin decides.
 */
export async function disputeEscrow(db: Db, investor: { id: string }, id: string, reason: string, now: Date) {
  return inTransaction(db, async (tx) => {
    const [record] = await tx
      .select({
        status: escrowRecords.status,
        released: escrowRecords.releasedAmount,
        investorId: investments.investorId,
        investmentStatus: investments.status,
      })
      .from(escrowRecords)
      .innerJoin(investments, eq(investments.id, escrowRecords.investmentId))
      .where(eq(escrowRecords.id, id))
      .for('update', { of: escrowRecords });
    if (!record || record.investorId !== investor.id)
      throw new AppError('NOT_FOUND', ADMIN_MESSAGES.escrowNotFound);
    // A record whose refund is under way, or whose money went to the trade, is not open to a dispute.
    if (record.status !== 'held' || record.investmentStatus !== 'confirmed' || !dec(record.released).eq(0))
      throw new AppError('CONFLICT', ADMIN_MESSAGES.notHeld);
    await markDisputed(tx, id, reason, now);
    return recordRow(tx, id);
  });
}

/**
 * POST /api/orders/:id/dispute: the buyer of an order paid into escrow and not yet confirmed as
 * received (delivered or not): the escrow is Disputed, and neither receipt nor the automatic release
 * can move it until an admin decides.
 */
export async function disputeOrder(
  db: Db,
  buyer: { id: string },
  orderId: string,
  reason: string,
  now: Date,
): Promise<EscrowRow> {
  return inTransaction(db, async (tx) => {
    const locked = await lockOrderOf(tx, { orderId });
    if (!locked || locked.order.buyerId !== buyer.id) throw new AppError('ORDER_NOT_FOUND');
    const [record] = await tx
      .select({ id: escrowRecords.id, status: escrowRecords.status })
      .from(escrowRecords)
      .where(eq(escrowRecords.orderId, orderId))
      .for('update');
    if (!record || record.status !== 'held' || locked.order.payment !== 'held' || locked.order.receivedAt)
      throw new AppError('ORDER_NOT_DISPUTABLE');
    await markDisputed(tx, record.id, reason, now);
    return recordRow(tx, record.id);
  });
}

async function markDisputed(tx: Tx, id: string, reason: string, now: Date) {
  await tx
    .update(escrowRecords)
    .set({ status: 'disputed', disputeReason: reason, disputedAt: now, updatedAt: now })
    .where(eq(escrowRecords.id, id));
}

/**
 * POST /api/admin/escrow/:id/resolve: a Disputed record refunded to its payer or released (see the top
 * of this file), through the money module, with the audit entry in the same transaction. What the
 * money belongs to (the campaign, the listing and order) is locked first, as on every money path.
 */
export async function resolveDispute(
  money: Money,
  admin: Auditor,
  id: string,
  resolution: Resolution,
  now: Date,
): Promise<EscrowRow> {
  await inTransaction(money.db, async (tx) => {
    const [found] = await tx
      .select({ campaignId: escrowRecords.campaignId, orderId: escrowRecords.orderId })
      .from(escrowRecords)
      .where(eq(escrowRecords.id, id));
    if (!found) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.escrowNotFound);
    const order = found.orderId ? (await lockOrderOf(tx, { orderId: found.orderId }))?.order : undefined;
    if (found.campaignId)
      await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.id, found.campaignId))
        .for('update');
    const [record] = await tx
      .select({ status: escrowRecords.status, investment: investments })
      .from(escrowRecords)
      .leftJoin(investments, eq(investments.id, escrowRecords.investmentId))
      .where(eq(escrowRecords.id, id))
      .for('update', { of: escrowRecords });
    if (record!.status !== 'disputed') throw new AppError('CONFLICT', ADMIN_MESSAGES.notDisputed);
    const refund = resolution.outcome === 'refund';
    if (order) {
      if (refund) {
        // Not delivered yet: the order ends cancelled and its quantity goes back to the listing, so
        // the supplier does not go on shipping goods nobody pays for.
        const cancel = order.status !== 'delivered';
        await tx
          .update(orders)
          .set({
            payment: 'refunding',
            updatedAt: now,
            ...(cancel && {
              status: 'cancelled' as const,
              cancelledAt: now,
              cancelReason: resolution.note ?? 'A dispute was resolved for the buyer',
            }),
          })
          .where(eq(orders.id, order.id));
        if (cancel) await releaseOrderHold(tx, order, { counted: true }, now);
        await tx
          .update(escrowRecords)
          .set({ status: 'held', updatedAt: now })
          .where(eq(escrowRecords.id, id));
        await startRefunds(tx, money, [{ id: order.paymentId }], now);
      } else if (order.status === 'delivered') await releaseOrderEscrow(tx, money, order, now);
      // Not delivered yet: the dispute is dismissed; Held again, released on receipt as any order.
      else
        await tx
          .update(escrowRecords)
          .set({ status: 'held', updatedAt: now })
          .where(eq(escrowRecords.id, id));
    } else {
      const investment = record!.investment!;
      await tx.update(escrowRecords).set({ status: 'held', updatedAt: now }).where(eq(escrowRecords.id, id));
      if (refund) await startInvestmentRefunds(tx, money, [investment], now);
    }
    await recordAudit(
      tx,
      admin,
      {
        action: 'escrow.resolve',
        targetType: 'escrow',
        targetId: id,
        reason: resolution.note ?? null,
        before: { status: 'disputed' },
        after: { status: refund ? 'refunded' : order?.status === 'delivered' ? 'released' : 'held' },
      },
      now,
    );
  });
  return recordRow(money.db, id);
}
