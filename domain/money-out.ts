// Money leaving escrow for the trade and coming back (docs/money.md): the release schedule, the
// settlement the trader declares and pays in, payouts to bank accounts. Statuses, rules and figures are
// pure here (big.js, strings in and out) so the server books exactly what the pages show.
import Big from 'big.js';
import { z } from 'zod';
import { DILIGENCE_DOCUMENT_KINDS } from './diligence.ts';
import { MILESTONE_KINDS, type MilestoneKind, apportion } from './lifecycle.ts';
import { dec, percentOf, platformFee, toFixed, ZERO, type DecimalInput } from './money.ts';
import { textField } from './text.ts';

// ---- the release schedule ---------------------------------------------------------------------

/** When a tranche is released: when trading starts, or on a shipment milestone (against its document). */
export const RELEASE_TRIGGERS = ['trading', ...MILESTONE_KINDS.filter((k) => k !== 'delivered')] as const;
export type ReleaseTrigger = 'trading' | MilestoneKind;
export const RELEASE_TRIGGER_LABELS: Record<ReleaseTrigger, string> = {
  trading: 'When trading starts',
  loaded: 'Loaded at port (bill of lading)',
  departed: 'Departed',
  arrived: 'Arrived',
  customs_cleared: 'Customs cleared',
  delivered: 'Delivered',
};

/**
 * - `scheduled`: waits for its trigger.
 * - `awaiting_review`: its milestone was recorded with its document; an admin confirms it.
 * - `released`: paid from escrow to the trader (and on to their bank account).
 */
export const RELEASE_STATUSES = ['scheduled', 'awaiting_review', 'released'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  scheduled: 'Scheduled',
  awaiting_review: 'Awaiting admin confirmation',
  released: 'Released to the trader',
};

export interface Tranche {
  trigger: ReleaseTrigger;
  /** Percent of the raised money, "40" or "40.5". */
  percent: string;
}

/** Default: everything when trading starts (the trader buys the cargo with it). */
export const DEFAULT_RELEASE_SCHEDULE: readonly Tranche[] = [{ trigger: 'trading', percent: '100' }];

/** What is wrong with a schedule, in words for the form; undefined when it is sound. */
export function releaseScheduleIssue(schedule: readonly Tranche[]): string | undefined {
  if (schedule.length === 0) return 'The release schedule needs at least one tranche';
  if (schedule[0]!.trigger !== 'trading')
    return 'The first tranche is released when trading starts: the trader needs it to buy the cargo';
  const triggers = schedule.map((t) => t.trigger);
  if (new Set(triggers).size !== triggers.length) return 'Each milestone can release only one tranche';
  const order = (t: ReleaseTrigger) => (t === 'trading' ? -1 : MILESTONE_KINDS.indexOf(t));
  if (triggers.some((t, i) => i > 0 && order(t) <= order(triggers[i - 1]!)))
    return 'Tranches follow the shipment: each milestone after the one before';
  if (schedule.some((t) => !dec(t.percent).gt(0))) return 'Each tranche must be more than 0%';
  const total = schedule.reduce((s, t) => s.plus(dec(t.percent)), ZERO);
  if (!total.eq(100)) return `The tranches must add up to 100% (they add up to ${toFixed(total)}%)`;
  return undefined;
}

/**
 * The amount of tranche `index` of `raised`: its percent, to the cent (half up); the last tranche
 * takes what the others left, so the tranches always add up to exactly what was raised.
 */
export function trancheAmount(
  raised: DecimalInput,
  schedule: readonly Pick<Tranche, 'percent'>[],
  index: number,
): string {
  const part = (i: number) => dec(raised).times(dec(schedule[i]!.percent)).div(100).round(2, Big.roundHalfUp);
  if (index < schedule.length - 1) return toFixed(part(index));
  const before = schedule.slice(0, -1).reduce((s, _t, i) => s.plus(part(i)), ZERO);
  return toFixed(dec(raised).minus(before));
}

