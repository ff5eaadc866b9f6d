// The investor's portfolio and statements (issue 11, docs/money.md): read from the investments, the
// campaigns, their releases and settlements, the milestones and the ledger, so the totals reconcile to
// the ledger by construction.
import type { Actor } from '../../../domain/policies.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { reflectionEndsAt, revokeRefusal } from '../../../domain/diligence.ts';
import { projectedProfit, toFixed, dec } from '../../../domain/money.ts';
import { type Portfolio, type PortfolioInvestment } from '../../../domain/portfolio.ts';
import { buildStatement, type Movement, type Statement } from '../../../domain/statements.ts';
import { queryRows, type Db } from '../../db/connect.ts';
import {
  campaignMilestones,
  campaigns,
  escrowRecords,
  investmentRevocations,
  investments,
  payments,
  users,
} from '../../db/schema/index.ts';
import { accounts } from '../money/index.ts';
import { releaseViewsOf, settlementViewsOf } from '../money/index.ts';
import { AppError } from '../../errors.ts';
import { INVESTMENT_STATUS_GROUPS } from '../../../domain/investments.ts';
import { sqlNotIn } from '../../db/vocabulary.ts';

function assertOwnOrAdmin(viewer: Actor, investorId: string) {
  if (viewer.id !== investorId && viewer.role !== 'admin') throw new AppError('INVESTOR_MISMATCH');
}

/** `GET /api/portfolio`: every investment (attempts never paid left out) with its campaign and cargo. */
export async function getPortfolio(db: Db, viewer: Actor, investorId: string, now: Date): Promise<Portfolio> {
  assertOwnOrAdmin(viewer, investorId);
  const rows = await db
    .select({
      i: investments,
      c: campaigns,
      escrowStatus: escrowRecords.status,
      escrowId: escrowRecords.id,
      released: escrowRecords.releasedAmount,
      source: payments.source,
      revokedAt: investmentRevocations.revokedAt,
      investorAccredited: users.isAccredited,
      investorAccreditedUntil: users.accreditedUntil,
    })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.investorId))
    .leftJoin(investmentRevocations, eq(investmentRevocations.investmentId, investments.id))
    .innerJoin(campaigns, eq(campaigns.id, investments.campaignId))
    .innerJoin(payments, eq(payments.id, investments.paymentId))
    .leftJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
    .where(
      and(
        eq(investments.investorId, investorId),
        sqlNotIn(investments.status, INVESTMENT_STATUS_GROUPS.unpaid),
      ),
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
  const campaignRows = [...new Map(rows.map((r) => [r.c.id, r.c])).values()];
  const [releases, settlementsOf] = await Promise.all([
    releaseViewsOf(
      db,
      campaignRows.map((c) => c.id),
    ),
    settlementViewsOf(db, campaignRows, false),
  ]);
  return {
    campaigns: campaignRows.map((c) => ({
      id: c.id,
      raisedAmount: c.raisedAmount,
      releases: releases.get(c.id) ?? [],
      settlement: settlementsOf.get(c.id) ?? null,
    })),
    investments: rows.map((row): PortfolioInvestment => {
      const { i, c, escrowStatus, escrowId, released, source } = row;
      const settled = i.status === 'paid_out' || i.status === 'refunded';
      // Revocable now (the reflection period, domain/diligence.ts): until when, for the Revoke button.
      const revocable =
        revokeRefusal(
          { ...i, escrowStatus: dec(released ?? '0').gt(0) ? 'released' : escrowStatus },
          { isAccredited: row.investorAccredited, accreditedUntil: row.investorAccreditedUntil },
          now,
        ) === null;
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
        releasedToTrade: released ?? '0.00',
        source: source === 'balance' ? 'balance' : 'card',
        expectedProfit: toFixed(projectedProfit(i.amount, c.buyPrice, c.sellPrice)),
        profitShare: i.status === 'paid_out' ? i.profitShare : null,
        payout: i.status === 'paid_out' ? toFixed(dec(i.amount).plus(dec(i.profitShare))) : null,
        confirmedAt: i.confirmedAt?.toISOString() ?? null,
        settledAt: settled ? i.updatedAt.toISOString() : null,
        revocableUntil: revocable ? reflectionEndsAt(i.confirmedAt!).toISOString() : null,
        revokedAt: row.revokedAt?.toISOString() ?? null,
        milestones: milestones
          .filter((m) => m.campaignId === c.id)
          .map((m) => ({ kind: m.kind, at: m.at.toISOString(), note: m.note, documentRef: m.documentRef })),
      };
    }),
  };
}

