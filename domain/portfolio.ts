// The investor's portfolio (issue 11, docs/money.md): the wire shapes, the "where is my money" steps
// (paid, in escrow, released to the trade on what evidence, settled, paid to the balance), the
// allocation and the totals (the statements: statements.ts). Pure, so the server answers with it and the
// client renders the very same figures.
import { z } from 'zod';
import { CAMPAIGN_STATUSES, RISK_LEVELS } from './campaigns.ts';
import { ESCROW_STATUSES, INVESTMENT_STATUSES } from './investments.ts';
import { MILESTONE_KINDS, MILESTONE_LABELS } from './lifecycle.ts';
import { releaseSchema, settlementViewSchema, type Release } from './money-out.ts';
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
