// What updates and answers tell people by email (docs/updates.md): the hooks onUpdatePosted and
// onQuestionAnswered (features/lifecycle/notices.ts), run in the announcing transaction before COMMIT,
// queue one email per update and backer, and one per answer to its asker (server/email/outbox.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { BACKER_STATUSES } from '../../../domain/investments.ts';
import { campaignQuestions, campaigns, campaignUpdates, investments, users } from '../../db/schema/index.ts';
import type { Outbox } from '../../email/outbox.ts';
import { queueAccountEmail } from '../auth/account-emails.ts';
import type { LifecycleHooks } from '../lifecycle/notices.ts';

/** The first `max` characters of `text`, cut at a word, with an ellipsis when cut. */
export function excerptOf(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

export function updatesMail(deps: {
  outbox: Pick<Outbox, 'email'>;
}): Pick<LifecycleHooks, 'onUpdatePosted' | 'onQuestionAnswered'> {
  return {
    async onUpdatePosted(tx, updateId) {
      const [row] = await tx
        .select({ update: campaignUpdates, title: campaigns.title })
        .from(campaignUpdates)
        .innerJoin(campaigns, eq(campaigns.id, campaignUpdates.campaignId))
        .where(eq(campaignUpdates.id, updateId));
      if (!row) return;
      const { update } = row;
      // Each backer once, however many investments they hold (selectDistinct by user).
      const backers = await tx
        .selectDistinct({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          username: users.username,
        })
        .from(investments)
        .innerJoin(users, eq(users.id, investments.investorId))
        .where(
          and(
            eq(investments.campaignId, update.campaignId),
            inArray(investments.status, [...BACKER_STATUSES]),
            eq(users.accountStatus, 'active'),
          ),
        );
      for (const backer of backers)
        await queueAccountEmail(deps.outbox, tx, backer, 'campaign-update', {
          campaignId: update.campaignId,
          title: row.title,
          updateTitle: update.title,
          excerpt: excerptOf(update.body),
          backersOnly: update.audience === 'backers',
        });
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
      await queueAccountEmail(deps.outbox, tx, row, 'question-answered', {
        campaignId: row.q.campaignId,
        title: row.title,
        question: excerptOf(row.q.body),
        answer: excerptOf(row.q.answerBody, 1000),
      });
    },
  };
}