/** The schedule in the create form and `POST /api/campaigns` (`releaseSchedule`); default: all at trading. */
export const releaseScheduleSchema = z
  .array(
    z.strictObject({
      trigger: z.enum(RELEASE_TRIGGERS, {
        error: `trigger must be one of ${RELEASE_TRIGGERS.join(', ')}`,
      }),
      percent: z
        .string({ error: 'percent must be a decimal string, e.g. "40"' })
        .regex(/^\d{1,3}(\.\d{1,2})?$/, 'percent must be a number with at most 2 decimals'),
    }),
  )
  .min(1, 'The release schedule needs at least one tranche')
  .max(RELEASE_TRIGGERS.length, `The release schedule has at most ${RELEASE_TRIGGERS.length} tranches`)
  .superRefine(
    (schedule, ctx) => {
      const issue = releaseScheduleIssue(schedule);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    },
    // Only on well-formed tranches: it parses the percents (a tranche's own issue does not stop it).
    { when: (payload) => payload.issues.length === 0 },
  );

/** Each investment's part of a release (what `/portfolio` shows went to the trade), to the cent. */
export function investorPartsOf(
  releaseAmount: DecimalInput,
  investments: ReadonlyArray<{ id: string; amount: DecimalInput }>,
): Map<string, string> {
  const parts = apportion(
    releaseAmount,
    investments.map((i) => ({ id: i.id, weight: dec(i.amount) })),
  );
  return new Map(investments.map((i, k) => [i.id, toFixed(parts[k]!)]));
}

// ---- the settlement ----------------------------------------------------------------------------

/**
 * - `pending_review`: declared by the trader; an admin checks it against the invoice.
 * - `approved`: due: the trader pays it (card, or a bank transfer an admin marks received).
 * - `rejected`: the trader declares again.
 * - `defaulted`: unpaid SETTLEMENT_GRACE_DAYS after approval (it can still be paid).
 * - `paid`: received and distributed; the campaign is completed.
 */
export const SETTLEMENT_STATUSES = ['pending_review', 'approved', 'rejected', 'defaulted', 'paid'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];
/** Named groups of settlement statuses (domain/status-groups.ts). */
export const SETTLEMENT_STATUS_GROUPS = {
  /** The trader still owes it (declared, approved, or defaulted): not paid, not rejected. */
  due: ['pending_review', 'approved', 'defaulted'],
} as const satisfies Record<string, readonly SettlementStatus[]>;

export const SETTLEMENT_STATUS_LABELS: Record<SettlementStatus, string> = {
  pending_review: 'Awaiting admin review',
  approved: 'Due from the trader',
  rejected: 'Rejected',
  defaulted: 'In default',
  paid: 'Paid and distributed',
};

/** The P&L waterfall a trader declares: proceeds less costs is the actual profit. */
export interface Waterfall {
  salesProceeds: string;
  purchaseCost: string;
  shippingCost: string;
  insuranceCost: string;
  otherCosts: string;
}

export function waterfallProfit(w: Waterfall): string {
  return toFixed(
    dec(w.salesProceeds)
      .minus(w.purchaseCost)
      .minus(w.shippingCost)
      .minus(w.insuranceCost)
      .minus(w.otherCosts),
  );
}

/**
 * The estimate made at creation, beside the actual: proceeds = quantity × 1000 × sell price,
 * purchase = quantity × 1000 × buy price (spec §9; shipping and the rest were not estimated).
 */
export function estimatedWaterfall(campaign: {
  quantity: DecimalInput;
  buyPrice: DecimalInput;
  sellPrice: DecimalInput;
}): Pick<Waterfall, 'salesProceeds' | 'purchaseCost'> & { profit: string } {
  const kg = dec(campaign.quantity).times(1000);
  const proceeds = kg.times(dec(campaign.sellPrice));
  const purchase = kg.times(dec(campaign.buyPrice));
  return {
    salesProceeds: toFixed(proceeds),
    purchaseCost: toFixed(purchase),
    profit: toFixed(proceeds.minus(purchase)),
  };
}

