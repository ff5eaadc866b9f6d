// The investor's statements (issue 11, docs/money.md): the ledger movements of a tax year by month,
// the annual summary, the CSV, and the wire shapes of GET /api/statements.
import { z } from 'zod';
import { toCsv } from './csv.ts';
import { dec, toFixed, ZERO } from './money.ts';

const money = z.string().regex(/^-?\d+(\.\d+)?$/);
const isoTime = z.string().datetime();

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
