// Campaign lifecycle after funding (DESIGN.md §3, issue 11): the transitions call's body, shipment
// milestones, and the profit distribution at completion. The distribution is pure (big.js, strings in
// and out) so the server books it and the trader's confirmation dialog shows the very same figures.
import Big from 'big.js';
import { z } from 'zod';
import {
  CAMPAIGN_TRANSITIONS,
  type CampaignStatus,
  type CampaignTransition,
  type TransitionActor,
} from './campaigns.ts';
import { NUMERIC_MAX } from './decimal-schema.ts';
import { dec, platformFee, toFixed, ZERO, type DecimalInput } from './money.ts';
import { textField } from './text.ts';

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

/** `POST /api/campaigns/:id/transitions`: the status to move to, and what that move needs. */
export const transitionSchema = z.discriminatedUnion(
  'to',
  [
    z.strictObject({ to: z.literal('trading') }),
    z.strictObject({ to: z.literal('completed'), actualProfit: signedMoney('Actual profit') }),
    z.strictObject({
      to: z.literal('cancelled'),
      reason: textField('Reason', { multiline: true })
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
});
export type MilestoneCreate = z.output<typeof milestoneCreateSchema>;

export const milestoneSchema = z.object({
  id: z.string().uuid(),
  campaignId: z.string().uuid(),
  kind: z.enum(MILESTONE_KINDS),
  at: z.string().datetime(),
  note: z.string().nullable(),
  documentRef: z.string().nullable(),
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
 * Splits `total` (a cent amount, either sign) in proportion to `weights`, to the cent: everyone gets
 * their quota rounded toward zero, then the cents left go one each to the largest fractions, ties to
 * the smaller id, so the parts always sum to exactly `total` and the split is the same on every run.
 */
export function apportion(total: DecimalInput, weights: ReadonlyArray<{ id: string; weight: Big }>): Big[] {
  const sum = weights.reduce((s, w) => s.plus(w.weight), ZERO);
  const cents = dec(total).times(100);
  if (!cents.eq(cents.round(0))) throw new RangeError('apportion takes a whole number of cents');
  if (sum.lte(0)) return weights.map(() => new Big(0));
  const sign = cents.lt(0) ? -1 : 1;
  const abs = cents.abs();
  const quotas = weights.map((w) => abs.times(w.weight).div(sum));
  const floors = quotas.map((q) => q.round(0, Big.roundDown));
  let left = Number(abs.minus(floors.reduce((s, f) => s.plus(f), ZERO)).toFixed(0));
  const order = weights
    .map((w, i) => ({ i, id: w.id, frac: quotas[i]!.minus(floors[i]!) }))
    .sort((a, b) => b.frac.cmp(a.frac) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]!.plus(1);
    left--;
  }
  return floors.map((f) => f.times(sign).div(100));
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
