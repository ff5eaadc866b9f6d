// The `settlement` payment purpose: what a trader's card payment of a settlement locks, when its hold
// counts, and what its capture, end and refund book.
import { eq } from 'drizzle-orm';
import { campaigns, payments, settlements } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { accounts, post } from './ledger/ledger.ts';
import { definePurpose } from './context.ts';
import { markRefunded, refundPosting } from './refunds.ts';
import { bookPaidIn, bookSettlementPayment, DUE } from './settlement.ts';

async function lockSettlementOf(tx: Tx, paymentId: string) {
  const [found] = await tx
    .select({ campaignId: settlements.campaignId })
    .from(settlements)
    .where(eq(settlements.paymentId, paymentId));
  if (!found) throw new AppError('SETTLEMENT_NOT_FOUND');
  const [campaign] = await tx
    .select()
    .from(campaigns)
    .where(eq(campaigns.id, found.campaignId))
    .for('update');
  const [row] = await tx
    .select({ settlement: settlements, payment: payments })
    .from(settlements)
    .innerJoin(payments, eq(payments.id, settlements.paymentId))
    .where(eq(settlements.paymentId, paymentId))
    .for('update');
  return { campaign: campaign!, settlement: row!.settlement, payment: row!.payment };
}

export const settlementPurpose = definePurpose({
  async lock(tx, payment) {
    const locked = await lockSettlementOf(tx, payment.id);
    return { subjectId: locked.settlement.id, ...locked };
  },
  async holdRefusal(_tx, { settlement }, payment) {
    return DUE.includes(settlement.status) && settlement.paymentId === payment.id ? null : 'not_due';
  },
  async onAuthorized() {},
  async onCaptured(tx, { campaign, settlement }, payment, now) {
    if (DUE.includes(settlement.status)) {
      await bookSettlementPayment(tx, campaign, settlement, payment, now);
      return false;
    }
    // Paid another way between the hold and its capture (a bank transfer): the card's money is booked
    // in, and the refund takes it out again (without it, the refund would overdraw the account).
    await bookPaidIn(tx, campaign, payment, now);
    return true;
  },
  async onEnded() {
    // An unpaid settlement intent changes nothing: the settlement stays due (a new intent can follow).
  },
  async bookRefunds(money, paymentIds, now) {
    for (const id of paymentIds)
      await inTransaction(money.db, async (tx) => {
        const { campaign } = await lockSettlementOf(tx, id);
        const [payment] = await markRefunded(tx, [id], now);
        if (!payment) return;
        await post(tx, {
          ...refundPosting('refund', payment, accounts.settlement(campaign.id), {
            campaignId: campaign.id,
            at: now,
          }),
          memo: `Settlement payment ${id} refunded: the settlement was paid another way`,
        });
      });
  },
});
