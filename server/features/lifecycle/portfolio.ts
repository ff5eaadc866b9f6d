// The investor's portfolio and statements (issue 11): one query each, read from the investments, the
// campaigns, the milestones and the ledger, so the totals reconcile to the ledger by construction.
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { projectedProfit, toFixed, dec } from '../../../domain/money.ts';
import {
  buildStatement,
  type Movement,
  type Portfolio,
  type PortfolioInvestment,
  type Statement,
} from '../../../domain/portfolio.ts';
import type { Role } from '../../../domain/users.ts';
import { queryRows, type Db } from '../../db/connect.ts';
import { campaignMilestones, campaigns, escrowRecords, investments } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

type Viewer = { id: string; role: Role };

function assertOwnOrAdmin(viewer: Viewer, investorId: string) {
  if (viewer.id !== investorId && viewer.role !== 'admin') throw new AppError('INVESTOR_MISMATCH');
}

/** `GET /api/portfolio`: every investment (attempts never paid left out) with its campaign and cargo. */
export async function getPortfolio(db: Db, viewer: Viewer, investorId: string): Promise<Portfolio> {
  assertOwnOrAdmin(viewer, investorId);
  const rows = await db
    .select({ i: investments, c: campaigns, escrowStatus: escrowRecords.status, escrowId: escrowRecords.id })
    .from(investments)
    .innerJoin(campaigns, eq(campaigns.id, investments.campaignId))
    .leftJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
    .where(
      and(eq(investments.investorId, investorId), notInArray(investments.status, ['pending', 'expired'])),
    )
    .orderBy(sql`${investments.createdAt} desc`, sql`${investments.id} desc`);
  const campaignIds = [...new Set(rows.map((r) => r.c.id))];
  const milestones = campaignIds.length
    ? await db
        .select()
        .from(campaignMilestones)
        .where(inArray(campaignMilestones.campaignId, campaignIds))
        .orderBy(asc(campaignMilestones.at))
    : [];
  return {
    investments: rows.map(({ i, c, escrowStatus, escrowId }): PortfolioInvestment => {
      const settled = i.status === 'paid_out' || i.status === 'refunded';
      return {
        id: i.id,
        campaignId: c.id,
        campaignTitle: c.title,
        campaignStatus: c.status,
        tradeRoute: c.tradeRoute,
        riskLevel: c.riskLevel,
        amount: i.amount,
        shares: i.shares,
        status: i.status,
        escrowStatus,
        escrowId,
        expectedProfit: toFixed(projectedProfit(i.amount, c.buyPrice, c.sellPrice)),
        profitShare: i.status === 'paid_out' ? i.profitShare : null,
        payout: i.status === 'paid_out' ? toFixed(dec(i.amount).plus(dec(i.profitShare))) : null,
        confirmedAt: i.confirmedAt?.toISOString() ?? null,
        settledAt: settled ? i.updatedAt.toISOString() : null,
        milestones: milestones
          .filter((m) => m.campaignId === c.id)
          .map((m) => ({ kind: m.kind, at: m.at.toISOString(), note: m.note, documentRef: m.documentRef })),
      };
    }),
  };
}

/** Every ledger movement of the investor's money, oldest first: what went in and what came back. */
export async function investorMovements(db: Db, investorId: string): Promise<Movement[]> {
  const rows = await queryRows<{
    id: string;
    kind: Movement['kind'];
    at: Date | string;
    campaign_title: string;
    principal: string;
    cash: string;
    fee: string;
  }>(
    db,
    sql`select t.id, t.kind, t.created_at as at, c.title as campaign_title, i.amount as principal,
        abs(coalesce(sum(e.amount) filter (where e.account like 'clearing:%'), 0)) as cash,
        coalesce(sum(e.amount) filter (where e.account = 'platform:fees'), 0) as fee
      from ${investments} i
      join ${campaigns} c on c.id = i.campaign_id
      join ledger_transactions t on t.investment_id = i.id
        and t.kind in ('investment', 'refund', 'payout', 'payment_received', 'payment_refund')
      join ledger_entries e on e.transaction_id = t.id
      where i.investor_id = ${investorId}
      group by t.id, t.kind, t.created_at, c.title, i.amount
      order by t.created_at, t.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    at: new Date(r.at).toISOString(),
    campaignTitle: r.campaign_title,
    principal: toFixed(r.principal),
    cash: toFixed(r.cash),
    fee: toFixed(r.fee),
  }));
}

/** `GET /api/statements?year=`: the investor's tax year by month, with the annual summary. */
export async function getStatement(
  db: Db,
  viewer: Viewer,
  investorId: string,
  year: number,
): Promise<Statement> {
  assertOwnOrAdmin(viewer, investorId);
  return buildStatement(await investorMovements(db, investorId), year);
}
