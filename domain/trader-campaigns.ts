// What the trader's workspace shows about their campaigns, computed in one place: which statuses each
// dashboard tab holds, the row of spec §3 ("campaign as shown on the trader dashboard"), the create
// form's live preview, the edit modal's patch (changed fields only), table sorting and the analytics
// series. No zod here: the dashboard rows and charts do not need the schema library.
import type { Campaign, CampaignCreateInput, CampaignPatchInput } from './campaign-schemas.ts';
import type { CampaignInvestor } from './lifecycle.ts';
import { campaignFigures } from './campaign-figures.ts';
import { expectedNetReturn, type Disclosure } from './returns.ts';
import { assessRiskLevel, endOfDeadlineDay } from './campaign-rules.ts';
import {
  CAMPAIGN_STATUS_GROUPS,
  CAMPAIGN_STATUSES,
  campaignStatusLabel,
  inStatusGroup,
  type CampaignStatus,
  type RiskLevel,
} from './campaigns.ts';
import {
  dec,
  estimatedCampaignProfit,
  expectedRoiPercent,
  fundingProgressPercent,
  marginPerKg,
  toFixed,
  ZERO,
} from './money.ts';

// ---- dashboard tabs ----------------------------------------------------------------------------

export const TRADER_TABS = ['active', 'funded', 'completed', 'all'] as const;
export type TraderTab = (typeof TRADER_TABS)[number];

export const TRADER_TAB_LABELS: Record<TraderTab, string> = {
  active: 'Active',
  funded: 'Funded',
  completed: 'Completed',
  all: 'All',
};

/** Funded holds every funded cargo: waiting to ship (Funded) and at sea (In Progress). Drafts only show in All. */
const TAB_STATUSES: Record<TraderTab, readonly CampaignStatus[]> = {
  active: CAMPAIGN_STATUS_GROUPS.openForFunding,
  funded: CAMPAIGN_STATUS_GROUPS.shipping,
  completed: ['completed'],
  all: CAMPAIGN_STATUSES,
};

export function inTraderTab(campaign: { status: CampaignStatus }, tab: TraderTab): boolean {
  return TAB_STATUSES[tab].includes(campaign.status);
}

/** Track Shipment is offered once a campaign is funded and until it is delivered. */
export function hasShipmentToTrack(campaign: { status: CampaignStatus }): boolean {
  return inStatusGroup(campaign.status, 'shipping');
}

// ---- the dashboard row (spec §3) ---------------------------------------------------------------

export interface TraderCampaignRow {
  id: string;
  title: string;
  route: string;
  quantity: string;
  unit: 'tonnes';
  targetAmount: string;
  raisedAmount: string;
  investorCount: number;
  status: CampaignStatus;
  statusLabel: string;
  /** Expected ROI in percent, 1 decimal. */
  roi: string;
  /** Whole days until the funding deadline; null once funding has closed (any status but active). */
  daysLeft: number | null;
  progressPercent: string;
}

export function traderCampaignRow(c: Campaign, now: Date = new Date()): TraderCampaignRow {
  const figures = campaignFigures(c, now);
  return {
    id: c.id,
    title: c.title,
    route: c.tradeRoute,
    quantity: c.quantity,
    unit: 'tonnes',
    targetAmount: c.targetAmount,
    raisedAmount: c.raisedAmount,
    investorCount: c.investorCount,
    status: c.status,
    statusLabel: campaignStatusLabel(c.status),
    roi: figures.expectedRoiPercent,
    daysLeft: c.status === 'active' ? figures.daysLeft : null,
    progressPercent: figures.progressPercent,
  };
}

// ---- create / edit form ------------------------------------------------------------------------

/** A campaign's deadline as the form shows it (the UTC day). */
export function dateOfDeadline(deadline: string): string {
  return new Date(deadline).toISOString().slice(0, 10);
}

const DECIMAL = /^\d+(\.\d+)?$/;
/** Form text that reads as a decimal (inputs hold text). */
const isDecimal = (v: unknown): v is string => typeof v === 'string' && DECIMAL.test(v.trim());

export interface CampaignTermsPreview {
  /** Percent, 1 decimal; null until both prices are valid numbers and buy > 0. */
  expectedRoiPercent: string | null;
  marginPerKg: string | null;
  estimatedProfit: string | null;
  /** The level the server's rule will assign; null until prices, target and deadline are set. */
  riskLevel: RiskLevel | null;
}

/**
 * The create and edit forms' live preview, from whatever the trader has typed so far. `createdAt` is
 * the campaign's creation (now, for a new one): the risk rule measures the funding window from it.
 */
