// Investing (spec §4 flow, DESIGN.md §3–4): a payment intent reserves its amount of a campaign for
// 15 minutes; once the provider says the payment succeeded (never the browser), the investment is
// recorded exactly once, in one transaction with the campaign row locked: investment confirmed, ledger
// posted, escrow Held, the campaign's totals recomputed and, at its target, the campaign funded. A
// payment that no longer fits (its reservation lapsed and others filled the campaign) is refunded.
import { and, desc, eq, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type {
  CreatePaymentIntent,
  Investment,
  PaymentIntentCreated,
  RecordInvestment,
} from '../../../domain/investments.ts';
import { INVEST_REFUSAL_ERRORS, RESERVATION_MINUTES } from '../../../domain/investments.ts';
import { campaignShare, dec, MIN_INVESTMENT, toFixed, usdText } from '../../../domain/money.ts';
import { canViewCampaign, investRefusal, type InvestingUser } from '../../../domain/policies.ts';
import { findTransition } from '../../../domain/campaigns.ts';
import type { Role } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, escrowRecords, investments, users } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { accounts, post, transfer } from '../../ledger/ledger.ts';
import { intentMatches, type PaymentProvider, type ProviderIntent } from '../../payments/provider.ts';
import { invalidateCampaignLists } from '../campaigns/service.ts';
import { finishRefund } from '../lifecycle/money-out.ts';
import { announce } from '../lifecycle/notices.ts';

type InvestmentRow = typeof investments.$inferSelect;
type CampaignRow = typeof campaigns.$inferSelect;
export type Investor = InvestingUser & { id: string; role: Role };

const MINUTE_MS = 60_000;

// ---- reserving: the payment intent -------------------------------------------------------------

/** The live reservations of a campaign (pending investments whose 15 minutes are not over). */
const liveReservations = (campaignId: string, now: Date, except?: string) =>
  sql<string>`(select coalesce(sum(${investments.amount}), 0) from ${investments}
    where ${investments.campaignId} = ${campaignId} and ${investments.status} = 'pending'
      and ${investments.reservedUntil} > ${now}${except ? sql` and ${investments.id} <> ${except}` : sql``})`;

/** What is still open: target − raised − the live reservations of others. */
async function openAmount(tx: Tx, campaign: CampaignRow, now: Date, except?: string) {
  const [row] = await tx
    .select({ reserved: liveReservations(campaign.id, now, except) })
    .from(campaigns)
    .where(eq(campaigns.id, campaign.id));
  return dec(campaign.targetAmount).minus(campaign.raisedAmount).minus(row!.reserved);
}

async function assertMayInvest(tx: Tx, user: Investor, campaign: CampaignRow, now: Date) {
  // A suspended trader's campaigns take no new investments until the account is reactivated.
  const [trader] = await tx
    .select({ accountStatus: users.accountStatus })
    .from(users)
    .where(eq(users.id, campaign.traderId));
  const traderActive = trader?.accountStatus === 'active';
  const refusal = investRefusal(user, { ...campaign, traderActive }, now);
  if (refusal) throw new AppError(INVEST_REFUSAL_ERRORS[refusal]);
}

/**
 * At least the platform's and the campaign's minimum, at most what is open. The last slice of a
 * campaign may be smaller than the minimum (else a campaign $50 short could never fill): an amount
 * below the minimum is accepted when it is exactly what is still open.
 */
function assertAmountFits(amount: string, campaign: CampaignRow, open: ReturnType<typeof dec>): void {
  const minimum = dec(campaign.minimumInvestment).gt(MIN_INVESTMENT)
    ? dec(campaign.minimumInvestment)
    : dec(MIN_INVESTMENT);
  if (open.lte(0)) throw AppError.of('NOTHING_OPEN');
  const refusal = dec(amount).gt(open)
    ? AppError.of('ABOVE_OPEN_AMOUNT', { open: usdText(open) })
    : dec(amount).lt(minimum) && !dec(amount).eq(open)
      ? open.lt(minimum)
        ? AppError.of('BELOW_MINIMUM_LAST_SLICE', { minimum: usdText(minimum), open: usdText(open) })
        : AppError.of('BELOW_MINIMUM', { minimum: usdText(minimum) })
      : undefined;
  // The form shows the reason at the amount field.
  if (refusal) throw new AppError(refusal.code, refusal.message, { amount: refusal.message });
}

