// Live delivery of notifications (docs/notifications.md): the user's open tabs hold a server-sent
// event stream each; notify() sends NOTIFY `hb_notifications` with `<user id>:<notification id>` in
// the event's transaction, and PostgreSQL delivers it on COMMIT to every instance that LISTENs — one
// connection per instance, opened with the first stream. On PGlite the same NOTIFY reaches PGlite's
// own LISTEN in this process (it is single-process). Each instance pushes the notification and the
// new unread count to the streams of that user it holds.
import type { NoticeEvent } from '../../../domain/notifications.ts';
import type { Database, Db } from '../../db/connect.ts';
import { NOTICE_CHANNEL } from './notify.ts';
import { noticeOf, unreadCount } from './service.ts';

export interface LiveStream {
  userId: string;
  send(event: NoticeEvent): void;
  /** Ends the stream (the client's EventSource reconnects unless it was shut down for good). */
  end(): void;
}

export interface LiveHub {
  /** Starts pushing the user's new notifications to `stream`; answers how to stop. */
  add(stream: LiveStream): Promise<() => void>;
  /** How many streams this instance holds. */
  readonly size: number;
  /** Ends every stream and stops listening (before the app closes the database). */
  close(): Promise<void>;
}

/** A user's tabs beyond this many: the oldest stream ends. */
export const MAX_STREAMS_PER_USER = 8;

interface HubLog {
  warn(obj: object, msg: string): void;
}

export function createLiveHub({ database, db, log }: { database: Database; db: Db; log: HubLog }): LiveHub {
  const byUser = new Map<string, Set<LiveStream>>();
  let listening: Promise<() => Promise<void>> | undefined;
  let closed = false;

  const streamsOf = (userId: string) => [...(byUser.get(userId) ?? [])];

  async function push(userId: string, notificationId: string | null) {
    if (!byUser.has(userId)) return;
    try {
      const notification = notificationId ? await noticeOf(db, userId, notificationId) : null;
      const unread = await unreadCount(db, userId);
      for (const s of streamsOf(userId)) s.send({ notification, unread });
    } catch (error) {
      log.warn({ err: error }, 'could not push a notification to its live streams');
    }
  }

  function onMessage(payload: string) {
    const [userId, id] = payload.split(':');
    if (userId && id) void push(userId, id);
  }

  /** The listening connection was lost and is back: every user's count is sent again. */
  function onGap() {
    for (const userId of byUser.keys()) void push(userId, null);
  }

  function remove(stream: LiveStream) {
    const set = byUser.get(stream.userId);
    set?.delete(stream);
    if (set && set.size === 0) byUser.delete(stream.userId);
  }

  return {
    async add(stream) {
      if (closed) throw new Error('the live hub is closed');
      listening ??= database.listen(NOTICE_CHANNEL, onMessage, onGap).catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
      await listening;
      // Shut down while the listening connection opened: the stream ends now rather than be kept.
      if (closed) {
        stream.end();
        return () => {};
      }
      const set = byUser.get(stream.userId) ?? new Set();
      byUser.set(stream.userId, set);
      set.add(stream);
      if (set.size > MAX_STREAMS_PER_USER) {
        const oldest = set.values().next().value!;
        remove(oldest);
        oldest.end();
      }
      return () => remove(stream);
    },
    get size() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    async close() {
      closed = true;
      for (const userId of [...byUser.keys()]) for (const s of streamsOf(userId)) s.end();
      byUser.clear();
      const stop = await listening?.catch(() => undefined);
      listening = undefined;
      await stop?.();
    },
  };
}
