// Money back from the trade (docs/money.md): the trader declares the result (`{to:"completed",
// actualProfit}`, a fixed contract, with the P&L waterfall and the sales invoice), an admin approves or
// rejects it, the trader pays it in (card through the `settlement` purpose, or a bank transfer an admin
// marks received), and then — only then — the settlement and what escrow still holds are distributed
// to the investors' cash accounts, the fee to the platform, and the campaign is completed. Unpaid
// SETTLEMENT_GRACE_DAYS after approval, the campaign is in default. The distribution is in
// settlement-distribution.ts, the card payment's purpose in settlement-purpose.ts.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { dec, usdText } from '../../../domain/money.ts';
import { NUMERIC_MAX } from '../../../domain/decimal-schema.ts';
import {
  settlementFigures,
  settlementIssue,
  waterfallProfit,
  type SettlementStatus,
  type Waterfall,
} from '../../../domain/money-out.ts';
import { SETTLEMENT_GRACE_DAYS } from '../../../domain/payment-lifecycle.ts';
import type { campaigns } from '../../db/schema/index.ts';
import { campaignDocuments, campaignMilestones, payments, settlements } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { accounts, post, transfer } from './ledger/ledger.ts';
import { ProviderUnavailableError } from './providers/provider.ts';
import { outside, type Money } from './context.ts';
import { abandonPayment, movePayment, sourceAccount } from './payments.ts';
import type { OpenedIntent } from './payment-opening.ts';
import { disbursedOf, releasesOf } from './releases.ts';
import { effectOf } from '../../effects.ts';
import { notify } from '../notifications/index.ts';
import { distribute, SETTLEMENT_EVENTS } from './settlement-distribution.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type SettlementRow = typeof settlements.$inferSelect;
const DAY_MS = 86_400_000;

/** Statuses whose settlement is still to be paid. */
export const DUE: SettlementStatus[] = ['approved', 'defaulted'];

/** The live settlement of a campaign (not a rejected one), locked when the caller holds the campaign. */
export async function liveSettlement(tx: Tx | Money['db'], campaignId: string, lock = false) {
  const query = tx
    .select()
    .from(settlements)
    .where(and(eq(settlements.campaignId, campaignId), sql`${settlements.status} <> 'rejected'`));
  const [row] = lock && 'afterCommit' in tx ? await query.for('update') : await query;
  return row;
}

export interface Declaration {
  actualProfit: string;
  waterfall?: Waterfall | undefined;
  invoiceDocumentId?: string | undefined;
}

/**
 * The trader declares the result (the caller locked the trading campaign): it needs the Delivered
 * milestone, no live settlement, a loss no larger than what went to the trade, figures that fit the
 * columns. The settlement waits for an admin's review; nobody is paid by this.
 */
