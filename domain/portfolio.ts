// The investor's portfolio and statements (issue 11, docs/money.md): the wire shapes, the "where is my
// money" steps (paid, in escrow, released to the trade on what evidence, settled, paid to the balance),
// the allocation, the statement by month with the money invested and the cash balance, and its CSV.
// Pure, so the server answers with it and the client renders and downloads the very same figures.
import { z } from 'zod';
import { CAMPAIGN_STATUSES, RISK_LEVELS } from './campaigns.ts';
import { ESCROW_STATUSES, INVESTMENT_STATUSES } from './investments.ts';
import { MILESTONE_KINDS, MILESTONE_LABELS } from './lifecycle.ts';
import { releaseSchema, settlementViewSchema, type Release } from './money-out.ts';
import { toCsv } from './csv.ts';
import { dec, toFixed, usdText, ZERO } from './money.ts';
import type { TimelineEntry } from './timeline.ts';

const money = z.string().regex(/^-?\d+(\.\d+)?$/);
const isoTime = z.string().datetime();

export const portfolioInvestmentSchema = z.object({
  id: z.string().uuid(),
  campaignId: z.string().uuid(),
  campaignTitle: z.string(),
  campaignStatus: z.enum(CAMPAIGN_STATUSES),
  tradeRoute: z.string(),
  riskLevel: z.enum(RISK_LEVELS),
  amount: money,
  shares: money,
  status: z.enum(INVESTMENT_STATUSES),
  escrowStatus: z.enum(ESCROW_STATUSES).nullable(),
  /** The escrow record holding the money (what a dispute names); null before it is held. */
  escrowId: z.string().uuid().nullable(),
  /** Spec §9: amount × (sell − buy) / buy. */
  expectedProfit: money,
  /** Once paid out: the share of the net profit, and what was paid (principal + profit share). */
  profitShare: money.nullable(),
  payout: money.nullable(),
  /** How much of this investment went to the trade so far (its part of the released tranches). */
  releasedToTrade: money,
  /** Paid from a card, or from the HydroBridge balance (a refund goes back to where it came from). */
  source: z.enum(['card', 'balance']),
  confirmedAt: isoTime.nullable(),
  settledAt: isoTime.nullable(),
  /** Until when its investor may revoke it (the reflection period); null when they may not now. */
  revocableUntil: isoTime.nullable(),
  /** When its investor revoked it (it is then refunded in full). */
  revokedAt: isoTime.nullable(),
  milestones: z.array(
    z.object({
      kind: z.enum(MILESTONE_KINDS),
      at: isoTime,
      note: z.string().nullable(),
      documentRef: z.string().nullable(),
    }),
  ),
});
export type PortfolioInvestment = z.infer<typeof portfolioInvestmentSchema>;

/** What a campaign of the portfolio did with the money: its tranches and evidence, its settlement. */
export const portfolioCampaignSchema = z.object({
  id: z.string().uuid(),
  raisedAmount: money,
  releases: z.array(releaseSchema),
  settlement: settlementViewSchema.nullable(),
});
export type PortfolioCampaign = z.infer<typeof portfolioCampaignSchema>;