export async function createPaymentIntent(
  db: Db,
  provider: PaymentProvider,
  user: Investor,
  input: CreatePaymentIntent,
  now: Date,
): Promise<PaymentIntentCreated> {
  if (input.investorId !== user.id) throw new AppError('INVESTOR_MISMATCH');
  const reserved = await inTransaction(db, async (tx) => {
    // Locked: two intents for the last slice are decided one after the other. The reservations are
    // summed by a statement of their own, after the lock: a subquery in the locking statement would
    // read them as they were before it waited for the lock, and miss the one just made.
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, input.campaignId))
      .for('update');
    if (!campaign || !canViewCampaign(user, campaign)) throw new AppError('CAMPAIGN_NOT_FOUND');
    await assertMayInvest(tx, user, campaign, now);
    assertAmountFits(input.amount, campaign, await openAmount(tx, campaign, now));
    const [row] = await tx
      .insert(investments)
      .values({
        investorId: user.id,
        campaignId: campaign.id,
        amount: input.amount,
        shares: campaignShare(input.amount, campaign.targetAmount).toFixed(6),
        provider: provider.name,
        reservedUntil: new Date(now.getTime() + RESERVATION_MINUTES * MINUTE_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  });
  let intent: { id: string; clientSecret: string };
  try {
    intent = await provider.createIntent({
      amount: reserved.amount,
      metadata: {
        investmentId: reserved.id,
        campaignId: reserved.campaignId,
        investorId: reserved.investorId,
      },
      idempotencyKey: `intent-${reserved.id}`,
    });
  } catch (error) {
    // Nothing can be paid: give the slice back at once.
    await db
      .update(investments)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(investments.id, reserved.id), eq(investments.status, 'pending')));
    throw error;
  }
  await db.update(investments).set({ stripePaymentId: intent.id }).where(eq(investments.id, reserved.id));
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}

// ---- recording: one investment per paid intent -------------------------------------------------

/** How a payment ended up, for the caller to answer (the record call) or to note (webhook, sweep). */
export type Settlement =
  | { outcome: 'confirmed'; investmentId: string; created: boolean }
  | { outcome: 'refunded' | 'expired' | 'unpaid' | 'mismatch'; investmentId: string };

/** The intent is this investment's: its id, amount, currency and the three ids it was created with. */
function matches(intent: ProviderIntent, row: InvestmentRow): boolean {
  return intentMatches(intent, {
    id: row.stripePaymentId,
    amount: row.amount,
    metadata: { investmentId: row.id, campaignId: row.campaignId, investorId: row.investorId },
  });
}

/**
 * Brings a paid (or lapsed) investment to its end state, however often and from wherever it is called
 * (the record call, the Stripe webhook, the sandbox confirmation, the sweep): the provider is asked
 * first, outside any transaction (unless the caller holds its fresh answer); the decision is taken
 * with the campaign and investment rows locked.
 */
export async function settlePayment(
  db: Db,
  provider: PaymentProvider,
  investmentId: string,
  now: Date,
  /** The intent as the provider just answered it (the sandbox's confirmation): no need to ask again. */
  fresh?: ProviderIntent,
): Promise<Settlement> {
  let intent = fresh;
  if (!intent) {
    const [row] = await db.select().from(investments).where(eq(investments.id, investmentId));
    if (!row) throw new AppError('PAYMENT_NOT_FOUND');
    if (row.status !== 'pending') return ended(db, provider, row, now);
    intent = (row.stripePaymentId && (await provider.retrieveIntent(row.stripePaymentId))) || undefined;
    if (!intent) return { outcome: 'unpaid', investmentId };
  }
  if (intent.status === 'canceled') return expire(db, provider, investmentId, now);
  if (intent.status !== 'succeeded') return { outcome: 'unpaid', investmentId };
  const paid = intent;

  const decision = await inTransaction(db, async (tx) => {
    // Both rows in one statement, the campaign's first (every path locks a campaign before its investments).
    const [locked] = await tx
      .select({ campaign: campaigns, current: investments })
      .from(campaigns)
      .innerJoin(investments, eq(investments.campaignId, campaigns.id))
      .where(eq(investments.id, investmentId))
      .for('update');
    if (!locked) throw new AppError('PAYMENT_NOT_FOUND');
    const { campaign, current } = locked;
    // Settled already (a replay, or another caller while we asked the provider).
    if (current.status !== 'pending') return { row: current, created: false };
    if (!matches(paid, current)) return { mismatch: true as const };
    if (!(await stillFits(tx, campaign, current, now))) {
      await tx
        .update(investments)
        .set({ status: 'refunding', updatedAt: now })
        .where(eq(investments.id, investmentId));
      return { row: { ...current, status: 'refunding' as const }, created: false };
    }
    await confirm(tx, provider, campaign, current, now);
    return { row: { ...current, status: 'confirmed' as const }, created: true };
  });
  if ('mismatch' in decision) return { outcome: 'mismatch', investmentId };
  if (decision.created) return { outcome: 'confirmed', investmentId, created: true };
  return ended(db, provider, decision.row, now);
}

