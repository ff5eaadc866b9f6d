// Campaign lifecycle after funding (issue 11, DESIGN.md §3): the transitions the table in
// domain/campaigns.ts allows, each in one transaction with the campaign row locked — start trading,
// complete (profit distributed, escrow released, everyone paid out through the ledger), cancel (every
// investment refunded through its provider) — and the deadline sweep that cancels what expired unfunded.
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Campaign } from '../../../domain/campaign-schemas.ts';
import { findTransition, CAMPAIGN_TRANSITIONS, type CampaignStatus } from '../../../domain/campaigns.ts';
import {
  distributeProfit,
  lossWithinPrincipal,
  transitionActor,
  type CampaignInvestor,
  type Distribution,
  type TransitionRequest,
} from '../../../domain/lifecycle.ts';
import { dec, toFixed, usdText, ZERO } from '../../../domain/money.ts';
import { canViewCampaign, ownsCampaign, verificationBlocker } from '../../../domain/policies.ts';
import { displayName, type Role } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaignMilestones, campaigns, escrowRecords, investments, users } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { accounts, postMany, transfer, type Posting } from '../../ledger/ledger.ts';
import { ProviderUnavailableError, type PaymentProvider } from '../../payments/provider.ts';
import { invalidateCampaignLists, toCampaign } from '../campaigns/service.ts';
import { settlePayment } from '../investments/service.ts';
import { recordAudit } from '../admin/audit.ts';
import { announce } from './notices.ts';
import { IN_ESCROW, openInvestmentsOf, startRefunds } from './money-out.ts';

type CampaignRow = typeof campaigns.$inferSelect;
export type LifecycleUser = {
  id: string;
  role: Role;
  emailVerified: boolean;
  kycStatus: string;
  email: string | null;
  username: string;
};

async function lockCampaign(tx: Tx, id: string): Promise<CampaignRow | undefined> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  return row;
}

/**
 * `POST /api/campaigns/:id/transitions`: the move the table allows this user from the campaign's
 * current status, or a refusal naming both statuses (403: not theirs to make; 409: not from here).
 */
export async function transitionCampaign(
  db: Db,
  provider: PaymentProvider,
  user: LifecycleUser,
  campaignId: string,
  request: TransitionRequest,
  now: Date,
): Promise<Campaign> {
  return inTransaction(db, async (tx) => {
    const campaign = await lockCampaign(tx, campaignId);
    if (!campaign || !canViewCampaign(user, campaign)) throw new AppError('CAMPAIGN_NOT_FOUND');
    const names = { current: campaign.status, requested: request.to };
    const actor = transitionActor(user, campaign);
    // Not theirs at all (another trader, an investor, or a move only the system makes): 403.
    if (!actor || !CAMPAIGN_TRANSITIONS.some((t) => t.by === actor && t.to === request.to))
      throw AppError.of('TRANSITION_FORBIDDEN', names);
    if (!findTransition(campaign.status, request.to, actor))
      throw AppError.of('TRANSITION_NOT_ALLOWED', names);
    switch (request.to) {
      case 'trading':
        await setStatus(tx, campaign.id, 'trading', now);
        break;
      case 'completed': {
        const blocker = verificationBlocker(user);
        if (blocker) throw new AppError(blocker);
        await completeCampaign(tx, provider, campaign, request.actualProfit, now);
        announce(tx, 'onCompleted', campaign.id);
        break;
      }
      case 'cancelled':
        if (actor === 'owner' && campaign.investorCount > 0)
          throw AppError.of('CANCEL_HAS_INVESTMENTS', names);
        await cancelCampaign(tx, provider, campaign, request.reason, now);
        // An admin's cancellation is an admin action: on the audit log, in the same transaction.
        if (actor === 'admin')
          await recordAudit(
            tx,
            user,
            {
              action: 'campaign.cancel',
              targetType: 'campaign',
              targetId: campaign.id,
              reason: request.reason,
              before: { status: campaign.status },
              after: { status: 'cancelled' },
            },
            now,
          );
        break;
    }
    return toCampaign((await tx.select().from(campaigns).where(eq(campaigns.id, campaign.id)))[0]!);
  });
}

async function setStatus(
  tx: Tx,
  id: string,
  status: CampaignStatus,
  now: Date,
  extra: Partial<CampaignRow> = {},
) {
  await tx
    .update(campaigns)
    .set({ status, updatedAt: now, ...extra })
    .where(eq(campaigns.id, id));
  await invalidateCampaignLists(tx);
}

