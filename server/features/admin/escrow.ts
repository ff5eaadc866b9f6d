// Escrow monitoring and disputes (spec §2, §4 escrow status; DESIGN.md §3): every escrow record with
// filters and totals, an investor's dispute of a record still Held, and the admin's resolution.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  PAGE_SIZE,
  type EscrowList,
  type EscrowRow,
  type Resolution,
} from '../../../domain/admin.ts';
import { ESCROW_STATUSES, type EscrowStatus } from '../../../domain/investments.ts';
import { displayName } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, escrowRecords, investments, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import { refundInvestment, releaseInvestment } from '../lifecycle/money-out.ts';
import { recordAudit, type Actor } from './audit.ts';

const rowColumns = {
  id: escrowRecords.id,
  campaignId: escrowRecords.campaignId,
  campaignTitle: campaigns.title,
  investmentId: escrowRecords.investmentId,
  investorId: investments.investorId,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  amount: escrowRecords.amount,
  status: escrowRecords.status,
  disputeReason: escrowRecords.disputeReason,
  createdAt: escrowRecords.createdAt,
};

export function escrowQuery(db: Db) {
  return db
    .select(rowColumns)
    .from(escrowRecords)
    .innerJoin(campaigns, eq(campaigns.id, escrowRecords.campaignId))
    .innerJoin(investments, eq(investments.id, escrowRecords.investmentId))
    .innerJoin(users, eq(users.id, investments.investorId));
}

export function toEscrowRow(r: Awaited<ReturnType<typeof escrowQuery>>[number]): EscrowRow {
  const { firstName, lastName, username, ...rest } = r;
  return {
    ...rest,
    investorName: [firstName, lastName].filter(Boolean).join(' ') || displayName({ firstName, username }),
    createdAt: r.createdAt.toISOString(),
  };
}

/** GET /api/admin/escrow?status=&campaignId=&page=: newest first, with the sums per status. */
export async function listEscrow(
  db: Db,
  query: { status?: EscrowStatus | undefined; campaignId?: string | undefined; page: number },
): Promise<EscrowList> {
  const campaignFilter = query.campaignId ? eq(escrowRecords.campaignId, query.campaignId) : undefined;
  const where: SQL | undefined = and(
    query.status ? eq(escrowRecords.status, query.status) : undefined,
    campaignFilter,
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
      .where(where)
      .groupBy(escrowRecords.status),
  ]);
  const totals = Object.fromEntries(ESCROW_STATUSES.map((s) => [s, '0.00'])) as EscrowList['totals'];
  for (const g of groups) totals[g.status] = g.total;
  const count = groups.reduce((n, g) => n + g.n, 0);
  return { records: rows.map(toEscrowRow), total: count, page: query.page, pageSize: PAGE_SIZE, totals };
}

/**
 * POST /api/escrow/:id/dispute: the investor whose money it is, while it is Held. Anyone else learns
 * nothing (404). The record stays Disputed until an admin releases or refunds it.
 */
export async function disputeEscrow(db: Db, investor: { id: string }, id: string, reason: string, now: Date) {
  return inTransaction(db, async (tx) => {
    const [record] = await tx
      .select({
        status: escrowRecords.status,
        investorId: investments.investorId,
        investmentStatus: investments.status,
      })
      .from(escrowRecords)
      .innerJoin(investments, eq(investments.id, escrowRecords.investmentId))
      .where(eq(escrowRecords.id, id))
      .for('update', { of: escrowRecords });
    if (!record || record.investorId !== investor.id)
      throw new AppError('NOT_FOUND', ADMIN_MESSAGES.escrowNotFound);
    // A record whose refund is under way (the campaign was cancelled) stays Held until the provider has
    // refunded; it is not open to a dispute (nor could an admin resolve one: resolution needs `confirmed`).
    if (record.status !== 'held' || record.investmentStatus !== 'confirmed')
      throw new AppError('CONFLICT', ADMIN_MESSAGES.notHeld);
    await tx
      .update(escrowRecords)
      .set({ status: 'disputed', disputeReason: reason, disputedAt: now, updatedAt: now })
      .where(eq(escrowRecords.id, id));
    const [row] = await escrowQuery(tx).where(eq(escrowRecords.id, id));
    return toEscrowRow(row!);
  });
}

/**
 * POST /api/admin/escrow/:id/resolve: a Disputed record is released to the campaign's trader or
 * refunded to the investor (back through the payment provider), through the one implementation of
 * each movement (lifecycle/money-out.ts) and the ledger, with the audit entry in the same transaction.
 * The campaign row is locked first, as on every path that moves a campaign's money.
 */
export async function resolveDispute(
  db: Db,
  provider: PaymentProvider,
  admin: Actor,
  id: string,
  resolution: Resolution,
  now: Date,
): Promise<EscrowRow> {
  await inTransaction(db, async (tx) => {
    const [found] = await tx
      .select({ campaignId: escrowRecords.campaignId })
      .from(escrowRecords)
      .where(eq(escrowRecords.id, id));
    if (!found) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.escrowNotFound);
    await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.id, found.campaignId))
      .for('update');
    const [record] = await tx
      .select({
        status: escrowRecords.status,
        investmentId: escrowRecords.investmentId,
        investmentStatus: investments.status,
      })
      .from(escrowRecords)
      .innerJoin(investments, eq(investments.id, escrowRecords.investmentId))
      .where(eq(escrowRecords.id, id))
      .for('update', { of: escrowRecords });
    // A refund decided a moment ago leaves the record Disputed until the provider has refunded (after
    // COMMIT); its investment is already `refunding`: resolved, not open to a second decision.
    if (record!.status !== 'disputed' || record!.investmentStatus !== 'confirmed')
      throw new AppError('CONFLICT', ADMIN_MESSAGES.notDisputed);
    const moved =
      resolution.outcome === 'refund'
        ? await refundInvestment(tx, provider, record!.investmentId, {
            now,
            reason: 'dispute resolved for the investor',
          })
        : await releaseInvestment(tx, record!.investmentId, { now });
    if (!moved) throw new AppError('CONFLICT', ADMIN_MESSAGES.notDisputed);
    await recordAudit(
      tx,
      admin,
      {
        action: 'escrow.resolve',
        targetType: 'escrow',
        targetId: id,
        reason: resolution.note ?? null,
        before: { status: 'disputed' },
        after: { status: resolution.outcome === 'refund' ? 'refunded' : 'released' },
      },
      now,
    );
  });
  const [row] = await escrowQuery(db).where(eq(escrowRecords.id, id));
  return toEscrowRow(row!);
}
