// notify(): the one way an event reaches a user (docs/notifications.md). In the transaction of the
// event it writes the in-app row, once per event and per recipient (the unique (user, event key)
// makes a retried job or a repeated hook a no-op), queues the email through the outbox when the
// user wants that kind's email, and signals the live streams (NOTIFY, delivered on COMMIT, to every
// instance). The outbox and the clock come from the app context the transaction belongs to
// (server/effects.ts); a handle no context made (a script's) records the row and sends no email.
import { eq, sql } from 'drizzle-orm';
import { emailWanted, type NoticeKind } from '../../../domain/notifications.ts';
import { notifications, notificationSettings, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { effectKey, effectOf } from '../../effects.ts';
import type { Outbox } from '../../email/outbox.ts';
import type { TemplateData, TemplateName } from '../../email/templates.ts';
import { queueAccountEmail } from '../../email/account-emails.ts';

/** The NOTIFY channel of new notifications; the payload is `<user id>:<notification id>`. */
export const NOTICE_CHANNEL = 'hb_notifications';

/** What notify() needs from the app context (server/context.ts fills it in). */
export interface NoticeDeps {
  outbox: Pick<Outbox, 'email'>;
  clock: () => Date;
}

export interface Notice<N extends TemplateName = TemplateName> {
  /** Who is told. */
  userId: string;
  kind: NoticeKind;
  /** Names the event, the same on every retry: `investment:<id>:confirmed`, `campaign:<id>:funded`. */
  key: string;
  /** One line, as the list shows it. */
  title: string;
  body?: string | null;
  /** A path in the app where the user follows it (`/portfolio`), never an outside address. */
  link?: string | null;
  /** The event's email (the greeting is filled in): queued only if the user wants this kind's email. */
  email?: { template: N; data: Omit<TemplateData<N>, 'name'> };
}

/** The outbox and clock notify() uses, in the app's effects (filled by server/context.ts). */
export const NOTICES = effectKey<NoticeDeps>('notices');

/**
 * Tells `notice.userId` of an event in `tx`: answers the new notification's id, or null when this
 * event already notified this user (nothing is written or emailed again) or the user is gone.
 */
export async function notify<N extends TemplateName>(tx: Tx, notice: Notice<N>): Promise<string | null> {
  const deps = effectOf(tx, NOTICES);
  const [user] = await tx
    .select({
      email: users.email,
      firstName: users.firstName,
      username: users.username,
      emailOptOuts: users.emailOptOuts,
      inAppOptOuts: notificationSettings.inAppOptOuts,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, notice.userId));
  if (!user) return null;
  const inApp = !(user.inAppOptOuts ?? []).includes(notice.kind);
  const email = !!notice.email && !!deps && !!user.email && emailWanted(notice.kind, user.emailOptOuts);
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: notice.userId,
      kind: notice.kind,
      eventKey: notice.key,
      title: notice.title.slice(0, 300),
      body: notice.body?.slice(0, 2000) ?? null,
      link: notice.link ?? null,
      inApp,
      emailed: email,
      createdAt: deps?.clock() ?? new Date(),
    })
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning({ id: notifications.id });
  if (!row) return null;
  if (email) await queueAccountEmail(deps!.outbox, tx, user, notice.email!.template, notice.email!.data);
  // Delivered to every listening instance when the transaction commits, never after a rollback.
  if (inApp) await tx.execute(sql`select pg_notify(${NOTICE_CHANNEL}, ${`${notice.userId}:${row.id}`})`);
  return row.id;
}

/** notify() for each of `userIds` (the same event): answers how many were newly told. */
export async function notifyEach<N extends TemplateName>(
  tx: Tx,
  userIds: Iterable<string>,
  notice: (userId: string) => Notice<N>,
): Promise<number> {
  let told = 0;
  for (const id of new Set(userIds)) if (await notify(tx, notice(id))) told++;
  return told;
}