export interface SettlementFigures {
  /** What the investors put in (the campaign's raised amount). */
  principal: string;
  /** What went to the trade; principal − disbursed is still in escrow. */
  disbursed: string;
  /** The investors' part of the gross profit (actual profit × raised / target); negative on a loss. */
  grossProfit: string;
  /** 5% of a positive gross profit, none on a loss. */
  fee: string;
  /** What the trader pays in: disbursed + gross profit (the escrow left covers the rest). */
  amountDue: string;
}

/**
 * The settlement of a trade (docs/money.md): investors get principal + gross profit − fee, the
 * platform the fee; the escrow still held pays its part and the trader pays the rest. A loss can take
 * at most what was disbursed (the trade never had the rest): `settlementIssue` refuses more.
 */
export function settlementFigures(input: {
  actualProfit: DecimalInput;
  targetAmount: DecimalInput;
  principal: DecimalInput;
  disbursed: DecimalInput;
}): SettlementFigures {
  const target = dec(input.targetAmount);
  const gross = target.gt(0)
    ? dec(input.actualProfit).times(dec(input.principal)).div(target).round(2, Big.roundHalfUp)
    : new Big(0);
  return {
    principal: toFixed(input.principal),
    disbursed: toFixed(input.disbursed),
    grossProfit: toFixed(gross),
    fee: toFixed(platformFee(gross)),
    amountDue: toFixed(dec(input.disbursed).plus(gross)),
  };
}

/**
 * The investors' part of the result as the trader reads it before paying in: a profit added to what
 * was disbursed, or a loss taken from it, as a positive amount.
 */
export function investorsShareOf(figures: Pick<SettlementFigures, 'grossProfit'>): {
  kind: 'profit' | 'loss';
  amount: string;
} {
  const gross = dec(figures.grossProfit);
  return gross.lt(0)
    ? { kind: 'loss', amount: toFixed(gross.abs()) }
    : { kind: 'profit', amount: toFixed(gross) };
}

/** Why this result cannot be settled; undefined when it can. */
export function settlementIssue(figures: SettlementFigures): 'LOSS_EXCEEDS_DISBURSED' | undefined {
  return dec(figures.amountDue).lt(0) ? 'LOSS_EXCEEDS_DISBURSED' : undefined;
}

/** Evidence of the trade (milestones, the sales invoice) and the due-diligence files (domain/diligence.ts). */
export const CAMPAIGN_DOCUMENT_KINDS = ['milestone', 'sales_invoice', ...DILIGENCE_DOCUMENT_KINDS] as const;
export type CampaignDocumentKind = (typeof CAMPAIGN_DOCUMENT_KINDS)[number];

// ---- wire shapes: releases, the settlement, campaign documents ------------------------------------

export const campaignDocumentSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(CAMPAIGN_DOCUMENT_KINDS),
  milestone: z.enum(MILESTONE_KINDS).nullable(),
  fileName: z.string(),
  createdAt: z.string().datetime(),
});
export type CampaignDocument = z.infer<typeof campaignDocumentSchema>;

export const releaseSchema = z.object({
  id: z.string().uuid(),
  seq: z.number().int(),
  trigger: z.enum(['trading', ...MILESTONE_KINDS]),
  percent: z.string(),
  status: z.enum(RELEASE_STATUSES),
  /** Set once released (the last tranche takes the cents the others left). */
  amount: z.string().nullable(),
  releasedAt: z.string().datetime().nullable(),
  /** The milestone's evidence, once filed. */
  document: campaignDocumentSchema.nullable(),
  /** Why an admin sent the evidence back. */
  reviewNote: z.string().nullable(),
});
export type Release = z.infer<typeof releaseSchema>;

const waterfallView = z.object({
  salesProceeds: z.string(),
  purchaseCost: z.string(),
  shippingCost: z.string(),
  insuranceCost: z.string(),
  otherCosts: z.string(),
});

/**
 * The campaign answer's `settlement` (a fixed contract: `{status, amountDue, paymentIntentId,
 * clientSecret}`, the last two for its owner and admins once approved), with the waterfall estimated
 * beside actual and the figures of the distribution.
 */