/** What a settled investment answers; a refund the provider has not made yet is finished first. */
function ended(
  db: Db,
  provider: PaymentProvider,
  row: InvestmentRow,
  now: Date,
): Settlement | Promise<Settlement> {
  switch (row.status) {
    case 'confirmed':
    case 'paid_out':
      return { outcome: 'confirmed', investmentId: row.id, created: false };
    case 'refunding':
      // A payment that could not be placed, or an escrow refund (cancellation, dispute) to finish.
      return finishRefund(db, provider, row.id, now).then((end) =>
        end === 'refunded'
          ? { outcome: 'refunded' as const, investmentId: row.id }
          : { outcome: 'unpaid' as const, investmentId: row.id },
      );
    case 'refunded':
      return { outcome: 'refunded', investmentId: row.id };
    case 'expired':
      return { outcome: 'expired', investmentId: row.id };
    case 'pending':
      return { outcome: 'unpaid', investmentId: row.id };
  }
}

/**
 * A paid amount still fits when the campaign is open and has room: within a live reservation the
 * room was kept for it; after the reservation lapsed, only if the live reservations of others leave it
 * (never over-fund, never take a slice someone else is paying for).
 */
async function stillFits(tx: Tx, campaign: CampaignRow, row: InvestmentRow, now: Date): Promise<boolean> {
  if (campaign.status !== 'active') return false;
  const room = dec(campaign.targetAmount).minus(campaign.raisedAmount);
  if (row.reservedUntil > now) return dec(row.amount).lte(room);
  if (campaign.deadline <= now) return false;
  return dec(row.amount).lte(await openAmount(tx, campaign, now, row.id));
}

async function confirm(
  tx: Tx,
  provider: PaymentProvider,
  campaign: CampaignRow,
  row: InvestmentRow,
  now: Date,
) {
  await tx
    .update(investments)
    .set({
      status: 'confirmed',
      shares: campaignShare(row.amount, campaign.targetAmount).toFixed(6),
      confirmedAt: now,
      updatedAt: now,
    })
    .where(eq(investments.id, row.id));
  await post(
    tx,
    transfer('investment', accounts.clearing(provider.name), accounts.escrow(campaign.id), row.amount, {
      campaignId: campaign.id,
      investmentId: row.id,
      at: now,
      memo: `Investment ${row.id} held in escrow`,
    }),
  );
  await tx.insert(escrowRecords).values({
    investmentId: row.id,
    campaignId: campaign.id,
    amount: row.amount,
    createdAt: now,
    updatedAt: now,
  });
  // Kept in step here, under the campaign's lock, and checked against the investments and the escrow
  // account by verify-ledger (recomputing them from every investment would cost O(backers) per payment).
  const raised = dec(campaign.raisedAmount).plus(row.amount);
  const funded = raised.gte(campaign.targetAmount) && findTransition(campaign.status, 'funded', 'system');
  const alreadyBacking = sql`exists (select 1 from ${investments} where ${investments.campaignId} = ${campaign.id}
    and ${investments.investorId} = ${row.investorId} and ${investments.id} <> ${row.id}
    and ${investments.status} in ('confirmed', 'paid_out'))`;
  await tx
    .update(campaigns)
    .set({
      raisedAmount: toFixed(raised),
      investorCount: sql`${campaigns.investorCount} + case when ${alreadyBacking} then 0 else 1 end`,
      ...(funded && { status: 'funded' as const }),
      updatedAt: now,
    })
    .where(eq(campaigns.id, campaign.id));
  if (funded) announce(tx, 'onFunded', campaign.id);
  await invalidateCampaignLists(tx);
}

