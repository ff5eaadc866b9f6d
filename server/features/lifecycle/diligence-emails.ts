// What traders hear of investor protection (issue 19): an investment revoked in its reflection period,
// and the due-diligence decision on their campaign. Sent after COMMIT, never on a rollback; a failure
// here is logged, never the caller's error. Not optional: they change what the trader may do next.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { usdText } from '../../../domain/money.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, investments, users } from '../../db/schema/index.ts';
import type { Mailer } from '../../mail.ts';
import { sendAccountEmail } from '../auth/account-emails.ts';
import type { LifecycleHooks } from './notices.ts';

interface MailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export function diligenceMail(deps: MailDeps): Pick<LifecycleHooks, 'onRevoked' | 'onReviewed'> {
  const ctx = { db: deps.db, mailer: deps.mailer, publicUrl: deps.publicUrl, log: deps.log };
  const traderOf = async (campaignId: string) => {
    const [row] = await deps.db
      .select({ c: campaigns, email: users.email, firstName: users.firstName, username: users.username })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.traderId))
      .where(eq(campaigns.id, campaignId));
    return row;
  };
  return {
    async onRevoked(investmentId) {
      try {
        const [investment] = await deps.db.select().from(investments).where(eq(investments.id, investmentId));
        if (!investment) return;
        const row = await traderOf(investment.campaignId);
        if (!row) return;
        const { c } = row;
        sendAccountEmail(ctx, row, `${c.title}: an investment of ${usdText(investment.amount)} was revoked`, [
          `An investor revoked their ${usdText(investment.amount)} investment in ${c.title} within the four-day reflection period the law gives retail investors. It is refunded to them in full.`,
          `The campaign has now raised ${usdText(c.raisedAmount)} of ${usdText(c.targetAmount)}${
            c.status === 'active' ? ', and the amount is open to other investors again' : ''
          }.`,
          '',
          `Your campaign: ${deps.publicUrl}/campaigns/${c.id}`,
        ]);
      } catch (error) {
        deps.log.error({ err: error, investmentId }, 'revocation email could not be prepared');
      }
    },
    async onReviewed(campaignId) {
      try {
        const row = await traderOf(campaignId);
        if (!row) return;
        const { c } = row;
        const approved = c.reviewStatus === 'approved';
        sendAccountEmail(
          ctx,
          row,
          approved
            ? `${c.title} is approved and open to investors`
            : `${c.title} needs changes before review`,
          approved
            ? [
                `Our due-diligence review of ${c.title} is done: the campaign is now listed and open to investors.`,
                '',
                `Your campaign: ${deps.publicUrl}/campaigns/${c.id}`,
              ]
            : [
                `Our reviewer sent ${c.title} back: ${c.reviewReason ?? ''}`,
                'Edit the campaign or file the missing documents, then submit it again from your campaign list.',
                '',
                `Your campaigns: ${deps.publicUrl}/trader/campaigns`,
              ],
        );
      } catch (error) {
        deps.log.error({ err: error, campaignId }, 'review email could not be prepared');
      }
    },
  };
}
