// The lifecycle's notices to investors (issue 11): campaign funded, refunded, completed with the payout,
// defaulted. Each goes through notify() (features/notifications) in the change's transaction: one
// in-app notification per event and investor, and the email (it commits with the change and leaves
// once that commits) unless they turned the kind's email off on /settings (users.email_opt_outs).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { NoticeKind } from '../../../domain/notifications.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, investments, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import type { Outbox } from '../../email/outbox.ts';
import { notify } from '../notifications/index.ts';
import type { LifecycleHooks } from './notices.ts';

export interface MailDeps {
  outbox: Pick<Outbox, 'email'>;
}

type CampaignTemplate = 'campaign-funded' | 'campaign-refunded' | 'campaign-completed' | 'campaign-defaulted';

/** Each investor of the campaign with the sum of their investments in the given statuses. */
async function backers(db: Db, campaignId: string, statuses: Array<typeof investments.$inferSelect.status>) {
  return db
    .select({
      id: users.id,
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

const NOTICES: Record<CampaignTemplate, { kind: NoticeKind; event: string; title: (t: string) => string }> = {
  'campaign-funded': { kind: 'campaign_funded', event: 'funded', title: (t) => `${t} reached its target` },
  'campaign-refunded': {
    kind: 'campaign_refunded',
    event: 'cancelled',
    title: (t) => `${t} was cancelled: your investment is refunded`,
  },
  'campaign-completed': {
    kind: 'campaign_completed',
    event: 'completed',
    title: (t) => `${t} completed: your payout is in your balance`,
  },
  'campaign-defaulted': {
    kind: 'campaign_defaulted',
    event: 'defaulted',
    title: (t) => `${t}: the trader did not pay the settlement in time`,
  },
};

// The outbox is the app context's (notify() finds it through the transaction); `deps` stays for callers.
export function lifecycleMail(_deps: MailDeps): LifecycleHooks {
  /** Tells each backer (investments in `statuses`): in the app, and by email as they chose. */
  async function send(
    tx: Tx,
    campaignId: string,
    statuses: Array<typeof investments.$inferSelect.status>,
    template: CampaignTemplate,
  ) {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!campaign) return;
    const { kind, event, title } = NOTICES[template];
    for (const b of await backers(tx, campaignId, statuses)) {
      // Every campaign notice takes the title and the amount; the completed one the profit too.
      const data = { title: campaign.title, amount: b.amount, profit: b.profit };
      await notify(tx, {
        userId: b.id,
        kind,
        key: `campaign:${campaignId}:${event}`,
        title: title(campaign.title),
        link: `/campaigns/${campaignId}`,
        email: { template, data },
      });
    }
  }
  return {
    onFunded: (tx, id) => send(tx, id, ['confirmed'], 'campaign-funded'),
    onCancelled: (tx, id) => send(tx, id, ['refunding', 'refunded'], 'campaign-refunded'),
    onCompleted: (tx, id) => send(tx, id, ['paid_out'], 'campaign-completed'),
    onDefaulted: (tx, id) => send(tx, id, ['confirmed'], 'campaign-defaulted'),
  };
}
