// The notification centre's reads and writes (docs/notifications.md): a user's own list and unread
// count, marking read (only their own ids; again is a no-op), and the per-kind channel choices.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  applyChannels,
  channelsOf,
  NOTICE_KIND_INFO,
  type Notice,
  type NoticeChannels,
  type NoticeChannelsChange,
  type NoticeList,
} from '../../../domain/notifications.ts';
import type { Db } from '../../db/connect.ts';
import { notifications, notificationSettings, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';

const shown = (userId: string) => and(eq(notifications.userId, userId), eq(notifications.inApp, true));

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
};

function toNotice(row: {
  id: string;
  kind: Notice['kind'];
  title: string;
  body: string | null;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}): Notice {
  return { ...row, createdAt: row.createdAt.toISOString(), readAt: row.readAt?.toISOString() ?? null };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(shown(userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The user's newest `limit` notifications, newest first, and the unread count. */
export async function listNotices(db: Db, userId: string, limit: number): Promise<NoticeList> {
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(shown(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return { items: rows.map(toNotice), unread: await unreadCount(db, userId) };
}

/** One of the user's notifications (for the live stream), or null when not theirs or not shown. */
export async function noticeOf(db: Db, userId: string, id: string): Promise<Notice | null> {
  const [row] = await db
    .select(columns)
    .from(notifications)
    .where(and(shown(userId), eq(notifications.id, id)));
  return row ? toNotice(row) : null;
}

/** Marks the user's own `ids` (or all of theirs) read; others' ids and read ones are left as they are. */
export async function markRead(
  db: Db,
  userId: string,
  which: { ids?: string[] | undefined; all?: true | undefined },
  now: Date,
): Promise<{ marked: number; unread: number }> {
  if (which.ids && which.ids.length === 0) return { marked: 0, unread: await unreadCount(db, userId) };
  const marked = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        shown(userId),
        isNull(notifications.readAt),
        which.ids ? inArray(notifications.id, which.ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return { marked: marked.length, unread: await unreadCount(db, userId) };
}

async function optOuts(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.emailOptOuts, inApp: notificationSettings.inAppOptOuts })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  return { email: row?.email ?? [], inApp: row?.inApp ?? [] };
}

export async function channelsFor(db: Db, userId: string): Promise<NoticeChannels> {
  const o = await optOuts(db, userId);
  return channelsOf(o.email, o.inApp);
}

/** Applies `change`; a kind whose email cannot be chosen (none, or always sent) is refused (400). */
export async function saveChannels(
  db: Db,
  userId: string,
  change: NoticeChannelsChange,
): Promise<NoticeChannels> {
  return inTransaction(db, async (tx) => {
    // The user's row locked: two saves at once do not lose each other's change.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const o = await optOuts(tx, userId);
    const next = applyChannels(o.email, o.inApp, change);
    if (next.refused) {
      const info = NOTICE_KIND_INFO[next.refused];
      const message =
        info.email === 'required'
          ? `${info.label} are always emailed`
          : `${info.label} have no email to turn on or off`;
      throw new AppError('VALIDATION', message, { [next.refused]: message });
    }
    await tx.update(users).set({ emailOptOuts: next.emailOptOuts }).where(eq(users.id, userId));
    await tx
      .insert(notificationSettings)
      .values({ userId, inAppOptOuts: next.inAppOptOuts })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { inAppOptOuts: next.inAppOptOuts } });
    return channelsOf(next.emailOptOuts, next.inAppOptOuts);
  });
}
