// Investor protection after investing and before a campaign opens (issue 19 items 5 and 6, DESIGN.md §3,
// docs/campaigns.md, docs/money.md): the reflection period in which a non-sophisticated investor may
// revoke an investment, and the admin's due-diligence review every new campaign waits for. Pure rules
// and wire shapes, shared by the server and the client.
import { z } from 'zod';
import { isSophisticated } from './investor-protection.ts';

// ---- the reflection period (EU 2020/1503 art. 22) ------------------------------------------------

/**
 * Four calendar days, counted as 4 × 24 hours from the moment the investment was confirmed (the money
 * captured into escrow). Timezone-free, never shorter than four days wherever the investor lives, and
 * what the investor reads is the exact instant it ends (in UTC). The end is exclusive: at exactly
 * confirmedAt + 96 h the investment can no longer be revoked.
 */
export const REFLECTION_PERIOD_MS = 4 * 24 * 60 * 60 * 1000;

/** When an investment confirmed at `confirmedAt` stops being revocable. */
export function reflectionEndsAt(confirmedAt: Date | string): Date {
  return new Date(new Date(confirmedAt).getTime() + REFLECTION_PERIOD_MS);
}

export function inReflectionPeriod(confirmedAt: Date | string, now: Date): boolean {
  return now.getTime() < reflectionEndsAt(confirmedAt).getTime();
}

/** Why an investment may not be revoked now; null when it may. The UI shows the Revoke button on null. */
export type RevokeRefusal = 'sophisticated' | 'not-confirmed' | 'not-in-escrow' | 'period-over';

export function revokeRefusal(
  investment: { status: string; confirmedAt: Date | string | null; escrowStatus: string | null },
  investor: Parameters<typeof isSophisticated>[0],
  now: Date,
): RevokeRefusal | null {
  if (isSophisticated(investor, now)) return 'sophisticated';
  if (investment.status !== 'confirmed' || !investment.confirmedAt) return 'not-confirmed';
  // Disputed, released to the trade, refunded: the money is not simply waiting in escrow.
  if (investment.escrowStatus !== 'held') return 'not-in-escrow';
  if (!inReflectionPeriod(investment.confirmedAt, now)) return 'period-over';
  return null;
}

/** "5 Mar 2027, 14:03 UTC": the instant a period ends, the same for everyone. */
export function utcMomentText(at: Date | string): string {
  const d = new Date(at);
  const date = d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}

export const REFLECTION_TEXT = {
  revokeUntil: (until: Date | string) => `You can revoke this investment until ${utcMomentText(until)}.`,
  tradingWaits: (until: Date | string) =>
    `Trading can start on ${utcMomentText(until)}: investors may still revoke their investments until then.`,
  revokeTitle: 'Revoke this investment?',
  revokeBody:
    'You get the full amount back to where you paid from (your card or your HydroBridge balance), and the amount is open to other investors again. You do not need to give a reason.',
  revoked: 'Investment revoked: your refund is on its way.',
  refunded: 'Investment revoked: the full amount is refunded.',
} as const;

/** `POST /api/investments/:id/revoke` answers the refund. */
export const revokeResultSchema = z.object({
  investmentId: z.string().uuid(),
  status: z.enum(['refunding', 'refunded']),
  amount: z.string(),
  revokedAt: z.string().datetime(),
});
export type RevokeResult = z.infer<typeof revokeResultSchema>;

// ---- campaign due diligence -----------------------------------------------------------------------

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
/** What an admin's review decided (a review row holds one; pending is the absence of one). */
export const REVIEW_DECISIONS = [
  'approved',
  'rejected',
] as const satisfies readonly (typeof REVIEW_STATUSES)[number][];
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Awaiting review',
  approved: 'Approved',
  rejected: 'Sent back',
};

/** On every campaign answer (fixed contract): the reason only when an admin sent it back. */
export const campaignReviewSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  reason: z.string().optional(),
});
export type CampaignReview = z.infer<typeof campaignReviewSchema>;

