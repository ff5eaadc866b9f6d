// Investing (spec §4 flow, DESIGN.md §3–4, docs/money.md): a payment intent reserves nothing; once
// the card holds the amount (the provider says so, never the browser) the money module decides under
// the campaign's lock whether the hold still fits, captures it and places it in escrow, exactly once
// (features/investing/purpose.ts). An investor may also invest from their cash balance, without a card.
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type {
  CreatePaymentIntent,
  Investment,
  PaymentIntentCreated,
  RecordInvestment,
} from '../../../domain/investments.ts';
import { INVEST_REFUSAL_ERRORS, INVESTMENT_STATUS_GROUPS } from '../../../domain/investments.ts';
import { PAYMENT_END_MESSAGES } from '../../../domain/payment-lifecycle.ts';
import { dec, MIN_INVESTMENT, usdText } from '../../../domain/money.ts';
import { canViewCampaign, investRefusal, type InvestingUser } from '../../../domain/policies.ts';
import type { Role } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, escrowRecords, investments, payments, users } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { Money } from '../money/index.ts';
import { balanceOf, lockBalance } from '../money/index.ts';
import { abandonPayment, advancePayment, movePayment, openCardPayment } from '../money/index.ts';
import { consentFor, recordConsent } from './consent.ts';
import { openAmountOf, placeInvestment } from './purpose.ts';
import { sqlNotIn } from '../../db/vocabulary.ts';

type CampaignRow = typeof campaigns.$inferSelect;
export type Investor = InvestingUser & { id: string; role: Role };

// ---- opening: the payment intent ---------------------------------------------------------------

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

/**
 * The campaign an investor may put `amount` into now (read, or locked for a balance payment), with its
 * trader's account status in the same statement: a suspended trader's campaigns take no new
 * investments until the account is reactivated.
 */
async function investableCampaign(
  tx: Db | Tx,
  user: Investor,
  input: CreatePaymentIntent,
  now: Date,
  lock: boolean,
): Promise<CampaignRow> {
  if (input.investorId !== user.id) throw new AppError('INVESTOR_MISMATCH');
  const query = tx
    .select({ campaign: campaigns, traderStatus: users.accountStatus })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.traderId))
    .where(eq(campaigns.id, input.campaignId));
  const [row] = lock ? await query.for('update', { of: campaigns }) : await query;
  if (!row || !canViewCampaign(user, row.campaign)) throw new AppError('CAMPAIGN_NOT_FOUND');
  const refusal = investRefusal(user, { ...row.campaign, traderActive: row.traderStatus === 'active' }, now);
  if (refusal) throw new AppError(INVEST_REFUSAL_ERRORS[refusal]);
  assertAmountFits(input.amount, row.campaign, await openAmountOf(tx, row.campaign));
  return row.campaign;
}

/**
 * POST /api/create-payment-intent: a pending investment on the campaign's current terms and its card
 * payment. Nothing is reserved (no lock is taken): what is open is checked now to refuse an amount
 * that cannot fit, and again, under the campaign's lock, when the card holds the money.
 */
export async function createPaymentIntent(
  money: Money,
  user: Investor,
  input: CreatePaymentIntent,
  now: Date,
): Promise<PaymentIntentCreated> {
  const campaign = await investableCampaign(money.db, user, input, now, false);
  const consent = await consentFor(money.db, user.id, campaign, input.amount, input.acknowledgements, now);
  const investmentId = randomUUID();
  const opened = await openCardPayment(
    money,
    { purpose: 'investment', payerId: user.id, amount: input.amount, subjectId: investmentId },
    now,
    async (tx, { paymentId }) => {
      await tx.insert(investments).values({
        id: investmentId,
        investorId: user.id,
        campaignId: campaign.id,
        amount: input.amount,
        paymentId,
        termsVersion: campaign.termsVersion,
        createdAt: now,
        updatedAt: now,
      });
      await recordConsent(tx, investmentId, consent, now);
    },
  );
  return { clientSecret: opened.clientSecret, paymentIntentId: opened.paymentIntentId };
}

/**
 * POST /api/investments/from-balance: invests from the investor's cash account, no card: the campaign
 * and the investor's balance locked, the money placed in escrow at once (captured from the balance).
 */
