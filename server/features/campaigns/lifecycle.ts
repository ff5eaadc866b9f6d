// Campaign lifecycle after funding (issue 11, DESIGN.md §3, docs/money.md): the transitions the table
// in domain/campaigns.ts allows, each in one transaction with the campaign row locked — start trading
// (the first tranche of the release schedule goes to the trader), declare the result (a settlement for
// an admin to review; nobody is paid until the trader pays it in: money/settlement.ts), cancel (every
// investment refunded, before any money went to the trade) — and the deadline sweep that cancels what
// expired unfunded.
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Campaign } from '../../../domain/campaign-schemas.ts';
import { CAMPAIGN_TRANSITIONS, findTransition, type CampaignStatus } from '../../../domain/campaigns.ts';
import { transitionActor, type CampaignInvestor, type TransitionRequest } from '../../../domain/lifecycle.ts';
import { utcMomentText } from '../../../domain/diligence.ts';
import { dec, toFixed } from '../../../domain/money.ts';
import { canViewCampaign, ownsCampaign } from '../../../domain/policies.ts';
import { displayName, type Role } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, escrowRecords, investments, payments, users } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { outside, type Money } from '../money/index.ts';
import { abandonPayment, startRefunds } from '../money/index.ts';
import { reflectionEndsAtOf } from '../money/index.ts';
import { disbursedOf, releaseOnTrading, releasesOf } from '../money/index.ts';
import { declareSettlement } from '../money/index.ts';
import { ProviderUnavailableError } from '../money/index.ts';
import { toCampaign } from './campaign-detail.ts';
import { invalidateCampaignLists } from './campaign-list.ts';
import { recordAudit } from '../../audit.ts';
import { announce } from './notices.ts';
import { ESCROW_STATUS_GROUPS, INVESTMENT_STATUS_GROUPS } from '../../../domain/investments.ts';
import { sqlIn } from '../../db/vocabulary.ts';

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
  money: Money,
  user: LifecycleUser,
  campaignId: string,
  request: TransitionRequest,
  now: Date,
): Promise<Campaign> {
  await inTransaction(money.db, async (tx) => {
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
      case 'trading': {
        await assertNothingPending(tx, campaign.id);
        // No money leaves escrow while an investor may still revoke (domain/diligence.ts).
        const reflection = await reflectionEndsAtOf(tx, campaign.id, now);
        if (reflection) throw AppError.of('REFLECTION_PERIOD_OPEN', { until: utcMomentText(reflection) });
        await releaseOnTrading(tx, money, campaign, now);
        await setStatus(tx, campaign.id, 'trading', now);
        break;
      }
      case 'completed': {
        await assertNothingPending(tx, campaign.id);
        // The campaign stays trading: the settlement is reviewed, paid in, then distributed.
        await declareSettlement(tx, campaign, user.id, request, now);
        await invalidateCampaignLists(tx);
        break;
      }
      case 'cancelled':
        if (actor === 'owner' && campaign.investorCount > 0)
          throw AppError.of('CANCEL_HAS_INVESTMENTS', names);
        await cancelCampaign(tx, money, campaign, request.reason, now);
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
  });
  // Read once what followed COMMIT is done too (refunds, payouts): the campaign as it now stands.
  return toCampaign((await money.db.select().from(campaigns).where(eq(campaigns.id, campaignId)))[0]!);
}

/** Disputes and refunds under way hold a campaign's money still: trading and settling wait for them. */
async function assertNothingPending(tx: Tx, campaignId: string) {
  const rows = await tx
    .select({ escrow: escrowRecords.status, investment: investments.status })
    .from(investments)
    .innerJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
    .where(
      and(
        eq(investments.campaignId, campaignId),
        sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.inEscrow),
      ),
    );
  if (rows.some((r) => r.investment === 'refunding')) throw new AppError('REFUND_IN_PROGRESS');
  if (rows.some((r) => r.escrow === 'disputed')) throw new AppError('ESCROW_DISPUTED');
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

// ---- cancellation and the deadline -------------------------------------------------------------

