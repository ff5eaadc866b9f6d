// Money to the trade (docs/money.md): a campaign's release schedule, set at creation and locked with its
// terms. A tranche on `trading` is released when trading starts; one on a shipment milestone waits for
// the milestone's document and an admin's confirmation. A release books the tranche from the campaign's
// escrow to the trader (each investment's record keeps its part, apportioned to the cent) and pays it
// out to the trader's verified bank account.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_RELEASE_SCHEDULE,
  investorPartsOf,
  trancheAmount,
  type ReleaseTrigger,
  type Tranche,
} from '../../../domain/money-out.ts';
import { notify, notifyEach } from '../notifications/index.ts';
import { MILESTONE_LABELS } from '../../../domain/lifecycle.ts';
import { dec, toFixed, usdText, ZERO } from '../../../domain/money.ts';
import type { campaigns } from '../../db/schema/index.ts';
import { campaignReleases, escrowRecords, investments } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { accounts, post, transfer } from './ledger/ledger.ts';
import type { Money } from './context.ts';
import { activeBankAccount, payOutBalance } from './payouts.ts';

type CampaignRow = typeof campaigns.$inferSelect;
export type ReleaseRow = typeof campaignReleases.$inferSelect;

/** Writes a campaign's schedule (creation, or an edit while its terms are not locked yet). */
export async function setReleaseSchedule(
  tx: Tx,
  campaignId: string,
  schedule: readonly Tranche[] = DEFAULT_RELEASE_SCHEDULE,
  now: Date,
): Promise<void> {
  await tx.delete(campaignReleases).where(eq(campaignReleases.campaignId, campaignId));
  await tx
    .insert(campaignReleases)
    .values(
      schedule.map((t, seq) => ({ campaignId, seq, trigger: t.trigger, percent: t.percent, updatedAt: now })),
    );
}

export async function releasesOf(tx: Tx | Money['db'], campaignId: string): Promise<ReleaseRow[]> {
  return tx
    .select()
    .from(campaignReleases)
    .where(eq(campaignReleases.campaignId, campaignId))
    .orderBy(asc(campaignReleases.seq));
}

/** What went to the trade so far. */
export function disbursedOf(releases: readonly ReleaseRow[]) {
  return releases.filter((r) => r.status === 'released').reduce((s, r) => s.plus(dec(r.amount)), ZERO);
}

/**
 * Releases one tranche (the caller locked the campaign, which is trading): escrow → trader, each
 * record's released part, the tranche `released`, and a payout to the trader's bank account.
 */
export async function releaseTranche(
  tx: Tx,
  money: Money,
  campaign: CampaignRow,
  release: ReleaseRow,
  now: Date,
): Promise<void> {
  const schedule = await releasesOf(tx, campaign.id);
  const index = schedule.findIndex((r) => r.id === release.id);
  const amount = trancheAmount(campaign.raisedAmount, schedule, index);
  const held = await tx
    .select({
      id: escrowRecords.id,
      amount: escrowRecords.amount,
      released: escrowRecords.releasedAmount,
      investorId: investments.investorId,
    })
    .from(escrowRecords)
    .innerJoin(investments, eq(investments.id, escrowRecords.investmentId))
    .where(and(eq(escrowRecords.campaignId, campaign.id), eq(escrowRecords.status, 'held')))
    .orderBy(asc(escrowRecords.id))
    .for('update', { of: escrowRecords });
  const parts = investorPartsOf(
    amount,
    held.map((r) => ({ id: r.id, amount: r.amount })),
  );
  const last = index === schedule.length - 1;
  const updates = held.map((r) => {
    const released = last ? dec(r.amount) : dec(r.released).plus(parts.get(r.id)!);
    return { id: r.id, released_amount: toFixed(released), done: released.eq(r.amount) };
  });
  if (updates.length)
    await tx.execute(sql`update ${escrowRecords} e
      set released_amount = v.released_amount,
        status = case when v.done then 'released' else e.status end, updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id uuid, released_amount numeric, done boolean)
      where e.id = v.id`);
  await post(
    tx,
    transfer('release', accounts.escrow(campaign.id), accounts.trader(campaign.traderId), amount, {
      campaignId: campaign.id,
      releaseId: release.id,
      at: now,
      memo: `${release.percent}% of the campaign released to the trader (${release.trigger === 'trading' ? 'trading started' : MILESTONE_LABELS[release.trigger]})`,
    }),
  );
  await tx
    .update(campaignReleases)
    .set({ status: 'released', amount, releasedAt: now, updatedAt: now })
    .where(eq(campaignReleases.id, release.id));
  await payOutBalance(
    tx,
    money,
    { userId: campaign.traderId, purpose: 'disbursement', amount, campaignId: campaign.id },
    now,
  );
  // The trader and the campaign's investors hear of the money going to the trade, once per tranche.
  const why =
    release.trigger === 'trading' ? 'trading started' : MILESTONE_LABELS[release.trigger].toLowerCase();
  await notify(tx, {
    userId: campaign.traderId,
    kind: 'disbursement',
    key: `release:${release.id}`,
    title: `${usdText(amount)} of ${campaign.title} released to you (${why}): on its way to your bank`,
    link: '/trader/dashboard',
  });
  await notifyEach(
    tx,
    held.map((r) => r.investorId),
    (userId) => ({
      userId,
      kind: 'disbursement',
      key: `release:${release.id}`,
      title: `${dec(release.percent).toString()}% of ${campaign.title} went to its trade (${why})`,
      link: '/portfolio',
    }),
  );
}

/** Trading starts: the trader needs a verified bank account; the tranche on `trading` is released. */
export async function releaseOnTrading(tx: Tx, money: Money, campaign: CampaignRow, now: Date) {
  if (!(await activeBankAccount(tx, campaign.traderId))) throw new AppError('BANK_ACCOUNT_REQUIRED');
  const [disputed] = await tx
    .select({ id: escrowRecords.id })
    .from(escrowRecords)
    .where(and(eq(escrowRecords.campaignId, campaign.id), eq(escrowRecords.status, 'disputed')))
    .limit(1);
  if (disputed) throw new AppError('ESCROW_DISPUTED');
  // Funded, then every investment refunded (disputes): nothing is left to go to the trade.
  if (!dec(campaign.raisedAmount).gt(0))
    throw new AppError(
      'CONFLICT',
      'Every investment of this campaign was refunded: there is nothing to trade with',
    );
  for (const release of await releasesOf(tx, campaign.id))
    if (release.trigger === 'trading' && release.status === 'scheduled')
      await releaseTranche(tx, money, { ...campaign, status: 'trading' }, release, now);
}

/** A milestone recorded with its document: a tranche it triggers waits for an admin's confirmation. */
export async function releaseOnMilestone(
  tx: Tx,
  campaignId: string,
  trigger: ReleaseTrigger,
  documentId: string | null,
  now: Date,
): Promise<void> {
  const [release] = await tx
    .select()
    .from(campaignReleases)
    .where(and(eq(campaignReleases.campaignId, campaignId), eq(campaignReleases.trigger, trigger)));
  if (!release || release.status !== 'scheduled') return;
  if (!documentId)
    throw AppError.of('RELEASE_DOCUMENT_REQUIRED', {
      milestone: trigger === 'trading' ? 'trading' : MILESTONE_LABELS[trigger],
    });
  await tx
    .update(campaignReleases)
    .set({ status: 'awaiting_review', documentId, reviewNote: null, updatedAt: now })
    .where(eq(campaignReleases.id, release.id));
}