/**
 * Every ledger movement of the investor's money, oldest first, signed from their side (domain/
 * portfolio.ts Movement): their investments and refunds, the distributions to their cash account, their
 * withdrawals and the bank's returns, and the card payouts of campaigns completed before settlements.
 */
export async function investorMovements(db: Db, investorId: string): Promise<Movement[]> {
  const account = accounts.investor(investorId);
  const rows = await queryRows<{
    id: string;
    kind: string;
    at: Date | string;
    campaign_title: string | null;
    external: string;
    cash: string;
    invested: string;
    profit: string;
    fee: string;
  }>(
    db,
    sql`with mine as (
        select id, campaign_id, amount, status, profit_share, fee_share from ${investments}
        where investor_id = ${investorId}),
      moves as (
        select t.id from ledger_transactions t
        where t.investment_id in (select id from mine) and t.kind in ('investment', 'refund', 'payout')
        union
        select e.transaction_id from ledger_entries e where e.account = ${account})
      select t.id, t.kind, t.created_at as at, c.title as campaign_title,
        -coalesce(sum(e.amount) filter (where e.account like 'clearing:%'), 0) as external,
        coalesce(sum(e.amount) filter (where e.account = ${account}), 0) as cash,
        case t.kind
          when 'investment' then (select amount from mine where id = t.investment_id)
          when 'refund' then -(select amount from mine where id = t.investment_id)
          when 'payout' then -(select amount from mine where id = t.investment_id)
          when 'distribution' then -(select coalesce(sum(amount), 0) from mine
            where campaign_id = t.campaign_id and status = 'paid_out')
          else 0 end as invested,
        case t.kind
          when 'distribution' then (select coalesce(sum(profit_share), 0) from mine
            where campaign_id = t.campaign_id and status = 'paid_out')
          when 'payout' then (select profit_share from mine where id = t.investment_id)
          else 0 end as profit,
        case t.kind
          when 'distribution' then (select coalesce(sum(fee_share), 0) from mine
            where campaign_id = t.campaign_id and status = 'paid_out')
          when 'payout' then coalesce(sum(e.amount) filter (where e.account = 'platform:fees'), 0)
          else 0 end as fee
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      left join ${campaigns} c on c.id = t.campaign_id
      where t.id in (select id from moves)
      group by t.id, t.kind, t.created_at, t.campaign_id, t.investment_id, c.title
      order by t.created_at, t.id`,
  );
  const kinds: Record<string, Movement['kind']> = {
    investment: 'investment',
    refund: 'refund',
    distribution: 'distribution',
    bank_payout: 'withdrawal',
    payout_return: 'withdrawal_returned',
    payout: 'card_payout',
  };
  return rows
    .filter((r) => kinds[r.kind])
    .map((r) => ({
      id: r.id,
      kind: kinds[r.kind]!,
      at: new Date(r.at).toISOString(),
      campaignTitle: r.campaign_title,
      external: toFixed(r.external),
      invested: toFixed(r.invested),
      cash: toFixed(r.cash),
      profit: toFixed(r.profit),
      fee: toFixed(r.fee),
    }));
}

/** `GET /api/statements?year=`: the investor's tax year by month, with the annual summary. */
export async function getStatement(
  db: Db,
  viewer: Actor,
  investorId: string,
  year: number,
): Promise<Statement> {
  assertOwnOrAdmin(viewer, investorId);
  return buildStatement(await investorMovements(db, investorId), year);
}
