// Investments (spec §3, §4, §7; DESIGN.md §3): statuses and labels, the wire shapes of the investment
// calls, the escrow statuses, and the investor dashboard's summary computed from the list.
import { z } from 'zod';
import { decimalField, NUMERIC_MAX } from './decimal-schema.ts';
import { dec, toFixed, ZERO, type Decimal } from './money.ts';
import { ERRORS, type ErrorCode } from './errors.ts';
import type { InvestRefusal } from './policies.ts';
import { acknowledgementsSchema } from './investor-protection.ts';

/**
 * An investment is `pending` from its payment intent (which reserves nothing: only a hold on the card
 * counts, docs/money.md), `confirmed` once the hold was captured into escrow, then `refunding` →
 * `refunded` (the campaign was cancelled, a dispute) or `paid_out` (its settlement was distributed to
 * the investor's cash account). A pending one ends `expired` when never paid, or `voided` when the card
 * was authorized but the hold no longer fitted (filled up, terms changed, closed): nothing was charged.
 * Those two are kept for the record but are not listed as investments.
 */
export const INVESTMENT_STATUSES = [
  'pending',
  'confirmed',
  'refunding',
  'refunded',
  'paid_out',
  'expired',
  'voided',
] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];

/** A backer's investments: money that went into the campaign (refunded since, or paid out, included). */
export const BACKER_STATUSES = [
  'confirmed',
  'refunding',
  'refunded',
  'paid_out',
] as const satisfies readonly InvestmentStatus[];

/** Named groups of investment statuses (domain/status-groups.ts): a rule names its group, never a list. */
export const INVESTMENT_STATUS_GROUPS = {
  /** A backer's investments: money that went into the campaign (refunded since, or paid out, included). */
  backers: BACKER_STATUSES,
  /** Money that went in and stays in: held in escrow or at work, or paid out to the investor. */
  kept: ['confirmed', 'paid_out'],
  /** Captured, with its escrow record still holding (or handing back) the money. */
  inEscrow: ['confirmed', 'refunding'],
  /** Captured and not refunded: the escrow record and a taken payment must exist (the ledger check). */
  captured: ['confirmed', 'paid_out', 'refunding'],
  /** Being or been refunded. */
  refunds: ['refunding', 'refunded'],
  /** Never paid: not listed as investments, kept for the record. */
  unpaid: ['pending', 'expired', 'voided'],
  /** Money not settled yet: awaiting payment, active (held or at work), refunding. */
  open: ['pending', 'confirmed', 'refunding'],
} as const satisfies Record<string, readonly InvestmentStatus[]>;
export type InvestmentStatusGroup = keyof typeof INVESTMENT_STATUS_GROUPS;

export const INVESTMENT_STATUS_LABELS: Record<InvestmentStatus, string> = {
  pending: 'Awaiting payment',
  confirmed: 'Active',
  refunding: 'Refund in progress',
  refunded: 'Refunded',
  paid_out: 'Paid out',
  expired: 'Expired',
  voided: 'Not charged',
};

/** Spec §3 escrow statuses: one escrow record per captured investment or paid order (docs/money.md). */
export const ESCROW_STATUSES = ['held', 'released', 'disputed', 'refunded'] as const;
export type EscrowStatus = (typeof ESCROW_STATUSES)[number];
export const ESCROW_STATUS_GROUPS = {
  /** Records whose money is still in escrow (not released to the trade or the supplier, not refunded). */
  inEscrow: ['held', 'disputed'],
} as const satisfies Record<string, readonly EscrowStatus[]>;
export const ESCROW_STATUS_LABELS: Record<EscrowStatus, string> = {
  held: 'Held',
  released: 'Released',
  disputed: 'Disputed',
  refunded: 'Refunded',
};

const uuid = (label: string) => z.string({ error: `${label} is required` }).uuid(`${label} must be an id`);

/**
 * `POST /api/create-payment-intent` (spec §7). The amount is a decimal string; the server checks it
 * against the campaign: at least $100 and the campaign's minimum (except for the exact last slice),
 * at most what is still open.
 */
export const createPaymentIntentSchema = z.strictObject({
  amount: decimalField('Amount', { max: NUMERIC_MAX.money }),
  campaignId: uuid('campaignId'),
  investorId: uuid('investorId'),
  /** What the investor read and confirmed (docs/investor-protection.md): asked for by a 428. */
  acknowledgements: acknowledgementsSchema.optional(),
});
export type CreatePaymentIntent = z.output<typeof createPaymentIntentSchema>;
export type CreatePaymentIntentInput = z.input<typeof createPaymentIntentSchema>;