export const portfolioSchema = z.object({
  investments: z.array(portfolioInvestmentSchema),
  campaigns: z.array(portfolioCampaignSchema),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

/** "26 Nov 2026": a due date in a step's note (the same in every time zone). */
const dayText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The investor's part of one released tranche: the investment's share of what the campaign raised. */
export function partOfRelease(
  investment: { amount: string },
  campaign: { raisedAmount: string },
  release: Release,
) {
  if (!release.amount || dec(campaign.raisedAmount).eq(0)) return '0.00';
  return toFixed(dec(release.amount).times(investment.amount).div(campaign.raisedAmount));
}

/**
 * Where the money of one investment is (Wefunder, Mintos): paid → in escrow → released to the trade
 * (each tranche with its evidence) → the trader's settlement → paid to the balance; or refunded. Each
 * step with its date once reached.
 */
export function moneySteps(i: PortfolioInvestment, campaign?: PortfolioCampaign): TimelineEntry[] {
  const paid = i.confirmedAt ?? undefined;
  const steps: TimelineEntry[] = [
    {
      label: i.source === 'balance' ? 'Paid from your balance' : 'Paid',
      ...(paid && { at: paid }),
      done: !!paid,
    },
    {
      label: 'In escrow',
      ...(paid && { at: paid }),
      done: !!paid,
      ...(i.escrowStatus === 'disputed' && { note: 'Disputed: an admin is reviewing it' }),
    },
  ];
  const back = i.source === 'balance' ? 'your balance' : 'your card';
  if (i.status === 'refunded' || i.status === 'refunding') {
    if (i.revokedAt) steps.push({ label: 'Revoked by you', at: i.revokedAt, done: true });
    steps.push({
      label: i.status === 'refunding' ? 'Refund in progress' : `Refunded to ${back}`,
      ...(i.settledAt && { at: i.settledAt }),
      done: i.status === 'refunded',
      note: `${usdText(i.amount)} back in full`,
    });
    return steps;
  }
  for (const r of campaign?.releases ?? []) {
    const evidence = r.document ? ` · evidence: ${r.document.fileName}` : '';
    const when = r.trigger === 'trading' ? 'when trading started' : `on ${MILESTONE_LABELS[r.trigger]}`;
    steps.push({
      label: `${toFixed(r.percent, 0)}% to the trade ${when}`,
      ...(r.releasedAt && { at: r.releasedAt }),
      done: r.status === 'released',
      note:
        r.status === 'released'
          ? `${usdText(partOfRelease(i, campaign!, r))} of yours went to the trader${evidence}`
          : r.status === 'awaiting_review'
            ? `Awaiting an admin's check of the evidence${evidence}`
            : 'Waits for its milestone',
    });
  }
  const settlement = campaign?.settlement;
  if (settlement && settlement.status !== 'rejected')
    steps.push({
      label: 'Settlement paid in by the trader',
      ...(settlement.paidAt && { at: settlement.paidAt }),
      done: settlement.status === 'paid',
      note:
        settlement.status === 'defaulted'
          ? `In default: due ${settlement.dueAt ? dayText(settlement.dueAt) : ''}, not paid`
          : settlement.status === 'pending_review'
            ? 'Declared by the trader; an admin is checking it'
            : settlement.status === 'approved'
              ? `Due from the trader by ${settlement.dueAt ? dayText(settlement.dueAt) : 'its due date'}`
              : undefined,
    });
  // A campaign completed before settlements existed paid its investors back to their cards.
  const toCard = i.status === 'paid_out' && campaign && !campaign.settlement;
  steps.push({
    label: toCard ? 'Paid to your card' : 'Paid to your balance',
    ...(i.status === 'paid_out' && i.settledAt && { at: i.settledAt }),
    done: i.status === 'paid_out',
    ...(i.payout && {
      note: `${usdText(i.payout)} ${toCard ? 'back on your card' : 'in your HydroBridge balance'}`,
    }),
  });
  return steps;
}

/** Amounts at work per label (route, risk), largest first: the allocation chart. */
export function allocation(
  investments: readonly PortfolioInvestment[],
  label: (i: PortfolioInvestment) => string,
): Array<{ label: string; amount: string }> {
  const totals = new Map<string, ReturnType<typeof dec>>();
  for (const i of investments) {
    if (i.status !== 'confirmed' && i.status !== 'refunding') continue;
    totals.set(label(i), (totals.get(label(i)) ?? ZERO).plus(dec(i.amount)));
  }
  return [...totals.entries()]
    .sort((a, b) => b[1].cmp(a[1]) || a[0].localeCompare(b[0]))
    .map(([l, amount]) => ({ label: l, amount: toFixed(amount) }));
}

/**
 * The portfolio page's totals (decimal strings): paid out (every payout), at work (confirmed or being
 * refunded, at cost, as the allocation counts it) and refunded (back in full).
 */
export function portfolioTotals(
  investments: readonly Pick<PortfolioInvestment, 'status' | 'amount' | 'payout'>[],
): { paidOut: string; atWork: string; refunded: string } {
  const sum = (list: readonly Pick<PortfolioInvestment, 'amount' | 'payout'>[], of: 'amount' | 'payout') =>
    toFixed(list.reduce((total, i) => total.plus(dec(i[of] ?? '0')), ZERO));
  return {
    paidOut: sum(
      investments.filter((i) => i.payout),
      'payout',
    ),
    atWork: sum(
      investments.filter((i) => i.status === 'confirmed' || i.status === 'refunding'),
      'amount',
    ),
    refunded: sum(
      investments.filter((i) => i.status === 'refunded'),
      'amount',
    ),
  };
}

/** An investment's share of its campaign's target (a fraction, "0.0125") as a percent with 2 decimals ("1.25"). */
export function sharePercent(shares: string): string {
  return toFixed(dec(shares).times(100), 2);
}

// ---- statements --------------------------------------------------------------------------------

export const MOVEMENT_KINDS = [
  'investment',
  'refund',
  'distribution',
  'withdrawal',
  'withdrawal_returned',
  'card_payout',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_LABELS: Record<MovementKind, string> = {
  investment: 'Investment into escrow',
  refund: 'Refund from escrow',
  distribution: 'Payout to your balance',
  withdrawal: 'Withdrawal to your bank',
  withdrawal_returned: 'Withdrawal returned by the bank',
  /** Campaigns completed before settlements (migration 0011) paid principal and profit to the card. */
  card_payout: 'Payout to your card',
};

/**
 * One ledger transaction of the investor's, as the server reads it. Every amount is signed from the
 * investor's side: `external` is money that came from them (+, a card payment) or went out to them
 * (−, a card refund, a withdrawal); `invested` the change of their money in escrow or at work; `cash`
 * the change of their HydroBridge balance.
 */
export const movementSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(MOVEMENT_KINDS),
  at: isoTime,
  campaignTitle: z.string().nullable(),
  external: money,
  invested: money,
  cash: money,
  /** A payout's profit share (net, negative on a loss) and the investor's part of the fee. */
  profit: money,
  fee: money,
});
export type Movement = z.infer<typeof movementSchema>;
export interface StatementRow {
  id: string;
  date: string;
  type: string;
  campaign: string;
  /** Paid by the investor into the platform (a card payment). */
  paidIn: string;
  /** Paid back out to the investor (a card refund, a withdrawal to the bank). */
  paidOut: string;
  profit: string;
  fee: string;
  /** Money in escrow or at work after this movement. */
  balance: string;
  /** The HydroBridge balance after this movement. */
  cash: string;
}

export interface StatementPeriod {
  /** "2026-11" for a month, "2026" for the year. */
  period: string;
  opening: string;
  closing: string;
  openingCash: string;
  closingCash: string;
  rows: StatementRow[];
}

export interface Statement {
  year: number;
  /** Years with movements, newest first (the year picker). */
  years: number[];
  opening: string;
  closing: string;
  openingCash: string;
  closingCash: string;
  months: StatementPeriod[];
  summary: { invested: string; returned: string; profit: string; fees: string };
}

/**
 * The tax year `year` (calendar year, UTC) of an investor's movements: by month, each with its opening
 * and closing money invested and cash balance, and the annual summary (invested, returned, profit, fees).
 */
export function buildStatement(movements: readonly Movement[], year: number): Statement {
  const sorted = [...movements].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  const years = [...new Set(sorted.map((m) => new Date(m.at).getUTCFullYear()))].sort((a, b) => b - a);
  let invested = ZERO;
  let cash = ZERO;
  const months = new Map<string, StatementPeriod>();
  let opening: { invested: string; cash: string } | undefined;
  const summary = { invested: ZERO, returned: ZERO, profit: ZERO, fees: ZERO };
  for (const m of sorted) {
    const at = new Date(m.at);
    if (at.getUTCFullYear() < year) {
      invested = invested.plus(m.invested);
      cash = cash.plus(m.cash);
      continue;
    }
    if (at.getUTCFullYear() > year) break;
    opening ??= { invested: toFixed(invested), cash: toFixed(cash) };
    const key = m.at.slice(0, 7);
    const month = months.get(key) ?? {
      period: key,
      opening: toFixed(invested),
      closing: '',
      openingCash: toFixed(cash),
      closingCash: '',
      rows: [],
    };
    months.set(key, month);
    invested = invested.plus(m.invested);
    cash = cash.plus(m.cash);
    const external = dec(m.external);
    month.rows.push({
      id: m.id,
      date: m.at,
      type: MOVEMENT_LABELS[m.kind],
      campaign: m.campaignTitle ?? '',
      paidIn: toFixed(external.gt(0) ? external : ZERO),
      paidOut: toFixed(external.lt(0) ? external.abs() : ZERO),
      profit: toFixed(m.profit),
      fee: toFixed(m.fee),
      balance: toFixed(invested),
      cash: toFixed(cash),
    });
    month.closing = toFixed(invested);
    month.closingCash = toFixed(cash);
    if (m.kind === 'investment') summary.invested = summary.invested.plus(m.invested);
    if (external.lt(0)) summary.returned = summary.returned.plus(external.abs());
    summary.profit = summary.profit.plus(m.profit);
    summary.fees = summary.fees.plus(m.fee);
  }
  return {
    year,
    years: years.length ? years : [year],
    opening: opening?.invested ?? toFixed(invested),
    closing: toFixed(invested),
    openingCash: opening?.cash ?? toFixed(cash),
    closingCash: toFixed(cash),
    months: [...months.values()],
    summary: {
      invested: toFixed(summary.invested),
      returned: toFixed(summary.returned),
      profit: toFixed(summary.profit),
      fees: toFixed(summary.fees),
    },
  };
}

// ---- CSV ---------------------------------------------------------------------------------------

/** The statement as CSV: one line per movement with the balances after it. */
export function statementCsv(statement: Statement): string {
  return toCsv(
    ['Date', 'Type', 'Campaign', 'Paid in', 'Paid out', 'Profit', 'Fee', 'Invested', 'Cash balance'],
    statement.months.flatMap((m) =>
      m.rows.map((r) => [
        r.date.slice(0, 10),
        r.type,
        r.campaign,
        r.paidIn,
        r.paidOut,
        r.profit,
        r.fee,
        r.balance,
        r.cash,
      ]),
    ),
  );
}

// ---- the statements call -----------------------------------------------------------------------

const periodSchema = z.object({
  period: z.string(),
  opening: money,
  closing: money,
  openingCash: money,
  closingCash: money,
  rows: z.array(
    z.object({
      id: z.string().uuid(),
      date: isoTime,
      type: z.string(),
      campaign: z.string(),
      paidIn: money,
      paidOut: money,
      profit: money,
      fee: money,
      balance: money,
      cash: money,
    }),
  ),
});

export const statementSchema = z.object({
  year: z.number().int(),
  years: z.array(z.number().int()),
  opening: money,
  closing: money,
  openingCash: money,
  closingCash: money,
  months: z.array(periodSchema),
  summary: z.object({ invested: money, returned: money, profit: money, fees: money }),
});

/** `GET /api/statements?year=2026`: the year defaults to the current one. */
export const statementQuerySchema = z.strictObject({
  year: z.coerce
    .number({ error: 'year must be a year, e.g. 2026' })
    .int('year must be a year, e.g. 2026')
    .min(2000, 'year must be 2000 or later')
    .max(2100, 'year must be 2100 or earlier')
    .optional(),
});

/** The investor's own portfolio and statements; an admin may read anyone's (?investorId=). */
export const investorQuerySchema = z.strictObject({
  investorId: z.string().uuid('investorId must be an id').optional(),
});
/** `GET /api/statements`: the year and, for an admin, the investor. */
export const statementListQuerySchema = statementQuerySchema.extend(investorQuerySchema.shape);
