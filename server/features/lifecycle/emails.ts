// The lifecycle's emails to investors (issue 11): campaign funded, refunded, completed with the payout.
// Each leaves after the change is committed, once per investor, unless they turned the kind off on
// /settings (users.email_opt_outs).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationKind } from '../../../domain/notifications.ts';
import { dec, usdText, ZERO } from '../../../domain/money.ts';
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

/** Each investor of the campaign with the sum of their investments in the given statuses. */
async function backers(db: Db, campaignId: string, statuses: Array<typeof investments.$inferSelect.status>) {
  return db
    .select({
      email: users.email,
      firstName: users.firstName,
      username: users.username,
      optOuts: users.emailOptOuts,
      amount: sql<string>`sum(${investments.amount})`,
      profit: sql<string>`coalesce(sum(${investments.profitShare}), 0)`,
    })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.investorId))
    .where(and(eq(investments.campaignId, campaignId), inArray(investments.status, statuses)))
    .groupBy(users.id);
}

export function lifecycleMail(deps: MailDeps): LifecycleHooks {
  const ctx = { db: deps.db, mailer: deps.mailer, publicUrl: deps.publicUrl, log: deps.log };
  async function send(
    /** null: a notice every investor gets, not one they may turn off. */
    kind: NotificationKind | null,
    campaignId: string,
    statuses: Array<typeof investments.$inferSelect.status>,
    body: (title: string, b: { amount: string; profit: string }) => { subject: string; paragraphs: string[] },
  ) {
    const [campaign] = await deps.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!campaign) return;
    // The change is committed already: a failure here is logged, never the caller's error.
    const list = await backers(deps.db, campaignId, statuses).catch((error: unknown) => {
      deps.log.error({ err: error, campaignId, kind }, 'lifecycle emails could not be prepared');
      return [];
    });
    for (const b of list) {
      if (kind && b.optOuts.includes(kind)) continue;
      const { subject, paragraphs } = body(campaign.title, b);
      sendAccountEmail(ctx, b, subject, [
        ...paragraphs,
        '',
        `Your portfolio: ${deps.publicUrl}/portfolio`,
        `Turn these emails off in your settings: ${deps.publicUrl}/settings`,
      ]);
    }
  }
  return {
    onFunded: (id) =>
      send('campaign_funded', id, ['confirmed'], (title, b) => ({
        subject: `${title} is fully funded`,
        paragraphs: [
          `${title} reached its target. Your ${usdText(b.amount)} stays in escrow until the trader starts the shipment; then it goes to the trade as the campaign's release schedule says.`,
        ],
      })),
    onCancelled: (id) =>
      send('campaign_refunded', id, ['refunding', 'refunded'], (title, b) => ({
        subject: `${title}: your investment is refunded`,
        paragraphs: [
          `${title} was cancelled. Your ${usdText(b.amount)} is refunded in full to the card you paid with; your bank may take a few days to show it.`,
        ],
      })),
    onCompleted: (id) =>
      send('campaign_completed', id, ['paid_out'], (title, b) => {
        const profit = dec(b.profit);
        return {
          subject: `${title} completed: ${usdText(dec(b.amount).plus(profit))} paid to your balance`,
          paragraphs: [
            `${title} completed: the trader paid the settlement in. ${usdText(dec(b.amount).plus(profit))} is now in your HydroBridge balance: your ${usdText(b.amount)} back ${
              profit.gte(ZERO) ? `plus ${usdText(profit)} profit` : `less ${usdText(profit.abs())} loss`
            }, after the platform fee.`,
            'Reinvest it in another campaign, or withdraw it to your bank account from your portfolio.',
          ],
        };
      }),
    onDefaulted: (id) =>
      send(null, id, ['confirmed'], (title, b) => ({
        subject: `${title}: the trader has not paid the settlement`,
        paragraphs: [
          `The settlement of ${title} was due 14 days ago and the trader has not paid it in. The campaign is now in default.`,
          `Your ${usdText(b.amount)} is at stake. HydroBridge is pursuing the trader for payment and will tell you of every step; what is recovered is distributed to your balance.`,
        ],
      })),
  };
}
