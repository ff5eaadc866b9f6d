// Followed campaigns and saved searches (issue 22 item 4; docs/updates.md): an investor follows a
// campaign they may see and saves /campaigns searches; the sweep reminds followers once before a
// funding deadline (onDeadlineNear), and a campaign going live is matched against every saved search
// (onCampaignLive, features/updates/emails.ts).
import type { Actor } from '../../../domain/policies.ts';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { CAMPAIGN_STATUS_GROUPS } from '../../../domain/campaigns.ts';
import {
  DEADLINE_REMINDER_HOURS,
  MAX_SAVED_SEARCHES,
  savedSearchQuery,
  type FollowedCampaign,
  type FollowState,
  type SavedSearch,
  type SavedSearchCreate,
} from '../../../domain/follows.ts';
import type { Db } from '../../db/connect.ts';
import {
  campaignFollows,
  campaigns,
  deadlineReminders,
  savedSearches,
  users,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { sqlIn } from '../../db/vocabulary.ts';
import { AppError } from '../../errors.ts';
import { announce } from '../campaigns/index.ts';
import { campaignAccess } from './access.ts';

type User = NonNullable<Actor | null>;

/** POST /api/campaigns/:id/follow: idempotent. */
export async function follow(db: Db, user: User, campaignId: string, now: Date): Promise<FollowState> {
  await campaignAccess(db, user, campaignId);
  await db
    .insert(campaignFollows)
    .values({ userId: user.id, campaignId, createdAt: now })
    .onConflictDoNothing();
  return { campaignId, following: true };
}

/** POST /api/campaigns/:id/unfollow: idempotent (also for a campaign they may no longer see). */
export async function unfollow(db: Db, user: User, campaignId: string): Promise<FollowState> {
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!campaign) throw new AppError('CAMPAIGN_NOT_FOUND');
  await db
    .delete(campaignFollows)
    .where(and(eq(campaignFollows.userId, user.id), eq(campaignFollows.campaignId, campaignId)));
  return { campaignId, following: false };
}

/** GET /api/follows: newest follow first. */
export async function listFollows(db: Db, userId: string): Promise<{ items: FollowedCampaign[] }> {
  const rows = await db
    .select({
      campaignId: campaigns.id,
      title: campaigns.title,
      status: campaigns.status,
      deadline: campaigns.deadline,
      followedAt: campaignFollows.createdAt,
    })
    .from(campaignFollows)
    .innerJoin(campaigns, eq(campaigns.id, campaignFollows.campaignId))
    .where(eq(campaignFollows.userId, userId))
    .orderBy(desc(campaignFollows.createdAt), desc(campaigns.id));
  return {
    items: rows.map((r) => ({
      ...r,
      deadline: r.deadline.toISOString(),
      followedAt: r.followedAt.toISOString(),
    })),
  };
}

const toSearch = (row: typeof savedSearches.$inferSelect): SavedSearch => ({
  id: row.id,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
});

/** POST /api/saved-searches: the filters saved once (saving the same search again answers the saved one). */
export async function saveSearch(
  db: Db,
  user: User,
  input: SavedSearchCreate,
  now: Date,
): Promise<SavedSearch> {
  const saved = savedSearchQuery(input.query);
  if ('error' in saved) throw new AppError('VALIDATION', saved.error, { [saved.field]: saved.error });
  return inTransaction(db, async (tx) => {
    // Counted under the user's row lock: two saves at once cannot pass the bound.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [existing] = await tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, user.id), eq(savedSearches.query, saved.query)));
    if (existing) return toSearch(existing);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, user.id));
    if (n >= MAX_SAVED_SEARCHES)
      throw AppError.of('SAVED_SEARCHES_FULL', { max: String(MAX_SAVED_SEARCHES) });
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId: user.id, query: saved.query, createdAt: now })
      .returning();
    return toSearch(row!);
  });
}

export async function listSearches(db: Db, userId: string): Promise<{ items: SavedSearch[] }> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return { items: rows.map(toSearch) };
}

/** POST /api/saved-searches/:id/remove: the user's own; another's does not exist for them. */
export async function removeSearch(db: Db, user: User, id: string): Promise<{ id: string }> {
  const removed = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)))
    .returning({ id: savedSearches.id });
  if (!removed.length) throw new AppError('SAVED_SEARCH_NOT_FOUND');
  return { id };
}

/**
 * The sweep's step: each open, approved campaign with followers whose deadline is within
 * DEADLINE_REMINDER_HOURS is claimed once (its deadline_reminders row) and announced (onDeadlineNear).
 * Safe on several instances: the claim is the insert. Returns the campaigns announced.
 */
export async function remindFollowers(db: Db, now: Date): Promise<number> {
  const until = new Date(now.getTime() + DEADLINE_REMINDER_HOURS * 3_600_000);
  const due = await db
    .selectDistinct({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(campaignFollows, eq(campaignFollows.campaignId, campaigns.id))
    .leftJoin(deadlineReminders, eq(deadlineReminders.campaignId, campaigns.id))
    .where(
      and(
        sqlIn(campaigns.status, CAMPAIGN_STATUS_GROUPS.openForFunding),
        eq(campaigns.reviewStatus, 'approved'),
        gt(campaigns.deadline, now),
        lte(campaigns.deadline, until),
        sql`${deadlineReminders.campaignId} is null`,
      ),
    );
  let announced = 0;
  for (const { id } of due)
    await inTransaction(db, async (tx) => {
      const claimed = await tx
        .insert(deadlineReminders)
        .values({ campaignId: id, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: deadlineReminders.campaignId });
      if (!claimed.length) return;
      announce(tx, 'onDeadlineNear', id);
      announced++;
    });
  return announced;
}