/**
 * → cancelled, in the caller's transaction (campaign locked), only while nothing went to the trade
 * (after a release the campaign ends with its settlement or in default): every investment whose money
 * is in escrow is refunded (the one refund path: marked now, refunded after COMMIT); unpaid intents are
 * cancelled at the provider after COMMIT; a hold being captured is booked and refunded by its purpose.
 */
export async function cancelCampaign(
  tx: Tx,
  money: Money,
  campaign: CampaignRow,
  reason: string,
  now: Date,
): Promise<number> {
  if (disbursedOf(await releasesOf(tx, campaign.id)).gt(0)) throw new AppError('CAMPAIGN_DISBURSED');
  await setStatus(tx, campaign.id, 'cancelled', now, { cancelReason: reason });
  announce(tx, 'onCancelled', campaign.id);
  const inEscrow = await tx
    .select({ id: investments.id, paymentId: investments.paymentId })
    .from(investments)
    .innerJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
    .where(
      and(
        eq(investments.campaignId, campaign.id),
        eq(investments.status, 'confirmed'),
        sqlIn(escrowRecords.status, ESCROW_STATUS_GROUPS.inEscrow),
      ),
    )
    .orderBy(investments.id)
    .for('update', { of: investments });
  await startInvestmentRefunds(tx, money, inEscrow, now);
  const unpaid = await tx
    .select({ paymentId: investments.paymentId })
    .from(investments)
    .innerJoin(payments, eq(payments.id, investments.paymentId))
    .where(
      and(
        eq(investments.campaignId, campaign.id),
        eq(investments.status, 'pending'),
        eq(payments.status, 'created'),
      ),
    );
  tx.afterCommit(async () => {
    for (const p of unpaid) {
      try {
        await abandonPayment(outside(money), p.paymentId);
      } catch (error) {
        // The provider is down: the payments sweep ends (or records) the intent later.
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
  /** Campaigns it could not cancel (reported, then the sweep goes on to the next). */
  failed: Array<{ campaignId: string; error: string }>;
}

/**
 * Cancels every active campaign whose deadline passed short of its target and refunds its investors.
 * One campaign per transaction, claimed with `FOR UPDATE SKIP LOCKED`: instances sweeping at once take
 * different campaigns, and a campaign already cancelled is no longer active. A campaign it cannot
 * cancel is reported and skipped; the sweep goes on. Idempotent.
 */
export async function sweepDeadlines(money: Money): Promise<DeadlineSweepReport> {
  const now = money.clock();
  const report: DeadlineSweepReport = { cancelled: 0, refunds: 0, failed: [] };
  const skipped: string[] = [];
  for (;;) {
    let claimed: string | undefined;
    try {
      const done = await inTransaction(money.db, async (tx) => {
        const [campaign] = await tx
          .select()
          .from(campaigns)
          .where(
            and(
              eq(campaigns.status, 'active'),
              lte(campaigns.deadline, now),
              lt(campaigns.raisedAmount, campaigns.targetAmount),
              ...(skipped.length ? [notIn(skipped)] : []),
            ),
          )
          .orderBy(campaigns.deadline, campaigns.id)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!campaign) return false;
        claimed = campaign.id;
        report.refunds += await cancelCampaign(tx, money, campaign, DEADLINE_REASON, now);
        report.cancelled++;
        return true;
      });
      if (!done) return report;
    } catch (error) {
      if (!claimed) throw error;
      skipped.push(claimed);
      report.failed.push({
        campaignId: claimed,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}

const notIn = (ids: string[]) =>
  sql`${campaigns.id} not in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

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
        sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.backers),
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

/**
 * Starts refunding confirmed investments whose money is still in escrow (the caller locked their
 * campaign; a cancelled campaign, an admin's refund, a revocation): investments `refunding`, their payments marked for the one refund path.
 */
export async function startInvestmentRefunds(
  tx: Tx,
  money: Money,
  rows: ReadonlyArray<Pick<typeof investments.$inferSelect, 'id' | 'paymentId'>>,
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  await tx
    .update(investments)
    .set({ status: 'refunding', updatedAt: now })
    .where(
      inArray(
        investments.id,
        rows.map((r) => r.id),
      ),
    );
  return startRefunds(
    tx,
    money,
    rows.map((r) => ({ id: r.paymentId })),
    now,
  );
}
