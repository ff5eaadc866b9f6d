// Who is calling: reads the session cookie on API requests and sets `request.user`. Guards are
// verbs declared at the route: `preHandler: app.requireUser` or `app.requireRole('trader')` (see
// plugins/access.ts: a route without a guard must say it is public).
// Writes are refused when they come from another site (CSRF), judged by Fetch Metadata and Origin.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../domain/users.ts';
import { AppError } from '../errors.ts';
import { guard } from './access.ts';
import { SESSION_COOKIE, userForSession, type NewSession, type UserRow } from '../features/auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** 401 without a session, 403 (with `message`, when given) for the other roles. */
    requireRole: (
      ...args: Role[] | [...Role[], RoleGuardOptions]
    ) => (request: FastifyRequest) => Promise<void>;
    setSessionCookie: (reply: FastifyReply, session: NewSession) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
}

interface RoleGuardOptions {
  /** The 403 message, e.g. "Only traders can create campaigns". */
  message?: string;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A browser write from another site. Clients that send neither header (curl, servers) are not browsers. */
function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export default fp(async function auth(app: FastifyInstance) {
  // The secret signs short-lived cookies (the social sign-in flow); sessions need none (random tokens).
  await app.register(cookie, { secret: app.settings.cookieSecret });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (UNSAFE_METHODS.has(request.method) && isCrossSite(request)) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused');
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    request.user = await userForSession(app.db, token);
    request.sessionToken = request.user ? token : null;
  });

  app.decorate(
    'requireUser',
    guard('user', async (request: FastifyRequest) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
    }),
  );
  app.decorate('requireRole', (...args: Array<Role | RoleGuardOptions>) => {
    const roles = args.filter((a): a is Role => typeof a === 'string');
    const { message } = args.find((a): a is RoleGuardOptions => typeof a === 'object') ?? {};
    return guard(roles, async (request: FastifyRequest) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      if (!roles.includes(request.user.role)) throw new AppError('FORBIDDEN', message);
    });
  });

  app.decorate('setSessionCookie', (reply: FastifyReply, session: NewSession) => {
    reply.setCookie(SESSION_COOKIE, session.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: reply.request.protocol === 'https',
      // Remember me: a dated cookie; otherwise it ends with the browser session.
      ...(session.persistent ? { expires: session.expiresAt } : {}),
    });
  });
  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: reply.request.protocol === 'https',
    });
  });
});