export function campaignTermsPreview(
  terms: {
    buyPrice?: unknown;
    sellPrice?: unknown;
    quantity?: unknown;
    targetAmount?: unknown;
    deadline?: unknown;
  },
  createdAt: Date = new Date(),
): CampaignTermsPreview {
  const prices = isDecimal(terms.buyPrice) && isDecimal(terms.sellPrice) && dec(terms.buyPrice.trim()).gt(0);
  const buy = prices ? (terms.buyPrice as string).trim() : '0';
  const sell = prices ? (terms.sellPrice as string).trim() : '0';
  const deadline = typeof terms.deadline === 'string' ? endOfDeadlineDay(terms.deadline) : undefined;
  return {
    expectedRoiPercent: prices ? toFixed(expectedRoiPercent(buy, sell), 1) : null,
    marginPerKg: prices ? toFixed(marginPerKg(buy, sell)) : null,
    estimatedProfit:
      prices && isDecimal(terms.quantity)
        ? toFixed(estimatedCampaignProfit(terms.quantity.trim(), buy, sell))
        : null,
    riskLevel:
      prices && isDecimal(terms.targetAmount) && deadline
        ? assessRiskLevel(
            { buyPrice: buy, sellPrice: sell, targetAmount: terms.targetAmount.trim(), deadline },
            createdAt,
          )
        : null,
  };
}

/** The return to investors after the declared costs and the fee, as typed so far; null until it reads. */
export function netReturnPreview(values: Partial<Record<string, unknown>>): string | null {
  const needed = ['quantity', 'buyPrice', 'sellPrice', 'targetAmount'] as const;
  const costs = ['conversionCost', 'shippingCost', 'insuranceCost', 'feesCost'] as const;
  if (!needed.every((k) => isDecimal(values[k])) || dec((values.targetAmount as string).trim()).lte(0))
    return null;
  if (!costs.every((k) => values[k] === undefined || values[k] === '' || isDecimal(values[k]))) return null;
  const text = (k: string) => (isDecimal(values[k]) ? (values[k] as string).trim() : '0');
  return expectedNetReturn({
    quantity: text('quantity'),
    buyPrice: text('buyPrice'),
    sellPrice: text('sellPrice'),
    targetAmount: text('targetAmount'),
    conversionCost: text('conversionCost'),
    shippingCost: text('shippingCost'),
    insuranceCost: text('insuranceCost'),
    feesCost: text('feesCost'),
  }).netReturnPercent;
}

/** The form's fields, all as the text the inputs hold. */
export type CampaignFormValues = Required<
  Pick<
    CampaignCreateInput,
    | 'title'
    | 'description'
    | 'tradeRoute'
    | 'targetAmount'
    | 'quantity'
    | 'buyPrice'
    | 'sellPrice'
    | 'minimumInvestment'
    | 'deadline'
    | 'riskFactors'
    | 'conversionCost'
    | 'shippingCost'
    | 'insuranceCost'
    | 'feesCost'
  >
> & { region: string };

export const CAMPAIGN_FORM_FIELDS = [
  'title',
  'description',
  'tradeRoute',
  'targetAmount',
  'quantity',
  'buyPrice',
  'sellPrice',
  'minimumInvestment',
  'deadline',
  'region',
  'riskFactors',
  'conversionCost',
  'shippingCost',
  'insuranceCost',
  'feesCost',
] as const satisfies readonly (keyof CampaignFormValues)[];

const DECIMAL_FIELDS = new Set([
  'targetAmount',
  'quantity',
  'buyPrice',
  'sellPrice',
  'minimumInvestment',
  'conversionCost',
  'shippingCost',
  'insuranceCost',
  'feesCost',
]);

/** The form pre-filled from a loaded campaign (its disclosure when loaded with the detail). */
export function campaignFormValues(c: Campaign & { disclosure?: Disclosure }): CampaignFormValues {
  return {
    title: c.title,
    description: c.description,
    tradeRoute: c.tradeRoute,
    targetAmount: c.targetAmount,
    quantity: c.quantity,
    buyPrice: c.buyPrice,
    sellPrice: c.sellPrice,
    minimumInvestment: c.minimumInvestment,
    deadline: dateOfDeadline(c.deadline),
    region: c.region,
    riskFactors: c.disclosure?.riskFactors ?? '',
    conversionCost: c.disclosure?.conversionCost ?? '0',
    shippingCost: c.disclosure?.shippingCost ?? '0',
    insuranceCost: c.disclosure?.insuranceCost ?? '0',
    feesCost: c.disclosure?.feesCost ?? '0',
  };
}

