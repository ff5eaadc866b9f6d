// The investor's portfolio and statements (issue 11): the wire shapes, the "where is my money" steps,
// the allocation, the statement by month with opening and closing balances, and its CSV. Pure, so the
// server answers with it and the client renders and downloads the very same figures.
import { z } from 'zod';
import { CAMPAIGN_STATUSES, RISK_LEVELS } from './campaigns.ts';
import { ESCROW_STATUSES, INVESTMENT_STATUSES } from './investments.ts';
import { MILESTONE_KINDS } from './lifecycle.ts';
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
  confirmedAt: isoTime.nullable(),
  settledAt: isoTime.nullable(),
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

export const portfolioSchema = z.object({ investments: z.array(portfolioInvestmentSchema) });
export type Portfolio = z.infer<typeof portfolioSchema>;

/**
 * Where the money of one investment is (Wefunder, Mintos): paid → in escrow → released to you, or
 * refunded, each step with its date once reached.
 */
export function moneySteps(i: PortfolioInvestment): TimelineEntry[] {
  const paid = i.confirmedAt ?? undefined;
  const steps: TimelineEntry[] = [
    { label: 'Paid', ...(paid && { at: paid }), done: !!paid },
    {
      label: 'In escrow',
      ...(paid && { at: paid }),
      done: !!paid,
      ...(i.escrowStatus === 'disputed' && { note: 'Disputed: an admin is reviewing it' }),
    },
  ];
  if (i.status === 'refunded' || i.status === 'refunding')
    steps.push({
      label: i.status === 'refunding' ? 'Refund in progress' : 'Refunded to your card',
      ...(i.settledAt && { at: i.settledAt }),
      done: i.status === 'refunded',
      note: `${usdText(i.amount)} back in full`,
    });
  else
    steps.push({
      label: 'Released to you',
      ...(i.settledAt && { at: i.settledAt }),
      done: i.status === 'paid_out',
      ...(i.payout && { note: `${usdText(i.payout)} paid out` }),
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

// ---- statements --------------------------------------------------------------------------------

export const MOVEMENT_KINDS = [
  'investment',
  'refund',
  'payout',
  'payment_received',
  'payment_refund',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_LABELS: Record<MovementKind, string> = {
  investment: 'Investment into escrow',
  refund: 'Refund from escrow',
  payout: 'Payout',
  payment_received: 'Payment received',
  payment_refund: 'Payment refunded',
};

/** One ledger transaction of the investor's, as the server reads it. */
export const movementSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(MOVEMENT_KINDS),
  at: isoTime,
  campaignTitle: z.string(),
  /** The investment's principal. */
  principal: money,
  /** What reached the investor's card (payouts, refunds), or left it (investments, as a positive amount). */
  cash: money,
  /** The investor's part of the platform fee (payouts only). */
  fee: money,
});
export type Movement = z.infer<typeof movementSchema>;
export interface StatementRow {
  id: string;
  date: string;
  type: string;
  campaign: string;
  /** Paid by the investor into the platform. */
  paidIn: string;
  /** Paid back to the investor's card. */
  paidOut: string;
  profit: string;
  fee: string;
  /** Capital on the platform after this movement: paid in and not yet paid back as principal. */
  balance: string;
}

export interface StatementPeriod {
  /** "2026-11" for a month, "2026" for the year. */
  period: string;
  opening: string;
  closing: string;
  rows: StatementRow[];
}

export interface Statement {
  year: number;
  /** Years with movements, newest first (the year picker). */
  years: number[];
  opening: string;
  closing: string;
  months: StatementPeriod[];
  summary: { invested: string; returned: string; profit: string; fees: string };
}

/** How a movement changes the capital on the platform, and its columns. */
function effect(m: Movement) {
  const principal = dec(m.principal);
  switch (m.kind) {
    case 'investment':
    case 'payment_received':
      return { paidIn: dec(m.cash), paidOut: ZERO, profit: ZERO, fee: ZERO, capital: dec(m.cash) };
    case 'refund':
    case 'payment_refund':
      return { paidIn: ZERO, paidOut: dec(m.cash), profit: ZERO, fee: ZERO, capital: dec(m.cash).times(-1) };
    case 'payout':
      return {
        paidIn: ZERO,
        paidOut: dec(m.cash),
        profit: dec(m.cash).minus(principal),
        fee: dec(m.fee),
        capital: principal.times(-1),
      };
  }
}

/**
 * The tax year `year` (calendar year, UTC) of an investor's movements: by month, each with its opening
 * and closing capital on the platform, and the annual summary (invested, returned, profit, fees).
 */
export function buildStatement(movements: readonly Movement[], year: number): Statement {
  const sorted = [...movements].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  const years = [...new Set(sorted.map((m) => new Date(m.at).getUTCFullYear()))].sort((a, b) => b - a);
  let balance = ZERO;
  const months = new Map<string, StatementPeriod>();
  let opening: string | undefined;
  const summary = { invested: ZERO, returned: ZERO, profit: ZERO, fees: ZERO };
  for (const m of sorted) {
    const at = new Date(m.at);
    const e = effect(m);
    if (at.getUTCFullYear() < year) {
      balance = balance.plus(e.capital);
      continue;
    }
    if (at.getUTCFullYear() > year) break;
    opening ??= toFixed(balance);
    const key = m.at.slice(0, 7);
    const month = months.get(key) ?? { period: key, opening: toFixed(balance), closing: '', rows: [] };
    months.set(key, month);
    balance = balance.plus(e.capital);
    month.rows.push({
      id: m.id,
      date: m.at,
      type: MOVEMENT_LABELS[m.kind],
      campaign: m.campaignTitle,
      paidIn: toFixed(e.paidIn),
      paidOut: toFixed(e.paidOut),
      profit: toFixed(e.profit),
      fee: toFixed(e.fee),
      balance: toFixed(balance),
    });
    month.closing = toFixed(balance);
    if (m.kind === 'investment') summary.invested = summary.invested.plus(e.paidIn);
    summary.returned = summary.returned.plus(e.paidOut);
    summary.profit = summary.profit.plus(e.profit);
    summary.fees = summary.fees.plus(e.fee);
  }
  return {
    year,
    years: years.length ? years : [year],
    opening: opening ?? toFixed(balance),
    closing: toFixed(balance),
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

/** The statement as CSV: one line per movement with its month's balance. */
export function statementCsv(statement: Statement): string {
  return toCsv(
    ['Date', 'Type', 'Campaign', 'Paid in', 'Paid out', 'Profit', 'Fee', 'Balance'],
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
      ]),
    ),
  );
}

// ---- the statements call -----------------------------------------------------------------------

const periodSchema = z.object({
  period: z.string(),
  opening: money,
  closing: money,
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
    }),
  ),
});

export const statementSchema = z.object({
  year: z.number().int(),
  years: z.array(z.number().int()),
  opening: money,
  closing: money,
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