/** The documents a trader files for the review (campaign documents of these kinds). */
export const DILIGENCE_DOCUMENT_KINDS = ['supply_contract', 'offtake_contract', 'financials'] as const;
export type DiligenceDocumentKind = (typeof DILIGENCE_DOCUMENT_KINDS)[number];
export const DILIGENCE_DOCUMENT_LABELS: Record<DiligenceDocumentKind, string> = {
  supply_contract: 'Supply contract',
  offtake_contract: 'Offtake contract',
  financials: 'Latest financial statements',
};

/** What the reviewing admin checks; the ones ticked are recorded with the decision. */
export const REVIEW_CHECKS = [
  'supplier_verified',
  'offtaker_verified',
  'terms_match_contracts',
  'financials_reviewed',
  'route_and_logistics',
] as const;
export type ReviewCheck = (typeof REVIEW_CHECKS)[number];
export const REVIEW_CHECK_LABELS: Record<ReviewCheck, string> = {
  supplier_verified: 'The supply contract names the trader and a real producer, for this quantity and price',
  offtaker_verified: 'The offtake contract names a real buyer, for this quantity and sell price',
  terms_match_contracts: "The campaign's quantity, prices and route match the contracts",
  financials_reviewed: "The trader's latest financial statements were read and show no red flag",
  route_and_logistics: 'The trade route, timelines and deadline are realistic',
};

export const REVIEW_REASON_MAX = 2000;

/** `POST /api/admin/campaigns/:id/review` (fixed contract), the checklist an optional addition. */
export const campaignReviewDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({
      decision: z.literal('approve'),
      checks: z.array(z.enum(REVIEW_CHECKS)).max(REVIEW_CHECKS.length).optional(),
    }),
    z.strictObject({
      decision: z.literal('reject'),
      reason: z
        .string({ error: 'A reason is required to send a campaign back' })
        .trim()
        .min(1, 'A reason is required to send a campaign back')
        .max(REVIEW_REASON_MAX, `The reason must be at most ${REVIEW_REASON_MAX} characters`),
      checks: z.array(z.enum(REVIEW_CHECKS)).max(REVIEW_CHECKS.length).optional(),
    }),
  ],
  { error: 'decision must be "approve" or "reject"' },
);
export type CampaignReviewDecision = z.infer<typeof campaignReviewDecisionSchema>;

/** One past decision, as the admin review page and the trader read it. */
export const reviewDecisionViewSchema = z.object({
  decision: z.enum(REVIEW_DECISIONS),
  reason: z.string().nullable(),
  checks: z.array(z.enum(REVIEW_CHECKS)),
  reviewerName: z.string(),
  decidedAt: z.string().datetime(),
});
export type ReviewDecisionView = z.infer<typeof reviewDecisionViewSchema>;

/** `GET /api/admin/campaign-reviews`: the campaigns waiting for review, oldest first. */
export const reviewQueueItemSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  traderName: z.string(),
  traderCompany: z.string().nullable(),
  targetAmount: z.string(),
  tradeRoute: z.string(),
  submittedAt: z.string().datetime(),
  /** The diligence documents on file, by kind. */
  documentKinds: z.array(z.enum(DILIGENCE_DOCUMENT_KINDS)),
  previousRejections: z.number().int().nonnegative(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
export const reviewQueueSchema = z.array(reviewQueueItemSchema);

/** The diligence documents a campaign still lacks before it can be approved. */
export function missingDiligenceDocuments(kinds: readonly string[]): DiligenceDocumentKind[] {
  return DILIGENCE_DOCUMENT_KINDS.filter((k) => !kinds.includes(k));
}

/**
 * Whether an edit of an approved campaign sends it back to review: a change of its financial terms or
 * release schedule (only possible before any hold or money: areTermsLocked) — the review checked those
 * against the contracts. Title, description and route wording do not.
 */
export function editNeedsReview(review: ReviewStatus, termsChanged: boolean): boolean {
  return review === 'rejected' || (review === 'approved' && termsChanged);
}

export const REVIEW_TEXT = {
  pendingForTrader:
    'Awaiting review: an admin checks your supply and offtake contracts and latest financials before investors can see this campaign.',
  rejectedForTrader: (reason: string) =>
    `Sent back by the reviewer: ${reason} Edit the campaign or file the missing documents; saving sends it back for review.`,
} as const;