/** True when a field's new text means the same as before ("1.4" and "1.40" are the same price). */
function sameValue(field: string, before: unknown, after: unknown): boolean {
  const a = String(before ?? '').trim();
  const b = String(after ?? '').trim();
  if (DECIMAL_FIELDS.has(field) && isDecimal(a) && isDecimal(b)) return dec(a).eq(b);
  return a === b;
}

/** The edit modal's PATCH body: only the fields whose value changed. */
export function campaignPatchOf(initial: CampaignFormValues, values: CampaignFormValues): CampaignPatchInput {
  const patch: Record<string, string> = {};
  for (const field of CAMPAIGN_FORM_FIELDS) {
    if (!sameValue(field, initial[field], values[field])) patch[field] = String(values[field]).trim();
  }
  return patch as CampaignPatchInput;
}

// ---- the campaigns table -----------------------------------------------------------------------

export const CAMPAIGN_TABLE_SORTS = [
  'title',
  'status',
  'target',
  'raised',
  'roi',
  'deadline',
  'created',
] as const;
export type CampaignTableSort = (typeof CAMPAIGN_TABLE_SORTS)[number];

const STATUS_ORDER: Record<CampaignStatus, number> = {
  cancelled: 0,
  active: 1,
  funded: 2,
  trading: 3,
  completed: 4,
};

/** Ascending order of two campaigns by a column (0 for a tie). */
export function compareCampaigns(a: Campaign, b: Campaign, sort: CampaignTableSort): number {
  switch (sort) {
    case 'title':
      return a.title.localeCompare(b.title, 'en', { sensitivity: 'base' });
    case 'status':
      return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
    case 'target':
      return dec(a.targetAmount).cmp(b.targetAmount);
    case 'raised':
      return fundingProgressPercent(a.raisedAmount, a.targetAmount).cmp(
        fundingProgressPercent(b.raisedAmount, b.targetAmount),
      );
    case 'roi':
      return expectedRoiPercent(a.buyPrice, a.sellPrice).cmp(expectedRoiPercent(b.buyPrice, b.sellPrice));
    case 'deadline':
      return Date.parse(a.deadline) - Date.parse(b.deadline);
    case 'created':
      return Date.parse(a.createdAt) - Date.parse(b.createdAt);
  }
}

export function sortCampaigns(
  campaigns: readonly Campaign[],
  sort: CampaignTableSort,
  direction: 'asc' | 'desc',
): Campaign[] {
  const sign = direction === 'asc' ? 1 : -1;
  // Ties keep the newest first whichever way the column is sorted.
  return [...campaigns].sort(
    (a, b) => sign * compareCampaigns(a, b, sort) || Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
}

/** The table's text filter: title or route, case-insensitively. */
export function matchesCampaignText(c: Pick<Campaign, 'title' | 'tradeRoute'>, text: string): boolean {
  const q = text.trim().toLowerCase();
  return !q || c.title.toLowerCase().includes(q) || c.tradeRoute.toLowerCase().includes(q);
}

// ---- analytics ---------------------------------------------------------------------------------

export interface RaisedOverTimePoint {
  /** When the investment that added to the total was recorded (ISO date-time). */
  at: string;
  /** The campaign it went to. */
  title: string;
  raised: string;
  /** Raised across this and every earlier investment. */
  cumulative: string;
}

/** The investments that still count as raised: recorded, and not refunded (paid out counts). */
const RAISED_STATUSES: ReadonlySet<string> = new Set(['confirmed', 'paid_out']);

/**
 * Funds raised over time, investment by investment: each investment still counted as raised (not
 * refunded) on the day it was recorded, in the campaigns given (the trader's live ones), the running
 * total after each. `investors` holds each campaign's investor list (GET /api/campaigns/:id/investors).
 */
export function raisedByInvestmentDate(
  campaigns: readonly Pick<Campaign, 'id' | 'title'>[],
  investors: Readonly<Record<string, readonly Pick<CampaignInvestor, 'amount' | 'status' | 'confirmedAt'>[]>>,
): RaisedOverTimePoint[] {
  const investments = campaigns.flatMap((c) =>
    (investors[c.id] ?? [])
      .filter((i) => i.confirmedAt !== null && RAISED_STATUSES.has(i.status))
      .map((i) => ({ at: i.confirmedAt!, title: c.title, amount: i.amount })),
  );
  let total = ZERO;
  return investments
    .sort((x, y) => Date.parse(x.at) - Date.parse(y.at))
    .map((i) => {
      total = total.plus(dec(i.amount));
      return { at: i.at, title: i.title, raised: toFixed(i.amount), cumulative: toFixed(total) };
    });
}