export async function declareSettlement(
  tx: Tx,
  campaign: CampaignRow,
  userId: string,
  input: Declaration,
  now: Date,
): Promise<SettlementRow> {
  const [delivered] = await tx
    .select({ id: campaignMilestones.id })
    .from(campaignMilestones)
    .where(and(eq(campaignMilestones.campaignId, campaign.id), eq(campaignMilestones.kind, 'delivered')));
  if (!delivered) throw new AppError('DELIVERY_NOT_RECORDED');
  const live = await liveSettlement(tx, campaign.id, true);
  if (live) throw AppError.of('SETTLEMENT_EXISTS', { status: live.status.replace('_', ' ') });
  if (input.waterfall) {
    const profit = waterfallProfit(input.waterfall);
    if (!dec(profit).eq(input.actualProfit)) {
      const message = AppError.of('WATERFALL_MISMATCH', { profit }).message;
      throw new AppError('WATERFALL_MISMATCH', message, { actualProfit: message });
    }
  }
  if (input.invoiceDocumentId) {
    const [doc] = await tx
      .select({ id: campaignDocuments.id })
      .from(campaignDocuments)
      .where(
        and(
          eq(campaignDocuments.id, input.invoiceDocumentId),
          eq(campaignDocuments.campaignId, campaign.id),
          eq(campaignDocuments.kind, 'sales_invoice'),
        ),
      );
    if (!doc) throw new AppError('VALIDATION', 'The sales invoice must be a document of this campaign');
  }
  const figures = settlementFigures({
    actualProfit: input.actualProfit,
    targetAmount: campaign.targetAmount,
    principal: campaign.raisedAmount,
    disbursed: disbursedOf(await releasesOf(tx, campaign.id)),
  });
  if (settlementIssue(figures)) {
    const message = AppError.of('LOSS_EXCEEDS_DISBURSED', { disbursed: `$${figures.disbursed}` }).message;
    throw new AppError('LOSS_EXCEEDS_DISBURSED', message, { actualProfit: message });
  }
  // An amount no column (and no single payment) can hold is refused here, never a 500 later: the
  // amount due, and what the investors are paid in all (principal + gross profit).
  if (
    dec(figures.amountDue).gt(NUMERIC_MAX.money) ||
    dec(figures.principal).plus(figures.grossProfit).gt(NUMERIC_MAX.money)
  ) {
    const message = AppError.of('PROFIT_TOO_LARGE', { limit: 'what one payment can hold' }).message;
    throw new AppError('PROFIT_TOO_LARGE', message, { actualProfit: message });
  }
  const w = input.waterfall;
  const [row] = await tx
    .insert(settlements)
    .values({
      campaignId: campaign.id,
      actualProfit: input.actualProfit,
      salesProceeds: w?.salesProceeds ?? null,
      purchaseCost: w?.purchaseCost ?? null,
      shippingCost: w?.shippingCost ?? null,
      insuranceCost: w?.insuranceCost ?? null,
      otherCosts: w?.otherCosts ?? null,
      invoiceDocumentId: input.invoiceDocumentId ?? null,
      ...figures,
      declaredBy: userId,
      declaredAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** Whether an approved settlement is paid by card: anything due, within what one card payment can be. */
export function dueByCard(money: Money, settlement: Pick<SettlementRow, 'amountDue'>): boolean {
  const limit = money.provider.maxCardAmount;
  return dec(settlement.amountDue).gt(0) && (!limit || dec(settlement.amountDue).lte(limit));
}

/**
 * The admin's review (the caller locked the campaign): approve — due within SETTLEMENT_GRACE_DAYS,
 * payable by the card payment opened for it (`card`; none when it is more than a card can pay: bank
 * transfer only), or distributed at once when nothing is due — or reject with a reason. `expected` is
 * the settlement the card payment was opened for: a different one now is a conflict.
 */
export async function reviewSettlement(
  tx: Tx,
  campaign: CampaignRow,
  decision: { decision: 'approve' } | { decision: 'reject'; reason: string },
  adminId: string,
  now: Date,
  card?: { expected: string; opened: OpenedIntent },
) {
  const settlement = await liveSettlement(tx, campaign.id, true);
  if (!settlement) throw new AppError('SETTLEMENT_NOT_FOUND');
  if (settlement.status !== 'pending_review' || (card && card.expected !== settlement.id))
    throw AppError.of('SETTLEMENT_NOT_PENDING', { status: settlement.status.replace('_', ' ') });
  const reviewed = { reviewedBy: adminId, reviewedAt: now, updatedAt: now };
  if (decision.decision === 'reject') {
    await tx
      .update(settlements)
      .set({ ...reviewed, status: 'rejected', rejectReason: decision.reason })
      .where(eq(settlements.id, settlement.id));
    await notify(tx, {
      userId: campaign.traderId,
      kind: 'settlement',
      key: `settlement:${settlement.id}:rejected`,
      title: `The settlement of ${campaign.title} was sent back: declare the result again`,
      body: decision.reason,
      link: '/trader/dashboard',
    });
    return settlement;
  }
  if (dec(settlement.amountDue).eq(0)) {
    await tx
      .update(settlements)
      .set({ ...reviewed, status: 'approved' })
      .where(eq(settlements.id, settlement.id));
    await distribute(tx, { ...campaign }, { ...settlement, status: 'approved' }, now);
    return settlement;
  }
  await tx
    .update(settlements)
    .set({
      ...reviewed,
      status: 'approved',
      paymentId: card?.opened.paymentId ?? null,
      clientSecret: card?.opened.clientSecret ?? null,
      dueAt: new Date(now.getTime() + SETTLEMENT_GRACE_DAYS * DAY_MS),
    })
    .where(eq(settlements.id, settlement.id));
  await notify(tx, {
    userId: campaign.traderId,
    kind: 'settlement',
    key: `settlement:${settlement.id}:approved`,
    title: `The settlement of ${campaign.title} is approved: pay ${usdText(settlement.amountDue)} within ${SETTLEMENT_GRACE_DAYS} days`,
    link: '/trader/dashboard',
  });
  return settlement;
}

/**
 * An admin marks the trader's bank transfer received (the caller locked the campaign): booked as a
 * payment from `clearing:bank`, distributed; an open card intent is given up after COMMIT.
 */
export async function receiveBankTransfer(tx: Tx, money: Money, campaign: CampaignRow, now: Date) {
  const settlement = await liveSettlement(tx, campaign.id, true);
  if (!settlement || !DUE.includes(settlement.status))
    throw AppError.of('SETTLEMENT_NOT_DUE', { status: settlement?.status.replace('_', ' ') ?? 'missing' });
  const [created] = await tx
    .insert(payments)
    .values({
      purpose: 'settlement',
      payerId: campaign.traderId,
      amount: settlement.amountDue,
      source: 'bank_transfer',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const payment = await movePayment(tx, created!, 'captured', now);
  // The settlement keeps pointing at its card payment: that is how the `settlement` purpose finds it
  // when the card intent is given up below (or a hold that got in first is voided or refunded). The
  // transfer is the payment its ledger posting names.
  const cardPayment = settlement.paymentId;
  await bookSettlementPayment(tx, campaign, settlement, payment, now);
  if (cardPayment)
    tx.afterCommit(async () => {
      try {
        await abandonPayment(outside(money), cardPayment);
      } catch (error) {
        // The provider is down: the transfer is booked all the same (the admin must not hear otherwise);
        // a hold placed on the card meanwhile is voided, the settlement being paid.
        if (!(error instanceof ProviderUnavailableError)) throw error;
      }
    });
}

export async function bookSettlementPayment(
  tx: Tx,
  campaign: CampaignRow,
  settlement: SettlementRow,
  payment: typeof payments.$inferSelect,
  now: Date,
) {
  await bookPaidIn(tx, campaign, payment, now);
  await distribute(tx, campaign, settlement, now);
}

/** The money the trader paid, into the campaign's settlement account. */
export async function bookPaidIn(
  tx: Tx,
  campaign: CampaignRow,
  payment: typeof payments.$inferSelect,
  now: Date,
) {
  await post(
    tx,
    transfer('settlement_payment', sourceAccount(payment), accounts.settlement(campaign.id), payment.amount, {
      campaignId: campaign.id,
      paymentId: payment.id,
      at: now,
      memo: `Settlement of the trade paid in by the trader`,
    }),
  );
}

/** Approved settlements unpaid past their due date: the campaign is in default. */
export async function sweepDefaults(money: Money): Promise<string[]> {
  const now = money.clock();
  return inTransaction(money.db, async (tx) => {
    const rows = await tx
      .update(settlements)
      .set({ status: 'defaulted', defaultedAt: now, updatedAt: now })
      .where(and(eq(settlements.status, 'approved'), lte(settlements.dueAt, now)))
      .returning({ campaignId: settlements.campaignId });
    // Investors are told with the default (their emails commit with it).
    const events = effectOf(tx, SETTLEMENT_EVENTS);
    for (const r of rows) await events?.defaulted(tx, r.campaignId);
    return rows.map((r) => r.campaignId);
  });
}

/** Settlements by status (the admin console). */
export async function settlementsIn(money: Money, statuses: SettlementStatus[]) {
  return money.db.select().from(settlements).where(inArray(settlements.status, statuses));
}
