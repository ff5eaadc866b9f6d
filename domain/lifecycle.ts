// Campaign lifecycle after funding (DESIGN.md §3, issue 11): the transitions call's body, shipment
// milestones, and the profit distribution at completion. The distribution is pure (big.js, strings in
// and out) so the server books it and the trader's confirmation dialog shows the very same figures.
import Big from 'big.js';
import { z } from 'zod';
import { documentField, type DocumentFile } from './document-file.ts';
import {
  CAMPAIGN_TRANSITIONS,
  type CampaignStatus,
  type CampaignTransition,
  type TransitionActor,
} from './campaigns.ts';
import { NUMERIC_MAX } from './decimal-schema.ts';
import { dec, platformFee, toFixed, ZERO, type DecimalInput } from './money.ts';
import { textField } from './text.ts';
import type { TimelineEntry } from './timeline.ts';

// ---- the transitions call (fixed contract) -----------------------------------------------------

/** A signed amount with at most 2 decimals ("-1500.00" is a loss): the actual profit may be negative. */
const signedMoney = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${label} is required`
          : `${label} must be a decimal string, e.g. "123456.78" (not a JSON number)`,
    })
    .trim()
    // abort: the refinement below parses the value, so it must not run on text that is no number.
    .regex(/^-?\d+(\.\d{1,2})?$/, {
      message: `${label} must be a number with at most 2 decimal places`,
      abort: true,
    })
    .refine((v) => dec(v).abs().lte(NUMERIC_MAX.money), `${label} is too large`)
    .transform((v) => toFixed(v));

export const CANCEL_REASON_MAX = 500;

/** A non-negative amount of the P&L waterfall. */
const waterfallAmount = (label: string) =>
  signedMoney(label).refine((v) => !v.startsWith('-'), `${label} cannot be negative`);

/** The P&L waterfall a trader declares with the result (docs/money.md): proceeds less costs. */
export const waterfallSchema = z.strictObject({
  salesProceeds: waterfallAmount('Sales proceeds'),
  purchaseCost: waterfallAmount('Purchase cost'),
  shippingCost: waterfallAmount('Shipping cost'),
  insuranceCost: waterfallAmount('Insurance cost'),
  otherCosts: waterfallAmount('Other costs'),
});

export const INVOICE_REQUIRED = 'Attach the sales invoice: the admin checks the result against it';

/** The trader's declare-result form: the waterfall as the server reads it, and the sales invoice. */
export function declareResultFormSchema<F extends DocumentFile = DocumentFile>() {
  return waterfallSchema.extend({ invoice: documentField<F>(INVOICE_REQUIRED) });
}

/**
 * `POST /api/campaigns/:id/transitions`: the status to move to, and what that move needs. Completing
 * declares the result (fixed contract `{to:"completed", actualProfit}`); the waterfall and the sales
 * invoice (a document uploaded to the campaign) go with it from the trader's form.
 */
export const transitionSchema = z.discriminatedUnion(
  'to',
  [
    z.strictObject({ to: z.literal('trading') }),
    z.strictObject({
      to: z.literal('completed'),
      actualProfit: signedMoney('Actual profit'),
      waterfall: waterfallSchema.optional(),
      invoiceDocumentId: z.string().uuid('invoiceDocumentId must be an id').optional(),
    }),
    z.strictObject({
      to: z.literal('cancelled'),
      reason: textField('Reason', { multiline: true, error: 'Reason is required' })
        .transform((v) => v.trim())
        .pipe(
          z
            .string()
            .min(1, 'Reason is required')
            .max(CANCEL_REASON_MAX, `Reason must be at most ${CANCEL_REASON_MAX} characters`),
        ),
    }),
  ],
  { error: 'to must be one of trading, completed, cancelled' },
);
export type TransitionRequest = z.output<typeof transitionSchema>;

/** Who the viewer is to a campaign, for the transitions table. */
export function transitionActor(
  viewer: { id: string; role: string } | null | undefined,
  campaign: { traderId: string },
): TransitionActor | null {
  if (!viewer) return null;
  if (viewer.role === 'admin') return 'admin';
  if (viewer.role === 'trader' && viewer.id === campaign.traderId) return 'owner';
  return null;
}

/**
 * The moves the viewer may make now (the UI offers exactly these; the server checks the same).
 * The owner withdraws only a campaign nobody has invested in (`investorCount` 0).
 */
export function allowedTransitions(
  viewer: { id: string; role: string } | null | undefined,
  campaign: { traderId: string; status: CampaignStatus; investorCount: number },
): CampaignTransition[] {
  const actor = transitionActor(viewer, campaign);
  if (!actor) return [];
  return CAMPAIGN_TRANSITIONS.filter(
    (t) =>
      t.from === campaign.status &&
      t.by === actor &&
      !(t.to === 'cancelled' && actor === 'owner' && campaign.investorCount > 0),
  );
}

// ---- shipment milestones -----------------------------------------------------------------------

export const MILESTONE_KINDS = ['loaded', 'departed', 'arrived', 'customs_cleared', 'delivered'] as const;
export type MilestoneKind = (typeof MILESTONE_KINDS)[number];
export const MILESTONE_LABELS: Record<MilestoneKind, string> = {
  loaded: 'Loaded at port',
  departed: 'Departed',
  arrived: 'Arrived',
  customs_cleared: 'Customs cleared',
  delivered: 'Delivered',
};

export const milestoneCreateSchema = z.strictObject({
  kind: z.enum(MILESTONE_KINDS, { error: `kind must be one of ${MILESTONE_KINDS.join(', ')}` }),
  /** When it happened; the server's time when absent. */
  at: z.string().datetime({ offset: true, error: 'at must be an ISO date-time' }).optional(),
  note: textField('Note', { multiline: true }).max(1000, 'Note must be at most 1,000 characters').optional(),
  documentRef: textField('Document reference')
    .max(200, 'Document reference must be at most 200 characters')
    .optional(),
  /** The milestone's evidence, uploaded to the campaign first: a tranche released on it needs one. */
  documentId: z.string().uuid('documentId must be an id').optional(),
});
export type MilestoneCreate = z.output<typeof milestoneCreateSchema>;

export const evidenceRequired = (kind: MilestoneKind) =>
  `Attach the evidence of ${MILESTONE_LABELS[kind]}: its release needs it`;

/**
 * The record-milestone form: the milestone ('' for the next one), its day (today when empty), a note,
 * a reference and, where a tranche of the release schedule waits on the milestone (`evidenceFor`), its
 * evidence. What is not needed is not sent.
 */
export function milestoneFormSchema<F extends DocumentFile = DocumentFile>(
  evidenceFor: MilestoneKind | null,
) {
  return z.object({
    kind: z.union([z.enum(MILESTONE_KINDS), z.literal('')]),
    date: z.string(),
    note: textField('Note', { multiline: true }).trim().max(1000, 'Note must be at most 1,000 characters'),
    documentRef: textField('Document reference')
      .trim()
      .max(200, 'Document reference must be at most 200 characters'),
    evidence: evidenceFor
      ? documentField<F>(evidenceRequired(evidenceFor))
      : z.unknown().transform((): F | undefined => undefined),
  });
}

export const milestoneSchema = z.object({
  id: z.string().uuid(),
  campaignId: z.string().uuid(),
  kind: z.enum(MILESTONE_KINDS),
  at: z.string().datetime(),
  note: z.string().nullable(),
  documentRef: z.string().nullable(),
  documentId: z.string().uuid().nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

// ---- the distribution at completion ------------------------------------------------------------

export interface DistributionInput {
  /** The trade's gross profit as the trader reports it; negative for a loss. */
  actualProfit: DecimalInput;
  targetAmount: DecimalInput;
  /** The campaign's confirmed investments (id only orders the leftover cents). */
  investments: ReadonlyArray<{ id: string; amount: DecimalInput }>;
}

export interface Payout {
  id: string;
  principal: string;
  /** The investor's share of the net profit (negative on a loss): the investment's profitShare. */
  profitShare: string;
  /** The investor's part of the platform fee (0 on a loss). */
  fee: string;
  /** What the investor receives: principal + profitShare. */
  payout: string;
}

export interface Distribution {
  /** The investors' part of the gross profit: actual profit × raised / target (all of it when fully funded). */
  grossProfit: string;
  fee: string;
  netProfit: string;
  principal: string;
  payouts: Payout[];
}

/**
 * Splits `total` (a cent amount, either sign) in proportion to `weights` (amounts with at most two
 * decimals), to the cent: everyone gets their quota rounded toward zero, then the cents left go one
 * each to the largest remainders, ties to the smaller id, so the parts always sum to exactly `total`
 * and the split is the same on every run. Exact integer arithmetic (BigInt cents): no rounding in the
 * comparison of remainders, and fast for a thousand investors.
 */
export function apportion(total: DecimalInput, weights: ReadonlyArray<{ id: string; weight: Big }>): Big[] {
  const toCents = (value: Big, what: string) => {
    const cents = value.times(100);
    if (!cents.eq(cents.round(0))) throw new RangeError(`apportion takes ${what} in whole cents`);
    return BigInt(cents.toFixed(0));
  };
  const cents = toCents(dec(total), 'a total');
  const w = weights.map((x) => toCents(x.weight, 'weights'));
  const sum = w.reduce((s, x) => s + x, 0n);
  if (sum <= 0n) return weights.map(() => new Big(0));
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const floors = w.map((x) => (abs * x) / sum);
  const remainders = w.map((x) => (abs * x) % sum);
  let left = abs - floors.reduce((s, f) => s + f, 0n);
  const order = weights
    .map((x, i) => ({ i, id: x.id }))
    .sort((a, b) => {
      const ra = remainders[a.i]!;
      const rb = remainders[b.i]!;
      return ra === rb ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : ra > rb ? -1 : 1;
    });
  for (const { i } of order) {
    if (left <= 0n) break;
    floors[i] = floors[i]! + 1n;
    left--;
  }
  return floors.map((f) => new Big((negative ? -f : f).toString()).div(100));
}

/**
 * Completion (DESIGN.md §3, spec §9): the platform fee is 5% of a positive gross profit, never of a
 * loss; each investor receives the principal plus their share (amount / target) of the net profit, or
 * the principal less their share of the loss. Sums are exact: payouts = principal + net profit.
 */
export function distributeProfit({
  actualProfit,
  targetAmount,
  investments,
}: DistributionInput): Distribution {
  const principal = investments.reduce((s, i) => s.plus(dec(i.amount)), ZERO);
  const target = dec(targetAmount);
  const gross = target.gt(0)
    ? dec(actualProfit).times(principal).div(target).round(2, Big.roundHalfUp)
    : new Big(0);
  const fee = platformFee(gross);
  const net = gross.minus(fee);
  const weights = investments.map((i) => ({ id: i.id, weight: dec(i.amount) }));
  const netParts = apportion(net, weights);
  const feeParts = apportion(fee, weights);
  return {
    grossProfit: toFixed(gross),
    fee: toFixed(fee),
    netProfit: toFixed(net),
    principal: toFixed(principal),
    payouts: investments.map((inv, k) => ({
      id: inv.id,
      principal: toFixed(inv.amount),
      profitShare: toFixed(netParts[k]!),
      fee: toFixed(feeParts[k]!),
      payout: toFixed(dec(inv.amount).plus(netParts[k]!)),
    })),
  };
}

/** A loss can take at most the money invested: the investors' loss must not exceed their principal. */
export function lossWithinPrincipal(actualProfit: DecimalInput, targetAmount: DecimalInput): boolean {
  return dec(actualProfit).gte(dec(targetAmount).times(-1));
}

// ---- the trader's investor list ----------------------------------------------------------------

export const campaignInvestorSchema = z.object({
  investmentId: z.string().uuid(),
  investorName: z.string(),
  country: z.string().nullable(),
  amount: z.string(),
  shares: z.string(),
  status: z.string(),
  profitShare: z.string().nullable(),
  payout: z.string().nullable(),
  confirmedAt: z.string().datetime().nullable(),
});
export type CampaignInvestor = z.infer<typeof campaignInvestorSchema>;

/** The shipment as a timeline: every step in order, done with its time and note once recorded. */
export function shipmentTimeline(
  milestones: ReadonlyArray<Pick<Milestone, 'kind' | 'at' | 'note' | 'documentRef'>>,
): TimelineEntry[] {
  return MILESTONE_KINDS.map((kind) => {
    const m = milestones.find((x) => x.kind === kind);
    const note = [m?.note, m?.documentRef && `Document: ${m.documentRef}`].filter(Boolean).join(' · ');
    return { label: MILESTONE_LABELS[kind], ...(m && { at: m.at }), done: !!m, ...(note && { note }) };
  });
}

/** The next step the trader has not recorded yet (the form's default). */
export function nextMilestone(milestones: ReadonlyArray<Pick<Milestone, 'kind'>>): MilestoneKind | undefined {
  return MILESTONE_KINDS.find((kind) => !milestones.some((m) => m.kind === kind));
}

/** `GET /api/campaigns/:id/milestones`. */
export const milestoneListSchema = z.array(milestoneSchema);
/** `GET /api/campaigns/:id/investors`. */
export const campaignInvestorListSchema = z.array(campaignInvestorSchema);