// ---- completion --------------------------------------------------------------------------------

/**
 * trading → completed, in the caller's transaction (campaign locked): the distribution of
 * domain/lifecycle.ts booked as balanced ledger transactions — each held escrow released to the
 * trader, the trade's gross profit brought in by the trader (or its loss gone out), then per
 * investor the trader's payout to their card (principal ± share of the net profit) and their part of
 * the fee to the platform —
 * escrow records Released, investments `paid_out` with their profit share, delivery recorded.
 * Set-based: a handful of statements whatever the number of investors.
 */
export async function completeCampaign(
  tx: Tx,
  provider: PaymentProvider,
  campaign: CampaignRow,
  actualProfit: string,
  now: Date,
): Promise<Distribution> {
  const open = await openInvestmentsOf(tx, campaign.id);
  if (open.some((i) => i.status === 'refunding')) throw new AppError('REFUND_IN_PROGRESS');
  if (open.some((i) => i.escrowStatus === 'disputed')) throw new AppError('ESCROW_DISPUTED');
  if (!lossWithinPrincipal(actualProfit, campaign.targetAmount)) {
    const principal = open.reduce((s, i) => s.plus(i.amount), ZERO);
    throw new AppError('LOSS_EXCEEDS_PRINCIPAL', undefined, {
      actualProfit: `Actual profit cannot be a loss larger than the ${usdText(principal)} invested`,
    });
  }
  const distribution = distributeProfit({
    actualProfit,
    targetAmount: campaign.targetAmount,
    investments: open,
  });
  const refs = { campaignId: campaign.id, at: now };
  const trader = accounts.trader(campaign.traderId);
  // The escrow goes to the trader in one posting and the trade's result comes in; then the trader pays
  // each investor, one payout posting each (what their statement shows): principal ± their share of
  // the net profit to their card, their part of the fee to the platform.
  const postings: Posting[] = [];
  const held = open.filter((i) => i.escrowStatus === 'held').reduce((s, i) => s.plus(i.amount), ZERO);
  if (held.gt(0))
    postings.push(
      transfer('release', accounts.escrow(campaign.id), trader, held, {
        ...refs,
        memo: `Escrow of the campaign released to the trader at completion`,
      }),
    );
  if (!dec(distribution.grossProfit).eq(0))
    postings.push(
      transfer('trade_settlement', accounts.clearing(provider.name), trader, distribution.grossProfit, {
        ...refs,
        memo: dec(distribution.grossProfit).gt(0)
          ? `Gross profit of the trade brought in by the trader`
          : `Loss of the trade`,
      }),
    );
  const byId = new Map(open.map((i) => [i.id, i]));
  for (const p of distribution.payouts) {
    const investment = byId.get(p.id)!;
    const total = dec(p.payout).plus(p.fee);
    // A total loss pays nothing back: only what is not zero is booked.
    if (total.eq(0)) continue;
    postings.push({
      kind: 'payout',
      ...refs,
      investmentId: p.id,
      memo: `Payout of investment ${p.id}: principal ${p.principal}, profit share ${p.profitShare}, fee ${p.fee}`,
      entries: [
        { account: trader, amount: total.times(-1) },
        { account: accounts.clearing(investment.provider), amount: dec(p.payout) },
        { account: accounts.platformFees(), amount: dec(p.fee) },
      ].filter((e) => !e.amount.eq(0)),
    });
  }
  await postMany(tx, postings);
  if (distribution.payouts.length) {
    const shares = JSON.stringify(
      distribution.payouts.map((p) => ({ id: p.id, profit_share: p.profitShare })),
    );
    await tx.execute(sql`update ${investments} i set status = 'paid_out', profit_share = v.profit_share, updated_at = ${now}
      from jsonb_to_recordset(${shares}::jsonb) as v(id uuid, profit_share numeric)
      where i.id = v.id`);
    await tx
      .update(escrowRecords)
      .set({ status: 'released', updatedAt: now })
      .where(and(eq(escrowRecords.campaignId, campaign.id), eq(escrowRecords.status, 'held')));
  }
  await tx
    .insert(campaignMilestones)
    .values({ campaignId: campaign.id, kind: 'delivered', at: now, note: 'Recorded at completion' })
    .onConflictDoNothing();
  await setStatus(tx, campaign.id, 'completed', now, { actualProfit });
  return distribution;
}

// ---- cancellation and the deadline -------------------------------------------------------------

