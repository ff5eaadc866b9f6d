// The notification centre over HTTP (docs/notifications.md): the signed-in user's own list, marking
// read, the live stream of new ones (server-sent events) and the per-kind channel settings.
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerSchema } from '../../../domain/endpoint.ts';
import { NOTIFICATION_API } from '../../../domain/endpoints/notifications.ts';
import { SETTINGS_API } from '../../../domain/endpoints/settings.ts';
import {
  markReadAnswerSchema,
  markReadSchema,
  noticeChannelsChangeSchema,
  noticeChannelsSchema,
  noticeListQuerySchema,
  noticeListSchema,
  notificationPrefsSchema,
  optOutsFromPrefs,
  prefsFromOptOuts,
  type NoticeEvent,
} from '../../../domain/notifications.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Db } from '../../db/connect.ts';
import { createLiveHub, type LiveStream } from './live.ts';
import { channelsFor, listNotices, markRead, saveChannels, unreadCount } from './service.ts';

export interface NotificationRouteOptions {
  /** Whether a session token still signs its user in (the accounts feature's, given by the app). */
  sessionHolds: (db: Db, token: string, now: Date) => Promise<boolean>;
  /** How often an open stream sends a comment line and checks its session (default 25 s). */
  heartbeatMs?: number;
}

const notificationRoutes: FastifyPluginAsyncZod<NotificationRouteOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const hub = createLiveHub({ database: app.database, db: app.db, log: app.log });
  // Open streams end when shutdown begins, so that closing the server does not wait for them.
  app.addHook('preClose', () => hub.close());

  app.get(
    '/api/notifications',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "The user's notifications, newest first, and how many are unread",
        querystring: noticeListQuerySchema,
        response: { 200: answerSchema(NOTIFICATION_API.list, noticeListSchema) },
      },
    },
    (request) => listNotices(app.db, request.user!.id, request.query.limit),
  );

  app.post(
    '/api/notifications/read',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "Mark the user's own notifications read (the given ids, or all)",
        body: markReadSchema,
        response: { 200: answerSchema(NOTIFICATION_API.markRead, markReadAnswerSchema) },
      },
    },
    (request) => markRead(app.db, request.user!.id, request.body, app.clock()),
  );

  app.get(
    '/api/notifications/stream',
    {
      preHandler: app.requireUser,
      config: {
        errors: ['NOT_AN_EVENT_STREAM_CLIENT'],
        answers: {
          200:
            'Server-sent events (text/event-stream): a `notification` event `{notification, unread}` ' +
            'at once (notification null) and for each new notification; a comment line every 25 s',
        },
      },
      schema: { summary: "Live stream of the user's new notifications (server-sent events)" },
    },
    async (request, reply) => {
      if (!/\btext\/event-stream\b/.test(request.headers.accept ?? ''))
        throw new AppError('NOT_AN_EVENT_STREAM_CLIENT');
      const user = request.user!;
      const token = request.sessionToken!;
      const unread = await unreadCount(app.db, user.id);
      // Written to the socket ourselves: the compression plugin and the JSON serializer never see it,
      // so nothing buffers an event. The security headers the hooks set so far are kept.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
        // The connection is the stream's alone: it closes with it (a shutdown then does not wait for it).
        connection: 'close',
      });
      let ended = false;
      let stop = () => {};
      const timer = setInterval(() => void beat(), heartbeatMs);
      const stream: LiveStream = {
        userId: user.id,
        send: (event: NoticeEvent) => {
          if (!ended) res.write(`event: notification\ndata: ${JSON.stringify(event)}\n\n`);
        },
        end: () => {
          if (ended) return;
          ended = true;
          clearInterval(timer);
          stop();
          res.end();
        },
      };
      // The session ended (sign-out, expiry, suspension): the stream ends with it.
      async function beat() {
        if (ended) return;
        try {
          if (!(await options.sessionHolds(app.db, token, app.clock()))) {
            res.write('event: signed-out\ndata: {}\n\n');
            return stream.end();
          }
          res.write(': keep-alive\n\n');
        } catch {
          // The database is unreachable for a moment: try again at the next beat.
        }
      }
      request.raw.on('close', () => stream.end());
      res.on('close', () => stream.end());
      res.write('retry: 5000\n\n');
      stream.send({ notification: null, unread });
      try {
        stop = await hub.add(stream);
      } catch (error) {
        request.log.warn({ err: error }, 'could not start listening for notifications');
        stream.end();
      }
      if (ended) stop();
    },
  );

  app.get(
    '/api/settings/notifications/channels',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'For each kind of notification: shown in the app, and emailed',
        response: { 200: answerSchema(NOTIFICATION_API.channels, noticeChannelsSchema) },
      },
    },
    (request) => channelsFor(app.db, request.user!.id),
  );

  app.put(
    '/api/settings/notifications/channels',
    {
      preHandler: app.requireUser,
      config: { errors: ['VALIDATION'] },
      schema: {
        summary: 'Change, per kind of notification, whether it is shown in the app and emailed',
        body: noticeChannelsChangeSchema,
        response: { 200: answerSchema(NOTIFICATION_API.saveChannels, noticeChannelsSchema) },
      },
    },
    (request) => saveChannels(app.db, request.user!.id, request.body),
  );

  // Notification emails of the lifecycle (funded, refunded, payouts): on by default, off per kind.
  app.get(
    '/api/settings/notifications',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "The user's notification email settings",
        response: { 200: answerSchema(SETTINGS_API.notifications, notificationPrefsSchema) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select({ optOuts: users.emailOptOuts })
        .from(users)
        .where(eq(users.id, request.user!.id));
      return prefsFromOptOuts(row?.optOuts ?? []);
    },
  );

  app.put(
    '/api/settings/notifications',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "Change the user's notification email settings",
        body: notificationPrefsSchema,
        response: { 200: answerSchema(SETTINGS_API.saveNotifications, notificationPrefsSchema) },
      },
    },
    async (request) => {
      await app.db
        .update(users)
        .set({ emailOptOuts: optOutsFromPrefs(request.body) })
        .where(eq(users.id, request.user!.id));
      return request.body;
    },
  );
};

export default notificationRoutes;
