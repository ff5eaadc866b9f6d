// Campaign statuses, labels and date helpers (spec §3, §4). No zod here: the landing page imports
// this file, and the wire schemas live in campaign-schemas.ts so the schema library stays off it.

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
  // Own keys only: 'constructor' or '__proto__' must not reach Object.prototype.
  return status && Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status as CampaignStatus] : 'Active';
}

export const RISK_LABELS: Record<RiskLevel, string> = {
  low: 'Low risk',
  medium: 'Medium risk',
  high: 'High risk',
};
export const REGION_LABELS: Record<Region, string> = { asia: 'Asia', europe: 'Europe', americas: 'Americas' };

/** Whole days from `now` until the deadline, never negative. */
export function daysLeft(deadline: string | Date, now: Date = new Date()): number {
  const ms = new Date(deadline).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}

// ---- the list call's options (spec §7 GET /api/campaigns) --------------------------------------

export const CAMPAIGN_SORTS = ['newest', 'deadline', 'roi', 'funded'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];
export const CAMPAIGN_SORT_LABELS: Record<CampaignSort, string> = {
  newest: 'Newest',
  deadline: 'Closing soonest',
  roi: 'Highest ROI',
  funded: 'Most funded',
};
export const CAMPAIGN_PAGE_SIZE = { default: 20, max: 100 } as const;
/** Response header with the number of campaigns matching the filters (the body is the page). */
export const TOTAL_COUNT_HEADER = 'x-total-count';
