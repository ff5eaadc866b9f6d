// Everything a campaign card or page shows that is computed, in one place (spec §9 formulas).
import type { Campaign } from './campaign-schemas.ts';
import { campaignStatusLabel, daysLeft } from './campaigns.ts';
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
  daysLeft: number;
  statusLabel: string;
}

export function campaignFigures(c: CampaignNumbers, now: Date = new Date()): CampaignFigures {
  return {
    expectedRoiPercent: toFixed(expectedRoiPercent(c.buyPrice, c.sellPrice), 1),
    marginPerKg: toFixed(marginPerKg(c.buyPrice, c.sellPrice)),
    estimatedProfit: toFixed(estimatedCampaignProfit(c.quantity, c.buyPrice, c.sellPrice)),
    progressPercent: toFixed(fundingProgressPercent(c.raisedAmount, c.targetAmount), 1),
    remaining: toFixed(remainingAmount(c.raisedAmount, c.targetAmount)),
    fullyFunded: isFullyFunded(c.raisedAmount, c.targetAmount),
    daysLeft: daysLeft(c.deadline, now),
    statusLabel: campaignStatusLabel(c.status),
  };
}

export interface TimelineEntry {
  label: string;
  /** ISO date-time; absent for a step not reached yet. */
  at?: string;
  done: boolean;
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
  const order = ['active', 'funded', 'trading', 'completed'] as const;
  const reached = order.indexOf(c.status);
  const steps = ['Funding opened', 'Fully funded', 'Shipment in progress', 'Delivered and settled'];
  return steps.map((label, i) => ({
    label,
    // Only the first step and the current one have a known time until per-step events are recorded.
    at: i === 0 ? c.createdAt : i === reached ? c.updatedAt : undefined,
    done: i <= reached,
  }));
}
