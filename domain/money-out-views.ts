// What the pages show of money leaving escrow and coming back (docs/money.md), computed once for the
// trader's workspace and the admin console: each tranche's amount (released, or its planned share of
// what was raised), the state a trader sees (evidence sent back is still `scheduled` on the wire),
// the tranche a milestone releases, what went to the trade, and whether the result may be declared.
// Apart from money-out.ts so that the schedule's rules stay the server's, and these only read them.
import { errorMessage } from './errors.ts';
import type { MilestoneKind } from './lifecycle.ts';
import { dec, toFixed, ZERO, type DecimalInput } from './money.ts';
import {
  RELEASE_STATUS_LABELS,
  RELEASE_TRIGGER_LABELS,
  trancheAmount,
  type Release,
  type SettlementStatus,
} from './money-out.ts';

type ReleaseLike = Pick<Release, 'trigger' | 'percent' | 'status' | 'amount'>;

/**
 * Each tranche's amount: what was paid once released, else its share of `raised` as it will be
 * released (the last tranche takes the cents the others leave, as the server books it).
 */
export function trancheAmounts(raised: DecimalInput, releases: readonly ReleaseLike[]): string[] {
  return releases.map((r, i) =>
    r.status === 'released' && r.amount !== null ? toFixed(r.amount) : trancheAmount(raised, releases, i),
  );
}

/** "40% when trading starts", "60% on Loaded at port (bill of lading)". */
export function trancheLabel(release: Pick<Release, 'trigger' | 'percent'>): string {
  const percent = `${dec(release.percent).toString()}%`;
  return release.trigger === 'trading'
    ? `${percent} when trading starts`
    : `${percent} on ${RELEASE_TRIGGER_LABELS[release.trigger]}`;
}

/** A tranche as its trader sees it: a `scheduled` one whose evidence an admin sent back says so. */
export const RELEASE_STATES = ['scheduled', 'sent_back', 'awaiting_review', 'released'] as const;
export type ReleaseState = (typeof RELEASE_STATES)[number];
export const RELEASE_STATE_LABELS: Record<ReleaseState, string> = {
  ...RELEASE_STATUS_LABELS,
  sent_back: 'Evidence sent back',
};

export function releaseState(release: Pick<Release, 'status' | 'reviewNote'>): ReleaseState {
  return release.status === 'scheduled' && release.reviewNote ? 'sent_back' : release.status;
}

/**
 * The tranche that recording `milestone` would put up for an admin's confirmation: one on that
 * milestone still scheduled and never sent back. Recording the milestone then needs its document.
 */
export function releaseWaitingOn<R extends Pick<Release, 'trigger' | 'status' | 'reviewNote'>>(
  releases: readonly R[],
  milestone: MilestoneKind,
): R | undefined {
  return releases.find((r) => r.trigger === milestone && releaseState(r) === 'scheduled');
}

/** What went to the trade so far: the tranches released. */
export function disbursedAmount(releases: readonly Pick<Release, 'status' | 'amount'>[]): string {
  return toFixed(
    releases.filter((r) => r.status === 'released').reduce((sum, r) => sum.plus(dec(r.amount)), ZERO),
  );
}

/**
 * Why the trader cannot declare the result now, in the catalogue's words; null when they can: the
 * campaign is trading, its Delivered milestone is recorded, and no settlement is live (none yet, or
 * the last one was rejected).
 */
export function declareResultBlocker(
  campaign: { status: string; settlement: { status: SettlementStatus } | null },
  milestones: readonly { kind: MilestoneKind }[],
): string | null {
  if (campaign.status !== 'trading') return 'Only a campaign in progress can declare its result';
  const live = campaign.settlement && campaign.settlement.status !== 'rejected';
  if (live)
    return errorMessage('SETTLEMENT_EXISTS', { status: campaign.settlement!.status.replace('_', ' ') });
  if (!milestones.some((m) => m.kind === 'delivered')) return errorMessage('DELIVERY_NOT_RECORDED');
  return null;
}

/** A settlement the trader still has to pay (approved, or in default: it can still be paid). */
export function isSettlementDue(status: SettlementStatus): boolean {
  return status === 'approved' || status === 'defaulted';
}
