// Campaign statuses, labels and date helpers (spec §3, §4). No zod here: the landing page imports
// this file, and the wire schemas live in campaign-schemas.ts so the schema library stays off it.
import { inGroup } from './status-groups.ts';

export const CAMPAIGN_STATUSES = ['active', 'funded', 'trading', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * Named groups of statuses: every rule that covers "the open ones" or "the funded ones" names its group
 * here instead of retyping a list. Order within a group follows the lifecycle.
 */
export const CAMPAIGN_STATUS_GROUPS = {
  /** Takes investments (until its deadline: see fundingState in campaign-figures.ts). */
  openForFunding: ['active'],
  /** Reached its target: the money is in escrow or at work, or was paid out. */
  funded: ['funded', 'trading', 'completed'],
  /** Financed and not yet settled: the cargo has a shipment to track. */
  shipping: ['funded', 'trading'],
  /** Listed for everyone; a cancelled campaign (label Draft) is not. */
  public: ['active', 'funded', 'trading', 'completed'],
  /** On the landing page: still raising, or just raised. */
  landing: ['active', 'funded'],
  /** Counts in a trader's totals and averages (cancelled ones were refunded). */
  live: ['active', 'funded', 'trading', 'completed'],
  /** Settled for good: nothing changes any more. */
  final: ['completed', 'cancelled'],
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type CampaignStatusGroup = keyof typeof CAMPAIGN_STATUS_GROUPS;

export function inStatusGroup(status: CampaignStatus, group: CampaignStatusGroup): boolean {
  return inGroup<CampaignStatus>(CAMPAIGN_STATUS_GROUPS[group], status);
}

/** Who moves a campaign from one status to another (DESIGN.md §3). */
export type TransitionActor = 'system' | 'owner' | 'admin';

export interface CampaignTransition {
  from: CampaignStatus;
  to: CampaignStatus;
  by: TransitionActor;
  /** What the move does, for people reading the table (the service does it). */
  does: string;
}

/**
 * Every allowed move, as data: the server checks a requested move against it and the UI offers only
 * the moves listed for the viewer. Nothing else writes a campaign's status.
 */
export const CAMPAIGN_TRANSITIONS: readonly CampaignTransition[] = [
  { from: 'active', to: 'funded', by: 'system', does: 'raised reached the target: funding closes' },
  {
    from: 'funded',
    to: 'active',
    by: 'system',
    does: 'an investor revoked in the reflection period: the amount is open again (past the deadline, the deadline sweep then cancels and refunds)',
  },
  {
    from: 'funded',
    to: 'trading',
    by: 'owner',
    does: "the trader starts the shipment: the schedule's first tranche is released to the trader",
  },
  {
    from: 'trading',
    to: 'completed',
    by: 'owner',
    does: 'the result is declared: a settlement is reviewed, paid in by the trader, then distributed',
  },
  {
    from: 'active',
    to: 'cancelled',
    by: 'system',
    does: 'the deadline passed before the target: every investment refunded',
  },
  { from: 'active', to: 'cancelled', by: 'owner', does: 'withdrawn by its trader before any investment' },
  {
    from: 'active',
    to: 'cancelled',
    by: 'admin',
    does: 'cancelled with a reason: every investment refunded',
  },
  {
    from: 'funded',
    to: 'cancelled',
    by: 'admin',
    does: 'cancelled with a reason: every investment refunded',
  },
  {
    from: 'trading',
    to: 'cancelled',
    by: 'admin',
    does: 'cancelled with a reason before any money went to the trade: every investment refunded',
  },
];

/** The transition from `from` to `to` that `by` may make, if any. */
export function findTransition(
  from: CampaignStatus,
  to: CampaignStatus,
  by: TransitionActor,
): CampaignTransition | undefined {
  return CAMPAIGN_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by === by);
}

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

/** Beside the 'Draft' label of a cancelled campaign wherever it would mislead an investor (issue 11). */
export const CANCELLED_FOR_INVESTORS = 'Funding ended — refunded';

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
