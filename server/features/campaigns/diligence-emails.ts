// What traders hear of investor protection (issue 19): an investment revoked in its reflection period,
// and the due-diligence decision on their campaign. Queued in the change's transaction and sent after
// COMMIT, never on a rollback, with the in-app notification (notify()). Not optional: they change
// what the trader may do next.
import { eq } from 'drizzle-orm';
import { dec, toFixed, usdText } from '../../../domain/money.ts';
import { campaigns, investments, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { notify } from '../notifications/index.ts';
import type { MailDeps } from './emails.ts';
import type { LifecycleHooks } from './notices.ts';

// The outbox is the app context's (notify() finds it through the transaction).
export function diligenceMail(_deps: MailDeps): Pick<LifecycleHooks, 'onRevoked' | 'onReviewed'> {
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
      await notify(tx, {
        userId: c.traderId,
        kind: 'investment_revoked',
        key: `investment:${investment.id}:revoked`,
        title: `An investor revoked ${usdText(investment.amount)} in ${c.title}`,
        link: '/trader/dashboard',
        email: {
          template: 'investment-revoked',
          data: {
            campaignId: c.id,
            title: c.title,
            amount: investment.amount,
            raised: toFixed(raised),
            target: c.targetAmount,
            open: c.status === 'active',
          },
        },
      });
    },
    async onReviewed(tx, campaignId) {
      const row = await traderOf(tx, campaignId);
      if (!row) return;
      const { c } = row;
      // Each decision once: a campaign sent back, changed and approved hears of both decisions.
      const key = `campaign:${c.id}:review:${c.reviewStatus}:${c.updatedAt.getTime()}`;
      if (c.reviewStatus === 'approved')
        await notify(tx, {
          userId: c.traderId,
          kind: 'campaign_review',
          key,
          title: `${c.title} is approved: investors can see it`,
          link: `/campaigns/${c.id}`,
          email: { template: 'campaign-approved', data: { campaignId: c.id, title: c.title } },
        });
      else
        await notify(tx, {
          userId: c.traderId,
          kind: 'campaign_review',
          key,
          title: `${c.title} was sent back: change it and submit again`,
          body: c.reviewReason,
          link: '/trader/campaigns',
          email: {
            template: 'campaign-changes-requested',
            data: { title: c.title, reason: c.reviewReason ?? '' },
          },
        });
    },
  };
}