export const paymentIntentCreatedSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
});
export type PaymentIntentCreated = z.infer<typeof paymentIntentCreatedSchema>;

/** `POST /api/investments` (spec §7): record the investment of a paid intent. */
/** A provider's payment intent id: Stripe's `pi_…`, the sandbox's `pi_sb_…`. */
export const paymentIntentIdField = z
  .string({ error: 'paymentIntentId is required' })
  .max(255, 'paymentIntentId is too long')
  .regex(/^pi_[A-Za-z0-9_]+$/, 'paymentIntentId must be a payment intent id (pi_…)');

export const recordInvestmentSchema = z.strictObject({
  paymentIntentId: paymentIntentIdField,
  campaignId: uuid('campaignId'),
  investorId: uuid('investorId'),
});
export type RecordInvestment = z.infer<typeof recordInvestmentSchema>;

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One investment as the list and the record call return it: spec §7's fields plus what the dashboard shows. */
export const investmentSchema = z.object({
  id: z.string().uuid(),
  investorId: z.string().uuid(),
  campaignId: z.string().uuid(),
  campaignTitle: z.string(),
  amount: decimalString,
  /** amount / target, 6 decimals (spec §9). */
  shares: decimalString,
  status: z.enum(INVESTMENT_STATUSES),
  /** The investor's share of the campaign's net profit once paid out (negative on a loss). */
  profitShare: decimalString.nullable(),
  /** The provider's payment intent (spec §3 stripePaymentId). */
  stripePaymentId: z.string().nullable(),
  escrowStatus: z.enum(ESCROW_STATUSES).nullable(),
  /** The escrow record holding it (what a dispute names), once confirmed. */
  escrowId: z.string().uuid().nullable(),
  createdAt: z.string().datetime(),
  confirmedAt: z.string().datetime().nullable(),
  /** When it was paid out or refunded; null while the money is in escrow or at work. */
  settledAt: z.string().datetime().nullable(),
});
export type Investment = z.infer<typeof investmentSchema>;
export const investmentListSchema = z.array(investmentSchema);
/** `POST /api/payment-intents/:id/cancel`: the investment's status once the unpaid intent is given up. */
export const paymentCancelledSchema = z.object({ status: z.enum(INVESTMENT_STATUSES) });

/** `GET /api/investments?investorId=` (spec §7). */
export const investmentListQuerySchema = z.object({ investorId: uuid('investorId') });

// ---- the investor dashboard's tiles (spec §2) ----------------------------------------------------

export interface PortfolioSummary {
  /** Principal at cost of the investments still at work, plus what was paid out (issue 11). */
  portfolioValue: string;
  /**
   * Change in value over the last 24 hours: the profit or loss realised then (payouts' profit shares,
   * refunds that returned less than was paid). Money paid in or returned in full moves nothing.
   */
  todaysChange: string;
  totalInvested: string;
  currentValue: string;
  /** Realised profit: the profit shares paid out (negative on a loss). */
  gains: string;
  /** Realised profit / principal of the paid-out investments, in percent, 1 decimal; null before any payout. */
  totalRoiPercent: string | null;
  /** Campaigns with an investment still at work. */
  activeCampaigns: number;
}

type SummaryRow = Pick<
  Investment,
  'status' | 'amount' | 'profitShare' | 'campaignId' | 'confirmedAt' | 'settledAt'
>;

const DAY_MS = 86_400_000;

/**
 * The profit or loss realised by the investments that settled in (from, to]: a payout's profit share
 * (negative on a loss), or what a refund returned short of the principal (its profitShare, when the
 * server reports one; a refund in full realises nothing). An investment made or refunded in full is
 * money moving in or out, not a change in value.
 */
export function realisedChangeBetween(investments: readonly SummaryRow[], from: Date, to: Date): Decimal {
  return investments.reduce((total, i) => {
    if (i.settledAt === null || i.profitShare === null) return total;
    if (i.status !== 'paid_out' && i.status !== 'refunded') return total;
    const settled = new Date(i.settledAt);
    return settled > from && settled <= to ? total.plus(dec(i.profitShare)) : total;
  }, ZERO);
}

/**
 * What the investments were worth at `at`: each confirmed by then counts at cost until it settles;
 * then a payout counts what it paid (principal + profit share), a refund nothing (the money went back).
 */