/** The provider cancelled the intent: the reservation ends unpaid, unless it was settled meanwhile. */
async function expire(
  db: Db,
  provider: PaymentProvider,
  investmentId: string,
  now: Date,
): Promise<Settlement> {
  const [expired] = await db
    .update(investments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(investments.id, investmentId), eq(investments.status, 'pending')))
    .returning({ id: investments.id });
  if (expired) return { outcome: 'expired', investmentId };
  const [row] = await db.select().from(investments).where(eq(investments.id, investmentId));
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  return ended(db, provider, row, now);
}

/** POST /api/investments: the caller's own paid intent becomes an investment, once. */
export async function recordInvestment(
  db: Db,
  provider: PaymentProvider,
  user: Investor,
  input: RecordInvestment,
  now: Date,
): Promise<{ investment: Investment; created: boolean }> {
  if (input.investorId !== user.id) throw new AppError('INVESTOR_MISMATCH');
  const [row] = await investmentsQuery(db).where(
    and(eq(investments.provider, provider.name), eq(investments.stripePaymentId, input.paymentIntentId)),
  );
  // Someone else's payment is not found, as an unknown one.
  if (!row || row.investorId !== user.id) throw new AppError('PAYMENT_NOT_FOUND');
  if (row.campaignId !== input.campaignId) throw new AppError('PAYMENT_MISMATCH');
  // A replay, or a payment the server recorded already: the same investment, in one query.
  if (row.status === 'confirmed' || row.status === 'paid_out')
    return { investment: toInvestment(row), created: false };
  const settled = await settlePayment(db, provider, row.id, now);
  switch (settled.outcome) {
    case 'confirmed':
      return { investment: await getInvestment(db, row.id), created: settled.created };
    case 'refunded':
      throw new AppError('PAYMENT_REFUNDED');
    case 'expired':
      throw new AppError('PAYMENT_EXPIRED');
    case 'unpaid':
      throw new AppError('PAYMENT_NOT_SUCCEEDED');
    case 'mismatch':
      throw new AppError('PAYMENT_MISMATCH');
  }
}

/**
 * The investor gives up an unpaid intent (closed the modal, changed the amount): it is cancelled at
 * the provider and its slice is free at once instead of in 15 minutes. A payment that got in first is
 * recorded as usual. Answers what the investment became.
 */
export async function cancelPayment(
  db: Db,
  provider: PaymentProvider,
  user: { id: string },
  intentId: string,
  now: Date,
): Promise<{ status: InvestmentRow['status'] }> {
  const [row] = await db
    .select()
    .from(investments)
    .where(and(eq(investments.provider, provider.name), eq(investments.stripePaymentId, intentId)));
  if (!row || row.investorId !== user.id) throw new AppError('PAYMENT_NOT_FOUND');
  if (row.status === 'pending') {
    const intent = await provider.cancelIntent(intentId);
    await settlePayment(db, provider, row.id, now, intent);
  }
  const [after] = await db
    .select({ status: investments.status })
    .from(investments)
    .where(eq(investments.id, row.id));
  return { status: after!.status };
}

/** The payment of a provider's intent id (webhooks and the sandbox know only that). */
export async function investmentOfIntent(db: Db, provider: PaymentProvider, intentId: string) {
  const [row] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(and(eq(investments.provider, provider.name), eq(investments.stripePaymentId, intentId)));
  return row?.id;
}

// ---- reading -----------------------------------------------------------------------------------

