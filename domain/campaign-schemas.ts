// Campaign wire shapes (spec §3, §7): what the list and detail calls return, the create and edit
// inputs (shared by the trader's forms and the server), the list query and the trader stats.
import { z } from 'zod';
import { pagingParams } from './paging.ts';
import { CAMPAIGN_LIMITS, endOfDeadlineDay } from './campaign-rules.ts';
import { CAMPAIGN_PAGE_SIZE, CAMPAIGN_SORTS, CAMPAIGN_STATUSES, REGIONS, RISK_LEVELS } from './campaigns.ts';
import { decimalField, NUMERIC_MAX } from './decimal-schema.ts';
import { campaignReviewSchema, reviewDecisionViewSchema } from './diligence.ts';
import { dec, MIN_INVESTMENT } from './money.ts';
import { releaseScheduleSchema, releaseSchema, settlementViewSchema } from './money-out.ts';
import { textField } from './text.ts';
import { disclosureFields, disclosureSchema, trackRecordSchema } from './returns-schema.ts';

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
  /** Distinct investors with a confirmed investment. */
  investorCount: z.number().int().nonnegative(),
  deadline: z.string().datetime(),
  expectedProfit: decimalString.nullable(),
  actualProfit: decimalString.nullable(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
  /** The admin's due-diligence review (fixed contract); only approved campaigns are public. */
  review: campaignReviewSchema,
  /**
   * kg CO₂e per kg H₂ delivered (docs/carbon.md, fixed contract): the highest of the cargo's approved
   * Guarantees of Origin; null when unknown.
   */
  carbonIntensity: decimalString.nullable(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.array(campaignSchema);

/**
 * The detail call adds who runs the trade (what an investor checks before backing it) and where its
 * money is (docs/money.md): the release schedule with its evidence, and the settlement once declared.
 */
export const campaignDetailSchema = campaignSchema.extend({
  traderName: z.string(),
  traderCompany: z.string().nullable(),
  /** The financial terms and the schedule can no longer change: a card holds money for it, or it raised some. */
  termsLocked: z.boolean(),
  releases: z.array(releaseSchema),
  settlement: settlementViewSchema.nullable(),
  /**
   * While a confirmed investment may still be revoked (its reflection period): when the last such
   * period ends, and trading may start. Null when none is open.
   */
  reflectionEndsAt: z.string().datetime().nullable(),
  /** The review's decisions, newest first: for the campaign's trader and admins only (else empty). */
  reviewHistory: z.array(reviewDecisionViewSchema),
  /** The trader's risk factors and declared costs (the KIIS's, part of the terms). */
  disclosure: disclosureSchema,
  /** The terms version: the version of the KIIS an investor acknowledges. */
  termsVersion: z.number().int().positive(),
  /** The trader's completed campaigns, expected against realised, and defaults (issue 19 §7). */
  trackRecord: trackRecordSchema,
  /**
   * A cancelled campaign's refunds (jobs at the payment provider, docs/jobs.md): how many of its
   * investments are refunded so far, of how many. Null unless cancelled with money to give back.
   */
  refunds: z.object({ refunded: z.number().int(), total: z.number().int() }).nullable(),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

// ---- create and edit ---------------------------------------------------------------------------

export const CAMPAIGN_MESSAGES = {
  titleTooShort: `Title must be at least ${CAMPAIGN_LIMITS.titleMin} characters`,
  titleTooLong: `Title must be at most ${CAMPAIGN_LIMITS.titleMax} characters`,
  descriptionTooLong: 'Description must be at most 5,000 characters',
  tradeRouteRequired: 'Trade route is required',
  tradeRouteTooLong: `Trade route must be at most ${CAMPAIGN_LIMITS.tradeRouteMax} characters`,
  minimumTooLow: 'Minimum investment must be at least $100',
  sellAboveBuy: 'Sell price must be higher than the buy price',
  minimumAboveTarget: 'Minimum investment cannot be more than the target amount',
  targetBelowRaised: 'Target amount cannot be less than the amount already raised',
  deadlineInvalid: 'Deadline must be a date',
  deadlinePast: 'Deadline must be in the future',
  deadlineTooFar: 'Deadline must be within one year',
  regionInvalid: 'Region must be Asia, Europe or Americas',
  regionUnknown: "Choose the region: the trade route's destination is not one we recognise",
  readOnlyFields: 'These fields cannot be set',
  notTrader: 'Only traders can create campaigns',
  kycRequired: 'Complete your KYC verification before creating campaigns',
  traderMismatch: 'Campaigns can only be created under your own account',
  notOwner: 'You can only edit your own campaigns',
  completedLocked: 'Completed campaigns cannot be edited',
  termsLocked:
    'The financial terms are locked: investors have committed money to this campaign. You can still edit its title, description and trade route.',
} as const;

const DAY_MS = 86_400_000;

/**
 * Deadline: a date ("2027-03-01", the end of that day in UTC: funding closes when the day ends) or an
 * ISO date-time; out comes an ISO date-time string. Must lie in the future and at most a year out.
 */
const deadlineField = z
  .string({ error: CAMPAIGN_MESSAGES.deadlineInvalid })
  .trim()
  .transform((v, ctx) => {
    const day = /^(\d{4}-\d{2}-\d{2})(T.*)?$/.exec(v)?.[1];
    // A day is the end of that day; a date-time must still name a day that exists.
    const endOfDay = day ? endOfDeadlineDay(day) : undefined;
    const ms = !endOfDay ? NaN : v === day ? endOfDay.getTime() : Date.parse(v);
    if (Number.isNaN(ms)) {
      ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.deadlineInvalid });
      return z.NEVER;
    }
    return new Date(ms).toISOString();
  })
  .refine((iso) => Date.parse(iso) > Date.now(), CAMPAIGN_MESSAGES.deadlinePast)
  .refine(
    (iso) => Date.parse(iso) <= Date.now() + CAMPAIGN_LIMITS.deadlineMaxDays * DAY_MS,
    CAMPAIGN_MESSAGES.deadlineTooFar,
  );

const campaignFields = {
  title: textField('Title', { error: CAMPAIGN_MESSAGES.titleTooShort })
    .trim()
    .min(CAMPAIGN_LIMITS.titleMin, CAMPAIGN_MESSAGES.titleTooShort)
    .max(CAMPAIGN_LIMITS.titleMax, CAMPAIGN_MESSAGES.titleTooLong),
  description: textField('Description', { multiline: true, error: CAMPAIGN_MESSAGES.descriptionTooLong })
    .trim()
    .max(CAMPAIGN_LIMITS.descriptionMax, CAMPAIGN_MESSAGES.descriptionTooLong),
  tradeRoute: textField('Trade route', { error: CAMPAIGN_MESSAGES.tradeRouteRequired })
    .trim()
    .min(1, CAMPAIGN_MESSAGES.tradeRouteRequired)
    .max(CAMPAIGN_LIMITS.tradeRouteMax, CAMPAIGN_MESSAGES.tradeRouteTooLong),
  targetAmount: decimalField('Target amount', { max: NUMERIC_MAX.money }),
  quantity: decimalField('Quantity', { max: NUMERIC_MAX.quantity }),
  buyPrice: decimalField('Buy price', { max: NUMERIC_MAX.price }),
  sellPrice: decimalField('Sell price', { max: NUMERIC_MAX.price }),
  minimumInvestment: decimalField('Minimum investment', {
    max: NUMERIC_MAX.money,
    min: MIN_INVESTMENT,
    minMessage: CAMPAIGN_MESSAGES.minimumTooLow,
  }),
  /** Optional: without it the region comes from the route's destination (campaign-rules.ts). */
  region: z.enum(REGIONS, { error: CAMPAIGN_MESSAGES.regionInvalid }),
  deadline: deadlineField,
  /** The spec's payload carries it; it must name the signed-in trader (checked by the server). */
  traderId: z.string(),
};

/** Unknown keys are refused, not dropped: a client setting raisedAmount or status must hear no. */
const refuseUnknownKeys = (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys'
    ? `${CAMPAIGN_MESSAGES.readOnlyFields}: ${(issue as { keys: string[] }).keys.join(', ')}`
    : undefined;

interface CampaignTerms {
  targetAmount: string;
  buyPrice: string;
  sellPrice: string;
  minimumInvestment: string;
  raisedAmount?: string;
}

/** Rules across fields, shared by create and by edit (which checks the merged result). */
export function campaignTermsIssues(
  terms: CampaignTerms,
): Array<{ path: keyof CampaignTerms; message: string }> {
  const issues: Array<{ path: keyof CampaignTerms; message: string }> = [];
  if (dec(terms.sellPrice).lte(terms.buyPrice))
    issues.push({ path: 'sellPrice', message: CAMPAIGN_MESSAGES.sellAboveBuy });
  if (dec(terms.minimumInvestment).gt(terms.targetAmount))
    issues.push({ path: 'minimumInvestment', message: CAMPAIGN_MESSAGES.minimumAboveTarget });
  if (terms.raisedAmount !== undefined && dec(terms.targetAmount).lt(terms.raisedAmount))
    issues.push({ path: 'targetAmount', message: CAMPAIGN_MESSAGES.targetBelowRaised });
  return issues;
}

/** POST /api/campaigns and the create page (spec §3 creation input, plus minimum and region). */
export const campaignCreateSchema = z
  .strictObject(
    {
      ...campaignFields,
      description: campaignFields.description.default(''),
      minimumInvestment: campaignFields.minimumInvestment.default(MIN_INVESTMENT),
      region: campaignFields.region.optional(),
      traderId: campaignFields.traderId.optional(),
      releaseSchedule: releaseScheduleSchema.optional(),
      riskFactors: disclosureFields.riskFactors.optional(),
      conversionCost: disclosureFields.conversionCost.optional(),
      shippingCost: disclosureFields.shippingCost.optional(),
      insuranceCost: disclosureFields.insuranceCost.optional(),
      feesCost: disclosureFields.feesCost.optional(),
    },
    { error: refuseUnknownKeys },
  )
  .superRefine((values, ctx) => {
    for (const issue of campaignTermsIssues(values))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type CampaignCreateInput = z.input<typeof campaignCreateSchema>;
export type CampaignCreate = z.output<typeof campaignCreateSchema>;

/** PATCH /api/campaigns/:id and the edit modal: any of the create fields; the server checks the merge. */
export const campaignPatchSchema = z.strictObject(
  {
    title: campaignFields.title.optional(),
    description: campaignFields.description.optional(),
    tradeRoute: campaignFields.tradeRoute.optional(),
    targetAmount: campaignFields.targetAmount.optional(),
    quantity: campaignFields.quantity.optional(),
    buyPrice: campaignFields.buyPrice.optional(),
    sellPrice: campaignFields.sellPrice.optional(),
    minimumInvestment: campaignFields.minimumInvestment.optional(),
    region: campaignFields.region.optional(),
    deadline: campaignFields.deadline.optional(),
    traderId: campaignFields.traderId.optional(),
    releaseSchedule: releaseScheduleSchema.optional(),
    riskFactors: disclosureFields.riskFactors.optional(),
    conversionCost: disclosureFields.conversionCost.optional(),
    shippingCost: disclosureFields.shippingCost.optional(),
    insuranceCost: disclosureFields.insuranceCost.optional(),
    feesCost: disclosureFields.feesCost.optional(),
  },
  { error: refuseUnknownKeys },
);
export type CampaignPatchInput = z.input<typeof campaignPatchSchema>;
export type CampaignPatch = z.output<typeof campaignPatchSchema>;

// ---- list query --------------------------------------------------------------------------------

/** "all" (the filters' first option) and "" mean no filter. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .enum([...values, 'all', ''] as unknown as readonly [T[number] | 'all' | '', ...string[]], {
      error: `${label} must be one of: all, ${values.join(', ')}`,
    })
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : (v as T[number] | undefined)));

/** `status=active,funded` or `status=active&status=funded`. */
const statusList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(
    z.array(z.enum(CAMPAIGN_STATUSES, { error: `status must be among: ${CAMPAIGN_STATUSES.join(', ')}` })),
  )
  .transform((v) => (v.length ? [...new Set(v)].sort() : undefined));

export const campaignListQuerySchema = z.object({
  traderId: z.string().uuid('traderId must be a user id').optional(),
  status: statusList.optional(),
  q: textField('Search text')
    .trim()
    .max(100, 'Search text must be at most 100 characters')
    .optional()
    .transform((v) => v || undefined),
  risk: optionalChoice(RISK_LEVELS, 'risk'),
  region: optionalChoice(REGIONS, 'region'),
  sort: z
    .enum(CAMPAIGN_SORTS, { error: `sort must be one of: ${CAMPAIGN_SORTS.join(', ')}` })
    .default('newest'),
  ...pagingParams(CAMPAIGN_PAGE_SIZE),
});
export type CampaignListQueryInput = z.input<typeof campaignListQuerySchema>;
export type CampaignListQuery = z.output<typeof campaignListQuerySchema>;

// ---- trader stats ------------------------------------------------------------------------------

/** GET /api/trader/stats/:traderId (spec §3 trader stats, plus the two rates the dashboard shows). */
export const traderStatsSchema = z.object({
  totalCampaigns: z.number().int(),
  activeCampaigns: z.number().int(),
  /** Money raised across the trader's campaigns, cancelled (refunded) ones excluded. */
  totalFunded: decimalString,
  /** Actual profit recorded on completed campaigns. */
  totalProfits: decimalString,
  /** Percent (1 decimal) of campaigns whose funding ended that reached their target; null before any ended. */
  successRate: decimalString.nullable(),
  /** Mean expected ROI in percent (1 decimal) over the trader's campaigns, drafts excluded; null without any. */
  averageRoi: decimalString.nullable(),
});
export type TraderStats = z.infer<typeof traderStatsSchema>;