export const settlementViewSchema = z.object({
  status: z.enum(SETTLEMENT_STATUSES),
  amountDue: z.string(),
  paymentIntentId: z.string().nullable(),
  clientSecret: z.string().nullable(),
  actualProfit: z.string(),
  waterfall: waterfallView.nullable(),
  estimate: z.object({ salesProceeds: z.string(), purchaseCost: z.string(), profit: z.string() }),
  principal: z.string(),
  disbursed: z.string(),
  grossProfit: z.string(),
  fee: z.string(),
  declaredAt: z.string().datetime(),
  dueAt: z.string().datetime().nullable(),
  paidAt: z.string().datetime().nullable(),
  rejectReason: z.string().nullable(),
  invoice: campaignDocumentSchema.nullable(),
});
export type SettlementView = z.infer<typeof settlementViewSchema>;

/** `POST /api/admin/campaigns/:id/settlement` (fixed contract). */
export const settlementReviewSchema = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve') }),
    z.strictObject({
      decision: z.literal('reject'),
      reason: textField('Reason', { multiline: true })
        .transform((v) => v.trim())
        .pipe(z.string().min(1, 'Reason is required').max(1000, 'Reason must be at most 1,000 characters')),
    }),
  ],
  { error: 'decision must be approve or reject' },
);
export type SettlementReview = z.output<typeof settlementReviewSchema>;

/** `POST /api/admin/campaigns/:id/releases/:releaseId`: confirm a staged release, or send its evidence back. */
export const releaseReviewSchema = settlementReviewSchema;

/** A settlement in the admin console's lists (awaiting review, due, in default). */
export const adminSettlementSchema = z.object({
  campaignId: z.string().uuid(),
  campaignTitle: z.string(),
  traderName: z.string(),
  status: z.enum(SETTLEMENT_STATUSES),
  amountDue: z.string(),
  actualProfit: z.string(),
  declaredAt: z.string().datetime(),
  dueAt: z.string().datetime().nullable(),
});
export type AdminSettlement = z.infer<typeof adminSettlementSchema>;

/** A staged release waiting for an admin, with its evidence. */
export const adminReleaseSchema = releaseSchema.extend({
  campaignId: z.string().uuid(),
  campaignTitle: z.string(),
});
export type AdminRelease = z.infer<typeof adminReleaseSchema>;

/** The public default rate: settlements in default among those that came due (completed or in default). */
export function defaultRatePercent(defaulted: number, completed: number): string | null {
  const total = defaulted + completed;
  return total === 0 ? null : percentOf(defaulted, total);
}

/** The waterfall as the pages show it: each line, estimated (at creation) beside actual. */
export function waterfallRows(
  s: Pick<SettlementView, 'waterfall' | 'estimate' | 'actualProfit'>,
): Array<{ label: string; estimate: string | null; actual: string | null; total?: boolean }> {
  const w = s.waterfall;
  return [
    { label: 'Sales proceeds', estimate: s.estimate.salesProceeds, actual: w?.salesProceeds ?? null },
    { label: 'Purchase of the cargo', estimate: s.estimate.purchaseCost, actual: w?.purchaseCost ?? null },
    { label: 'Shipping', estimate: null, actual: w?.shippingCost ?? null },
    { label: 'Insurance', estimate: null, actual: w?.insuranceCost ?? null },
    { label: 'Other costs', estimate: null, actual: w?.otherCosts ?? null },
    { label: 'Profit of the trade', estimate: s.estimate.profit, actual: s.actualProfit, total: true },
  ];
}

/** `GET /api/campaigns/:id/documents`. */
export const campaignDocumentListSchema = z.array(campaignDocumentSchema);
/** `POST /api/campaigns/:id/releases/:releaseId/evidence`: the milestone document uploaded first. */
export const releaseEvidenceSchema = z.strictObject({
  documentId: z.string().uuid('documentId must be an id'),
});
/** `GET /api/admin/money`: settlements and staged releases waiting for an admin. */
export const adminMoneySchema = z.object({
  settlements: z.array(adminSettlementSchema),
  releases: z.array(adminReleaseSchema),
});
export type AdminMoney = z.infer<typeof adminMoneySchema>;