/**
 * → cancelled, in the caller's transaction (campaign locked): every investment in escrow is refunded
 * through its provider (money-out.ts: marked now, refunded after COMMIT), and open reservations are
 * dropped after COMMIT (an intent paid meanwhile is refunded by the investment flow: the campaign no
 * longer takes money).
 */
export async function cancelCampaign(
  tx: Tx,
  provider: PaymentProvider,
  campaign: CampaignRow,
  reason: string,
  now: Date,
): Promise<number> {
  await setStatus(tx, campaign.id, 'cancelled', now, { cancelReason: reason });
  announce(tx, 'onCancelled', campaign.id);
  // Locked with their escrow records; those whose money is still in escrow go back to their cards.
  const inEscrow = (await openInvestmentsOf(tx, campaign.id)).filter(
    (i) => i.status === 'confirmed' && (IN_ESCROW as readonly string[]).includes(i.escrowStatus),
  );
  await startRefunds(tx, provider, inEscrow, { now, reason: `campaign cancelled: ${reason}` });
  const reservations = await tx
    .select({ id: investments.id, intentId: investments.stripePaymentId })
    .from(investments)
    .where(and(eq(investments.campaignId, campaign.id), eq(investments.status, 'pending')));
  tx.afterCommit(async () => {
    for (const r of reservations) {
      if (!r.intentId) continue;
      try {
        const intent = await provider.cancelIntent(r.intentId);
        await settlePayment(tx.root, provider, r.id, now, intent);
      } catch (error) {
        // The provider is down: the payments sweep expires (or refunds) the reservation later.
        if (!(error instanceof ProviderUnavailableError)) throw error;
      }
    }
  });
  return inEscrow.length;
}

export const DEADLINE_REASON = 'the funding deadline passed before the target was reached';

export interface DeadlineSweepReport {
  cancelled: number;
  refunds: number;
}

/**
 * Cancels every active campaign whose deadline passed short of its target and refunds its investors.
 * One campaign per transaction, claimed with `FOR UPDATE SKIP LOCKED`: instances sweeping at once take
 * different campaigns (a row lock, not an advisory lock, so a campaign is claimed by exactly the
 * transaction that cancels it), and a campaign already cancelled is no longer active. Idempotent.
 */
export async function sweepDeadlines(
  db: Db,
  provider: PaymentProvider,
  now: Date,
): Promise<DeadlineSweepReport> {
  const report: DeadlineSweepReport = { cancelled: 0, refunds: 0 };
  for (;;) {
    const done = await inTransaction(db, async (tx) => {
      const [campaign] = await tx
        .select()
        .from(campaigns)
        .where(
          and(
            eq(campaigns.status, 'active'),
            lte(campaigns.deadline, now),
            lt(campaigns.raisedAmount, campaigns.targetAmount),
          ),
        )
        .orderBy(campaigns.deadline, campaigns.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!campaign) return false;
      report.refunds += await cancelCampaign(tx, provider, campaign, DEADLINE_REASON, now);
      report.cancelled++;
      return true;
    });
    if (!done) return report;
  }
}

// ---- the trader's investor list ----------------------------------------------------------------

/** `GET /api/campaigns/:id/investors`: the backers of the owner's campaign (an admin's too). */
export async function listCampaignInvestors(
  db: Db,
  user: { id: string; role: Role },
  campaignId: string,
): Promise<CampaignInvestor[]> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign || !canViewCampaign(user, campaign)) throw new AppError('CAMPAIGN_NOT_FOUND');
  if (user.role !== 'admin' && !ownsCampaign(user, campaign))
    throw new AppError('FORBIDDEN', 'You can only see the investors of your own campaigns');
  const rows = await db
    .select({ i: investments, u: users })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.investorId))
    .where(
      and(
        eq(investments.campaignId, campaignId),
        inArray(investments.status, ['confirmed', 'refunding', 'refunded', 'paid_out']),
      ),
    )
    .orderBy(investments.confirmedAt, investments.id);
  return rows.map(({ i, u }) => ({
    investmentId: i.id,
    investorName: `${displayName(u)}${u.lastName ? ` ${u.lastName}` : ''}`,
    country: u.country,
    amount: i.amount,
    shares: i.shares,
    status: i.status,
    profitShare: i.status === 'paid_out' ? i.profitShare : null,
    payout: i.status === 'paid_out' ? toFixed(dec(i.amount).plus(dec(i.profitShare))) : null,
    confirmedAt: i.confirmedAt?.toISOString() ?? null,
  }));
}
