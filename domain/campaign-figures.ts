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
