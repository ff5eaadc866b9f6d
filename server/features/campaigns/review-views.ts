// What the due-diligence review left on a campaign (review.ts decides): its decisions, newest first.
import { desc, eq } from 'drizzle-orm';
import type { ReviewDecisionView } from '../../../domain/diligence.ts';
import { displayName } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaignReviews, users } from '../../db/schema/index.ts';

export const fullName = (u: { firstName: string | null; lastName: string | null; username: string }) =>
  `${displayName(u)}${u.lastName ? ` ${u.lastName}` : ''}`;

/** The review's decisions on a campaign, newest first (its trader and admins read them). */
export async function reviewHistoryOf(db: Db, campaignId: string): Promise<ReviewDecisionView[]> {
  const rows = await db
    .select({
      r: campaignReviews,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(campaignReviews)
    .innerJoin(users, eq(users.id, campaignReviews.reviewerId))
    .where(eq(campaignReviews.campaignId, campaignId))
    .orderBy(desc(campaignReviews.createdAt), desc(campaignReviews.id));
  return rows.map(({ r, ...reviewer }) => ({
    decision: r.decision,
    reason: r.reason,
    checks: r.checks,
    reviewerName: fullName(reviewer),
    decidedAt: r.createdAt.toISOString(),
  }));
}