const listColumns = {
  id: investments.id,
  investorId: investments.investorId,
  campaignId: investments.campaignId,
  campaignTitle: campaigns.title,
  amount: investments.amount,
  shares: investments.shares,
  status: investments.status,
  profitShare: investments.profitShare,
  stripePaymentId: investments.stripePaymentId,
  escrowStatus: escrowRecords.status,
  escrowId: escrowRecords.id,
  createdAt: investments.createdAt,
  confirmedAt: investments.confirmedAt,
  updatedAt: investments.updatedAt,
};

function investmentsQuery(db: Db) {
  return db
    .select(listColumns)
    .from(investments)
    .innerJoin(campaigns, eq(campaigns.id, investments.campaignId))
    .leftJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id));
}

function toInvestment(row: Awaited<ReturnType<typeof investmentsQuery>>[number]): Investment {
  const { updatedAt, ...rest } = row;
  return {
    ...rest,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    // Paying out and refunding are an investment's last changes.
    settledAt: row.status === 'paid_out' || row.status === 'refunded' ? updatedAt.toISOString() : null,
  };
}

async function getInvestment(db: Db, id: string): Promise<Investment> {
  const [row] = await investmentsQuery(db).where(eq(investments.id, id));
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  return toInvestment(row);
}

/**
 * GET /api/investments?investorId=: the investor's own list (admins may read anyone's), newest first.
 * Attempts never paid (pending, or expired unpaid) are not investments and are left out.
 */
export async function listInvestments(
  db: Db,
  viewer: { id: string; role: Role },
  investorId: string,
): Promise<Investment[]> {
  if (viewer.id !== investorId && viewer.role !== 'admin') throw new AppError('INVESTOR_MISMATCH');
  const rows = await investmentsQuery(db)
    .where(
      and(eq(investments.investorId, investorId), notInArray(investments.status, ['pending', 'expired'])),
    )
    .orderBy(desc(investments.createdAt), desc(investments.id));
  return rows.map(toInvestment);
}

// ---- the sweep: payments nobody came back for ---------------------------------------------------

export interface SweepReport {
  confirmed: number;
  refunded: number;
  expired: number;
}

/**
 * Finishes what the browser left: paid intents never recorded (the tab closed after paying), lapsed
 * reservations (cancelled at the provider so they can no longer be paid; a payment that got in first
 * is recorded or refunded instead), and refunds a provider failure interrupted. Every step is a
 * settlePayment, so running it twice, or on several instances at once, changes nothing more.
 */
export async function sweepPayments(db: Db, provider: PaymentProvider, now: Date): Promise<SweepReport> {
  const report: SweepReport = { confirmed: 0, refunded: 0, expired: 0 };
  // Intents never created (a crash between reserving and the provider's answer) hold nothing.
  const orphaned = await db
    .update(investments)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(investments.status, 'pending'),
        isNull(investments.stripePaymentId),
        lte(investments.createdAt, new Date(now.getTime() - MINUTE_MS)),
      ),
    )
    .returning({ id: investments.id });
  report.expired += orphaned.length;

  const work = await db
    .select({
      id: investments.id,
      status: investments.status,
      reservedUntil: investments.reservedUntil,
      intentId: investments.stripePaymentId,
    })
    .from(investments)
    .where(
      and(
        eq(investments.provider, provider.name),
        or(
          eq(investments.status, 'refunding'),
          // Lapsed reservations, and paid-looking ones left alone for a minute.
          and(
            eq(investments.status, 'pending'),
            sql`${investments.stripePaymentId} is not null`,
            or(
              lte(investments.reservedUntil, now),
              lte(investments.createdAt, new Date(now.getTime() - MINUTE_MS)),
            ),
          ),
        ),
      ),
    )
    .orderBy(investments.reservedUntil)
    .limit(500);

  for (const item of work) {
    let settled = await settlePayment(db, provider, item.id, now);
    if (settled.outcome === 'unpaid' && item.reservedUntil <= now && item.intentId) {
      const intent = await provider.cancelIntent(item.intentId);
      settled = await settlePayment(db, provider, item.id, now);
      if (settled.outcome === 'unpaid' && intent.status !== 'succeeded') continue;
    }
    if (settled.outcome === 'confirmed' && settled.created) report.confirmed++;
    else if (settled.outcome === 'refunded') report.refunded++;
    else if (settled.outcome === 'expired') report.expired++;
  }
  return report;
}
