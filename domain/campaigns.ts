// Campaign wire shapes, statuses and labels (spec §3, §4).
import { z } from 'zod';

export const CAMPAIGN_STATUSES = ['active', 'funded', 'trading', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const REGIONS = ['asia', 'europe', 'americas'] as const;
export type Region = (typeof REGIONS)[number];

const STATUS_LABELS: Record<CampaignStatus, string> = {
  active: 'Active',
  funded: 'Funded',
  trading: 'In Progress',
  completed: 'Completed',
  cancelled: 'Draft',
};

/** Display label of a campaign status; a missing or unknown status reads Active (spec §4). */
export function campaignStatusLabel(status: string | null | undefined): string {
  return STATUS_LABELS[status as CampaignStatus] ?? 'Active';
}

export const RISK_LABELS: Record<RiskLevel, string> = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' };
export const REGION_LABELS: Record<Region, string> = { asia: 'Asia', europe: 'Europe', americas: 'Americas' };

/** Decimal string as it leaves a numeric column. */
const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One campaign as the list and detail calls return it; numeric values are strings (spec §3). */
export const campaignSchema = z.object({
  id: z.string().uuid(),
  traderId: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  tradeRoute: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  targetAmount: decimalString,
  raisedAmount: decimalString,
  quantity: decimalString,
  buyPrice: decimalString,
  sellPrice: decimalString,
  minimumInvestment: decimalString,
  riskLevel: z.enum(RISK_LEVELS),
  region: z.enum(REGIONS),
  deadline: z.string().datetime(),
  expectedProfit: decimalString.nullable(),
  actualProfit: decimalString.nullable(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.array(campaignSchema);

/** Whole days from `now` until the deadline, never negative. */
export function daysLeft(deadline: string | Date, now: Date = new Date()): number {
  const ms = new Date(deadline).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}