export function portfolioValueAt(investments: readonly SummaryRow[], at: Date): Decimal {
  return investments.reduce((total, i) => {
    if (!i.confirmedAt || new Date(i.confirmedAt) > at) return total;
    const settled = i.settledAt !== null && new Date(i.settledAt) <= at;
    if (!settled) return i.status === 'pending' || i.status === 'expired' ? total : total.plus(dec(i.amount));
    if (i.status === 'paid_out') return total.plus(dec(i.amount)).plus(dec(i.profitShare));
    return total;
  }, ZERO);
}

/** The six tiles from the investor's own list (issue 11 item 7). */
export function portfolioSummary(
  investments: readonly SummaryRow[],
  now: Date = new Date(),
): PortfolioSummary {
  const held = investments.filter((i) => i.status === 'confirmed' || i.status === 'refunding');
  const paidOut = investments.filter((i) => i.status === 'paid_out');
  const sum = (list: readonly SummaryRow[], value: (i: SummaryRow) => Decimal) =>
    list.reduce((total, i) => total.plus(value(i)), ZERO);
  const heldValue = sum(held, (i) => dec(i.amount));
  const paidPrincipal = sum(paidOut, (i) => dec(i.amount));
  const gains = sum(paidOut, (i) => dec(i.profitShare));
  const value = portfolioValueAt(investments, now);
  return {
    portfolioValue: toFixed(value),
    todaysChange: toFixed(realisedChangeBetween(investments, new Date(now.getTime() - DAY_MS), now)),
    totalInvested: toFixed(heldValue.plus(paidPrincipal)),
    currentValue: toFixed(heldValue.plus(paidPrincipal).plus(gains)),
    gains: toFixed(gains),
    totalRoiPercent: paidPrincipal.gt(0) ? toFixed(gains.div(paidPrincipal).times(100), 1) : null,
    activeCampaigns: new Set(held.map((i) => i.campaignId)).size,
  };
}

/**
 * Dashboard tabs: Active = confirmed (spec §2), Completed = paid out (the campaign completed and paid
 * its investors), All = every listed investment, refunded ones included.
 */
export const INVESTMENT_TABS = ['active', 'completed', 'all'] as const;
export type InvestmentTab = (typeof INVESTMENT_TABS)[number];
export const INVESTMENT_TAB_LABELS: Record<InvestmentTab, string> = {
  active: 'Active',
  completed: 'Completed',
  all: 'All',
};
const TAB_STATUSES: Record<InvestmentTab, readonly InvestmentStatus[]> = {
  active: ['confirmed'],
  completed: ['paid_out'],
  all: ['pending', 'confirmed', 'refunding', 'refunded', 'paid_out'],
};
export function inInvestmentTab(investment: { status: InvestmentStatus }, tab: InvestmentTab): boolean {
  return TAB_STATUSES[tab].includes(investment.status);
}

/**
 * Whether the investor may dispute the escrow of an investment: only money still wholly held in escrow
 * for an investment that is confirmed (not while its refund is under way, nor once any of it went to
 * the trade — the settlement answers for that — nor once refunded). The server checks the same.
 */
export function canDisputeEscrow(
  i: Pick<Investment, 'status' | 'escrowStatus' | 'escrowId'> & { releasedToTrade?: string },
): boolean {
  return (
    i.status === 'confirmed' &&
    i.escrowStatus === 'held' &&
    i.escrowId !== null &&
    (i.releasedToTrade === undefined || dec(i.releasedToTrade).eq(0))
  );
}

/** The catalogue error of each reason investRefusal (policies.ts) names: the UI and the server say the same. */
export const INVEST_REFUSAL_ERRORS = {
  'sign-in': 'UNAUTHENTICATED',
  'not-investor': 'NOT_AN_INVESTOR',
  suspended: 'ACCOUNT_SUSPENDED',
  'verify-email': 'EMAIL_NOT_VERIFIED',
  kyc: 'INVESTING_NEEDS_KYC',
  funded: 'CAMPAIGN_FULLY_FUNDED',
  closed: 'CAMPAIGN_FUNDING_CLOSED',
  paused: 'CAMPAIGN_PAUSED',
} as const satisfies Record<InvestRefusal, ErrorCode>;

/** What a user is told when they may not invest: the catalogue message of the reason. */
export function investRefusalMessage(refusal: InvestRefusal): string {
  return ERRORS[INVEST_REFUSAL_ERRORS[refusal]].message;
}
