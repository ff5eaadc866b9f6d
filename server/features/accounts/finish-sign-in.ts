// The end of every sign-in that yields a session (password, second step, social): the session this
// browser held is ended (no fixation), the new cookie set, the second step's cookie cleared, and a
// social identity waiting for this account's password is linked now that it was given.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clearShortCookie, LINK_COOKIE, PENDING_COOKIE } from './two-factor/cookies.ts';
import { completePendingLink } from './social.ts';
import { deleteSession, sessionCookieFor, type NewSession } from './sessions.ts';

export async function finishSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  session: NewSession,
): Promise<void> {
  const { secure } = sessionCookieFor(app.settings.publicUrl);
  if (request.sessionToken) await deleteSession(app.db, request.sessionToken);
  app.setSessionCookie(reply, session);
  if (request.cookies[PENDING_COOKIE]) clearShortCookie(reply, PENDING_COOKIE, secure);
  const link = request.cookies[LINK_COOKIE];
  if (link) {
    await completePendingLink(app.db, link, userId, app.clock());
    clearShortCookie(reply, LINK_COOKIE, secure);
  }
}
