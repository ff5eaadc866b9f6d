// What updates, answers, deadlines and new campaigns tell people (docs/updates.md): the hooks
// onUpdatePosted, onQuestionAnswered, onDeadlineNear and onCampaignLive (features/campaigns/notices.ts),
// run in the announcing transaction before COMMIT. An update (to each backer, and each follower of a
// public one) and an answer (to its asker) go through notify(): in the notification centre and by email
// as each chose, once per event and person; so do a deadline reminder (to each follower) and a saved
// search's match (once per search and campaign).
import { and, eq } from 'drizzle-orm';
import { INVESTMENT_STATUS_GROUPS } from '../../../domain/investments.ts';
import { sqlIn } from '../../db/vocabulary.ts';
import { savedSearchFilters, savedSearchLabel } from '../../../domain/follows.ts';
import {
  campaignFollows,
  campaignQuestions,
  campaigns,
  campaignUpdates,
  investments,
  savedSearches,
  savedSearchMatches,
  users,
} from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { listFilter } from '../campaigns/index.ts';
import type { LifecycleHooks } from '../campaigns/index.ts';
import { notify, notifyEach } from '../notifications/index.ts';

/** The first `max` characters of `text`, cut at a word, with an ellipsis when cut. */
export function excerptOf(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

const RECIPIENT = { id: users.id, email: users.email, firstName: users.firstName, username: users.username };

/** The campaign's followers with an active account. */
function followersOf(tx: Tx, campaignId: string) {
  return tx
    .select(RECIPIENT)
    .from(campaignFollows)
    .innerJoin(users, eq(users.id, campaignFollows.userId))
    .where(and(eq(campaignFollows.campaignId, campaignId), eq(users.accountStatus, 'active')));
}

/** The hooks; notify() finds the app's outbox through the transaction (features/notifications). */
export function updatesMail(): Pick<
  LifecycleHooks,
  'onUpdatePosted' | 'onQuestionAnswered' | 'onCampaignLive' | 'onDeadlineNear'
> {
  return {
    async onDeadlineNear(tx, campaignId) {
      const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
      if (!campaign) return;
      await notifyEach(
        tx,
        (await followersOf(tx, campaignId)).map((f) => f.id),
        (userId) => ({
          userId,
          kind: 'campaign_deadline',
          key: `campaign:${campaignId}:deadline-near`,
          title: `${campaign.title} stops taking investments soon`,
          link: `/campaigns/${campaignId}`,
          email: {
            template: 'campaign-deadline-near',
            data: { campaignId, title: campaign.title, deadline: campaign.deadline.toISOString() },
          },
        }),
      );
    },
    async onCampaignLive(tx, campaignId) {
      const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId));
      if (!campaign) return;
      const searches = await tx
        .select({ search: savedSearches, ...RECIPIENT })
        .from(savedSearches)
        .innerJoin(users, eq(users.id, savedSearches.userId))
        .where(eq(users.accountStatus, 'active'));
      for (const row of searches) {
        const [match] = await tx
          .select({ id: campaigns.id })
          .from(campaigns)
          .where(and(eq(campaigns.id, campaignId), listFilter(savedSearchFilters(row.search.query), false)));
        if (!match) continue;
        // Once per search and campaign: a campaign approved again after an edit is not announced twice.
        const claimed = await tx
          .insert(savedSearchMatches)
          .values({ searchId: row.search.id, campaignId, notifiedAt: campaign.updatedAt })
          .onConflictDoNothing()
          .returning({ id: savedSearchMatches.searchId });
        if (!claimed.length) continue;
        await notify(tx, {
          userId: row.id,
          kind: 'saved_search',
          key: `saved-search:${row.search.id}:${campaignId}`,
          title: `New campaign for your search ${savedSearchLabel(row.search.query)}: ${campaign.title}`,
          link: `/campaigns/${campaignId}`,
          email: {
            template: 'saved-search-match',
            data: {
              campaignId,
              title: campaign.title,
              search: savedSearchLabel(row.search.query),
              query: row.search.query,
            },
          },
        });
      }
    },
    async onUpdatePosted(tx, updateId) {
      const [row] = await tx
        .select({ update: campaignUpdates, title: campaigns.title })
        .from(campaignUpdates)
        .innerJoin(campaigns, eq(campaigns.id, campaignUpdates.campaignId))
        .where(eq(campaignUpdates.id, updateId));
      if (!row) return;
      const { update } = row;
      // Each backer once, however many investments they hold; followers too for a public update (once,
      // also when they back it).
      const backers = await tx
        .selectDistinct(RECIPIENT)
        .from(investments)
        .innerJoin(users, eq(users.id, investments.investorId))
        .where(
          and(
            eq(investments.campaignId, update.campaignId),
            sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.backers),
            eq(users.accountStatus, 'active'),
          ),
        );
      const followers = update.audience === 'public' ? await followersOf(tx, update.campaignId) : [];
      const seen = new Set<string>();
      const recipients = [...backers, ...followers].filter((r) => !seen.has(r.id) && !!seen.add(r.id));
      // In the notification centre and by email as each chose (features/notifications), once per update.
      await notifyEach(
        tx,
        recipients.map((r) => r.id),
        (userId) => ({
          userId,
          kind: 'campaign_update',
          key: `update:${updateId}`,
          title: `${row.title}: ${update.title}`,
          body: excerptOf(update.body, 140),
          link: `/campaigns/${update.campaignId}`,
          email: {
            template: 'campaign-update',
            data: {
              campaignId: update.campaignId,
              title: row.title,
              updateTitle: update.title,
              excerpt: excerptOf(update.body),
              backersOnly: update.audience === 'backers',
            },
          },
        }),
      );
    },
    async onQuestionAnswered(tx, questionId) {
      const [row] = await tx
        .select({
          q: campaignQuestions,
          title: campaigns.title,
          email: users.email,
          firstName: users.firstName,
          username: users.username,
        })
        .from(campaignQuestions)
        .innerJoin(campaigns, eq(campaigns.id, campaignQuestions.campaignId))
        .innerJoin(users, eq(users.id, campaignQuestions.askerId))
        .where(eq(campaignQuestions.id, questionId));
      if (!row || row.q.answerBody === null) return;
      await notify(tx, {
        userId: row.q.askerId,
        kind: 'question_answered',
        // Each answer is its own event: one given again after an admin hid the first tells the asker again.
        key: `question:${questionId}:answered:${row.q.answeredAt!.toISOString()}`,
        title: `Your question on ${row.title} was answered`,
        body: excerptOf(row.q.answerBody, 140),
        link: `/campaigns/${row.q.campaignId}`,
        email: {
          template: 'question-answered',
          data: {
            campaignId: row.q.campaignId,
            title: row.title,
            question: excerptOf(row.q.body),
            answer: excerptOf(row.q.answerBody, 1000),
          },
        },
      });
    },
  };
}
