// The lifecycle's emails to investors (issue 11): campaign funded, refunded, completed with the payout.
// Each is queued in the change's transaction (it commits with it) and leaves once that commits, once
// per investor, unless they turned the kind off on /settings (users.email_opt_outs).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../domain/notifications.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, investments, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import type { Outbox } from '../../email/outbox.ts';
import { queueAccountEmail } from '../auth/account-emails.ts';
import type { LifecycleHooks } from './notices.ts';

export interface MailDeps {
  outbox: Pick<Outbox, 'email'>;
}

type CampaignTemplate = 'campaign-funded' | 'campaign-refunded' | 'campaign-completed' | 'campaign-defaulted';

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
  /** Queues `template` to each backer (investments in `statuses`) who did not turn `kind` off. */
  async function send(
    tx: Tx,
    /** null: a notice every investor gets, not one they may turn off. */
    kind: NotificationKind | null,
    campaignId: string,
    statuses: Array<typeof investments.$inferSelect.status>,
    template: CampaignTemplate,
  ) {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!campaign) return;
    for (const b of await backers(tx, campaignId, statuses)) {
      if (kind && b.optOuts.includes(kind)) continue;
      // Every campaign notice takes the title and the amount; the completed one the profit too.
      const data = { title: campaign.title, amount: b.amount, profit: b.profit };
      await queueAccountEmail(deps.outbox, tx, b, template, data);
    }
  }
  return {
    onFunded: (tx, id) => send(tx, 'campaign_funded', id, ['confirmed'], 'campaign-funded'),
    onCancelled: (tx, id) =>
      send(tx, 'campaign_refunded', id, ['refunding', 'refunded'], 'campaign-refunded'),
    onCompleted: (tx, id) => send(tx, 'campaign_completed', id, ['paid_out'], 'campaign-completed'),
    onDefaulted: (tx, id) => send(tx, null, id, ['confirmed'], 'campaign-defaulted'),
  };
}
