// Everything a campaign card or page shows that is computed, in one place (spec §9 formulas).
import type { Campaign } from './campaign-schemas.ts';
import { CAMPAIGN_STATUS_GROUPS, campaignStatusLabel, daysLeft, inStatusGroup } from './campaigns.ts';
import type { TimelineEntry } from './timeline.ts';
import {
  estimatedCampaignProfit,
  expectedRoiPercent,
  fundingProgressPercent,
  isFullyFunded,
  marginPerKg,
  remainingAmount,
  toFixed,
} from './money.ts';

type CampaignNumbers = Pick<
  Campaign,
  'targetAmount' | 'raisedAmount' | 'quantity' | 'buyPrice' | 'sellPrice' | 'deadline' | 'status'
>;

/**
 * Where a campaign's funding stands, the one answer every card, page and check uses:
 * - `open`: takes investments (active, before its deadline, below its target);
 * - `funded`: reached its target (money in escrow, at work or paid out);
 * - `closed`: the deadline passed before the target (refunds follow: the campaign is being cancelled);
 * - `cancelled`: withdrawn or expired, every investment refunded.
 */
export type FundingState = 'open' | 'funded' | 'closed' | 'cancelled';

/** What funding depends on: as the wire carries it, or as a row holds it (deadline as a Date). */
export type FundingTerms = Pick<Campaign, 'status' | 'raisedAmount' | 'targetAmount'> & {
  deadline: string | Date;
};

export function fundingState(c: FundingTerms, now: Date = new Date()): FundingState {
  if (c.status === 'cancelled') return 'cancelled';
  if (inStatusGroup(c.status, 'funded') || isFullyFunded(c.raisedAmount, c.targetAmount)) return 'funded';
  return new Date(c.deadline).getTime() <= now.getTime() ? 'closed' : 'open';
}

export interface CampaignFigures {
  /** Percent with 1 decimal, e.g. "300.0". */
  expectedRoiPercent: string;
  /** $/kg with 2 decimals. */
  marginPerKg: string;
  estimatedProfit: string;
  /** Percent with 1 decimal; may exceed 100. */
  progressPercent: string;
  remaining: string;
  fullyFunded: boolean;
  /** Whole days until the deadline while funding is open; 0 otherwise. */
  daysLeft: number;
  statusLabel: string;
  fundingState: FundingState;
}

export function campaignFigures(c: CampaignNumbers, now: Date = new Date()): CampaignFigures {
  const state = fundingState(c, now);
  return {
    expectedRoiPercent: toFixed(expectedRoiPercent(c.buyPrice, c.sellPrice), 1),
    marginPerKg: toFixed(marginPerKg(c.buyPrice, c.sellPrice)),
    estimatedProfit: toFixed(estimatedCampaignProfit(c.quantity, c.buyPrice, c.sellPrice)),
    progressPercent: toFixed(fundingProgressPercent(c.raisedAmount, c.targetAmount), 1),
    remaining: toFixed(remainingAmount(c.raisedAmount, c.targetAmount)),
    fullyFunded: isFullyFunded(c.raisedAmount, c.targetAmount),
    daysLeft: state === 'open' ? daysLeft(c.deadline, now) : 0,
    statusLabel: campaignStatusLabel(c.status),
    fundingState: state,
  };
}

/** The details timeline of spec §2: created, funding deadline, last updated. */
export function campaignDateTimeline(
  c: Pick<Campaign, 'createdAt' | 'deadline' | 'updatedAt'>,
  now: Date = new Date(),
): TimelineEntry[] {
  return [
    { label: 'Created', at: c.createdAt, done: true },
    { label: 'Funding deadline', at: c.deadline, done: new Date(c.deadline) <= now },
    { label: 'Last updated', at: c.updatedAt, done: true },
  ];
}

/** Lifecycle steps (DESIGN.md §3) up to the campaign's status; Track Shipment shows these until
 * shipment tracking exists. A cancelled campaign stops after funding. */
export function campaignStatusTimeline(
  c: Pick<Campaign, 'status' | 'createdAt' | 'updatedAt'>,
): TimelineEntry[] {
  if (c.status === 'cancelled') {
    return [
      { label: 'Funding opened', at: c.createdAt, done: true },
      { label: 'Cancelled: funding closed without reaching the target', at: c.updatedAt, done: true },
    ];
  }
  // The live statuses, in lifecycle order.
  const reached = (CAMPAIGN_STATUS_GROUPS.live as readonly string[]).indexOf(c.status);
  const steps = ['Funding opened', 'Fully funded', 'Shipment in progress', 'Delivered and settled'];
  return steps.map((label, i) => ({
    label,
    // Only the first step and the current one have a known time until per-step events are recorded.
    at: i === 0 ? c.createdAt : i === reached ? c.updatedAt : undefined,
    done: i <= reached,
  }));
}

export interface FundingWindow {
  openedAt: string;
  closesAt: string;
  /** How much of the funding window (created → deadline) has passed, 0–100; 100 once funding ended. */
  elapsedPercent: number;
  fundingState: FundingState;
}

/** The card's timeline (issue 10 item 9): from creation to the funding deadline, and where funding stands. */
export function fundingWindow(
  c: Pick<Campaign, 'createdAt' | 'deadline' | 'status' | 'raisedAmount' | 'targetAmount'>,
  now: Date = new Date(),
): FundingWindow {
  const state = fundingState(c, now);
  const opened = new Date(c.createdAt).getTime();
  const closes = new Date(c.deadline).getTime();
  const span = closes - opened;
  const elapsed =
    state !== 'open' ? 100 : span <= 0 ? 100 : Math.round(((now.getTime() - opened) / span) * 100);
  return {
    openedAt: c.createdAt,
    closesAt: c.deadline,
    elapsedPercent: Math.min(100, Math.max(0, elapsed)),
    fundingState: state,
  };
}