export async function investFromBalance(
  money: Money,
  user: Investor,
  input: CreatePaymentIntent,
  now: Date,
): Promise<Investment> {
  const id = await inTransaction(money.db, async (tx) => {
    const campaign = await investableCampaign(tx, user, input, now, true);
    const consent = await consentFor(tx, user.id, campaign, input.amount, input.acknowledgements, now);
    await lockBalance(tx, user.id);
    const balance = await balanceOf(tx, user.id);
    if (balance.lt(input.amount))
      throw AppError.of('INSUFFICIENT_BALANCE', { balance: usdText(balance), amount: usdText(input.amount) });
    const [created] = await tx
      .insert(payments)
      .values({
        purpose: 'investment',
        payerId: user.id,
        amount: input.amount,
        source: 'balance',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const payment = await movePayment(tx, created!, 'captured', now);
    const [investment] = await tx
      .insert(investments)
      .values({
        investorId: user.id,
        campaignId: campaign.id,
        amount: input.amount,
        paymentId: payment.id,
        termsVersion: campaign.termsVersion,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordConsent(tx, investment!.id, consent, now);
    await placeInvestment(tx, campaign, investment!, payment, now);
    return investment!.id;
  });
  return getInvestment(money.db, id);
}

// ---- recording: the record call ------------------------------------------------------------------

/** The investment of a provider's intent id, with its payment. */
async function investmentOfIntent(db: Db, intentId: string) {
  const [row] = await investmentsQuery(db).where(eq(payments.intentId, intentId));
  return row;
}

/**
 * POST /api/investments: the caller's own paid intent becomes an investment, once. The money module
 * captures the hold if it still fits; otherwise the payer hears why the card was not charged.
 */
export async function recordInvestment(
  money: Money,
  user: Investor,
  input: RecordInvestment,
): Promise<{ investment: Investment; created: boolean }> {
  if (input.investorId !== user.id) throw new AppError('INVESTOR_MISMATCH');
  const row = await investmentOfIntent(money.db, input.paymentIntentId);
  // Someone else's payment is not found, as an unknown one.
  if (!row || row.investorId !== user.id) throw new AppError('PAYMENT_NOT_FOUND');
  if (row.campaignId !== input.campaignId) throw new AppError('PAYMENT_MISMATCH');
  // A replay, or a payment the server recorded already: the same investment, in one query.
  if (row.status === 'confirmed' || row.status === 'paid_out')
    return { investment: toInvestment(row), created: false };
  const advanced = await advancePayment(money, row.paymentId);
  if (advanced.mismatch) throw new AppError('PAYMENT_MISMATCH');
  const { payment } = advanced;
  switch (payment.status) {
    case 'captured':
      return { investment: await getInvestment(money.db, row.id), created: advanced.bookedNow };
    case 'refunding':
    case 'refunded': {
      const investment = await getInvestment(money.db, row.id);
      if (investment.status === 'confirmed' || investment.status === 'paid_out')
        return { investment, created: false };
      throw new AppError('PAYMENT_REFUNDED');
    }
    case 'voiding':
    case 'voided':
      throw new AppError('PAYMENT_VOIDED', PAYMENT_END_MESSAGES[payment.endReason ?? 'cancelled']);
    case 'expired':
      throw new AppError('PAYMENT_EXPIRED');
    default:
      throw new AppError('PAYMENT_NOT_SUCCEEDED');
  }
}

/**
 * POST /api/payment-intents/:id/cancel: the investor gives up an unpaid intent (closed the modal,
 * changed the amount): it is cancelled at the provider. A hold that got in first is recorded as usual.
 * Answers what the investment became.
 */
export async function cancelPayment(
  money: Money,
  user: { id: string },
  intentId: string,
): Promise<{ status: Investment['status'] }> {
  const row = await investmentOfIntent(money.db, intentId);
  if (!row || row.investorId !== user.id) throw new AppError('PAYMENT_NOT_FOUND');
  await abandonPayment(money, row.paymentId);
  const [after] = await money.db
    .select({ status: investments.status })
    .from(investments)
    .where(eq(investments.id, row.id));
  return { status: after!.status };
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
  stripePaymentId: payments.intentId,
  paymentId: investments.paymentId,
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
    .innerJoin(payments, eq(payments.id, investments.paymentId))
    .leftJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id));
}

function toInvestment(row: Awaited<ReturnType<typeof investmentsQuery>>[number]): Investment {
  const { updatedAt, paymentId: _payment, ...rest } = row;
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
 * Attempts never charged (pending, expired, voided) are not investments and are left out.
 */
export async function listInvestments(
  db: Db,
  viewer: { id: string; role: Role },
  investorId: string,
): Promise<Investment[]> {
  if (viewer.id !== investorId && viewer.role !== 'admin') throw new AppError('INVESTOR_MISMATCH');
  const rows = await investmentsQuery(db)
    .where(
      and(
        eq(investments.investorId, investorId),
        sqlNotIn(investments.status, INVESTMENT_STATUS_GROUPS.unpaid),
      ),
    )
    .orderBy(desc(investments.createdAt), desc(investments.id));
  return rows.map(toInvestment);
}
