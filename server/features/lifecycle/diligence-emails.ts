// What traders hear of investor protection (issue 19): an investment revoked in its reflection period,
// and the due-diligence decision on their campaign. Queued in the change's transaction and sent after
// COMMIT, never on a rollback. Not optional: they change what the trader may do next.
import { eq } from 'drizzle-orm';
import { dec, toFixed } from '../../../domain/money.ts';
import { campaigns, investments, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { queueAccountEmail } from '../auth/account-emails.ts';
import type { MailDeps } from './emails.ts';
import type { LifecycleHooks } from './notices.ts';

export function diligenceMail(deps: MailDeps): Pick<LifecycleHooks, 'onRevoked' | 'onReviewed'> {
  const traderOf = async (tx: Tx, campaignId: string) => {
    const [row] = await tx
      .select({ c: campaigns, email: users.email, firstName: users.firstName, username: users.username })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.traderId))
      .where(eq(campaigns.id, campaignId));
    return row;
  };
  return {
    async onRevoked(tx, investmentId) {
      const [investment] = await tx.select().from(investments).where(eq(investments.id, investmentId));
      if (!investment) return;
      const row = await traderOf(tx, investment.campaignId);
      if (!row) return;
      const { c } = row;
      // Raised falls when the refund is booked (after COMMIT, or by the sweep): the email counts it out now.
      const raised =
        investment.status === 'refunded' ? dec(c.raisedAmount) : dec(c.raisedAmount).minus(investment.amount);
      await queueAccountEmail(deps.outbox, tx, row, 'investment-revoked', {
        campaignId: c.id,
        title: c.title,
        amount: investment.amount,
        raised: toFixed(raised),
        target: c.targetAmount,
        open: c.status === 'active',
      });
    },
    async onReviewed(tx, campaignId) {
      const row = await traderOf(tx, campaignId);
      if (!row) return;
      const { c } = row;
      if (c.reviewStatus === 'approved')
        await queueAccountEmail(deps.outbox, tx, row, 'campaign-approved', {
          campaignId: c.id,
          title: c.title,
        });
      else
        await queueAccountEmail(deps.outbox, tx, row, 'campaign-changes-requested', {
          title: c.title,
          reason: c.reviewReason ?? '',
        });
    },
  };
}
