// Who is calling: reads the session cookie on API requests and sets `request.user`. Guards are
// verbs declared at the route: `preHandler: app.requireUser` or `app.requireRole('trader')` (see
// plugins/access.ts: a route without a guard must say it is public).
// Writes are refused when they come from another site (CSRF), judged by Fetch Metadata and Origin.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '../../domain/errors.ts';
import { moneyGateRefusal } from '../../domain/policies.ts';
import type { Role } from '../../domain/users.ts';
import { AppError } from '../errors.ts';
import { guard } from './access.ts';
import { hasSecondFactor } from '../features/accounts/index.ts';
import { assertSteppedUp } from '../features/accounts/index.ts';
import {
  sessionCookieFor,
  userForSession,
  type NewSession,
  type UserRow,
} from '../features/accounts/index.ts';

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
    /**
     * After the access guard, on withdrawals and credential changes: 403 STEP_UP_REQUIRED unless the
     * user has no second factor or this session proved it in the last 5 minutes.
     */
    requireStepUp: (request: FastifyRequest) => Promise<void>;
    setSessionCookie: (reply: FastifyReply, session: NewSession) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
}

interface RoleGuardOptions {
  /** The 403 message, e.g. "Only traders can create campaigns". */
  message?: string;
  /**
   * The money gate (domain/policies.ts, `moneyGateRefusal`): the caller's account must be active, its
   * email verified and its KYC approved (admins excepted), else 403 with the catalogue code. `kyc`
   * names the KYC refusal for this path (e.g. ORDERING_NEEDS_KYC), `kycMessage` words it; `unverified`
   * names one refusal for both missing proofs (a suspension keeps its own).
   */
  verified?: true | { kyc?: ErrorCode; kycMessage?: string; unverified?: ErrorCode; only?: Role[] };
}

/** What an admin without a second factor may still call: who they are, and enrolling one. */
const ENROLLMENT_ROUTES = /^\/api\/auth\/(me|2fa(\/.*)?)$/;

/** RFC 9110's safe methods; every other method (POST, PATCH, DELETE, WebDAV's …) counts as a write. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
  // __Host-hb_session, always Secure, when browsers reach us over HTTPS (even if the hop from the
  // proxy is plain HTTP); hb_session in development.
  const sessionCookie = sessionCookieFor(app.settings.publicUrl);
  const cookieOptions = (reply: FastifyReply) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: sessionCookie.secure || reply.request.protocol === 'https',
  });

  app.addHook('onRequest', async (request) => {
    // Every write is judged, whatever its path: the router decodes and normalises paths (/%61pi/… is
    // /api/…), so a check on the raw URL could be walked around. No page of ours takes a write.
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request)) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused');
    }
    // The route the router chose (its pattern), not the raw URL: sessions on every spelling of /api.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const token = request.cookies[sessionCookie.name];
    if (!token || token.length > 100) return;
    request.user = await userForSession(app.db, token, app.clock());
    request.sessionToken = request.user ? token : null;
  });

  /**
   * An admin without a second factor may only enroll one: every other guarded route answers 403
   * TWO_FACTOR_ENROLLMENT_REQUIRED (the client sends them to the enrollment page).
   */
  async function assertAdminEnrolled(request: FastifyRequest) {
    const user = request.user!;
    if (user.role !== 'admin' || ENROLLMENT_ROUTES.test(request.routeOptions.url ?? '')) return;
    if (!(await hasSecondFactor(app.db, user.id))) throw AppError.of('TWO_FACTOR_ENROLLMENT_REQUIRED');
  }

  app.decorate(
    'requireUser',
    guard('user', async (request: FastifyRequest) => {
      if (!request.user) throw new AppError('UNAUTHENTICATED');
      await assertAdminEnrolled(request);
    }),
  );
  app.decorate('requireRole', (...args: Array<Role | RoleGuardOptions>) => {
    const roles = args.filter((a): a is Role => typeof a === 'string');
    const { message, verified } = args.find((a): a is RoleGuardOptions => typeof a === 'object') ?? {};
    const gate = verified === true ? {} : verified;
    return guard(
      roles,
      async (request: FastifyRequest) => {
        if (!request.user) throw new AppError('UNAUTHENTICATED');
        if (!roles.includes(request.user.role)) throw new AppError('FORBIDDEN', message);
        await assertAdminEnrolled(request);
        if (!gate || (gate.only && !gate.only.includes(request.user.role))) return;
        const refusal = moneyGateRefusal(request.user);
        if (refusal && refusal !== 'ACCOUNT_SUSPENDED' && gate.unverified)
          throw new AppError(gate.unverified);
        if (refusal === 'KYC_NOT_APPROVED' && (gate.kyc || gate.kycMessage))
          throw new AppError(gate.kyc ?? refusal, gate.kycMessage);
        if (refusal) throw new AppError(refusal);
      },
      { moneyGate: !!gate },
    );
  });
  app.decorate('requireStepUp', async (request: FastifyRequest) => {
    if (!request.user || !request.sessionToken) throw new AppError('UNAUTHENTICATED');
    await assertSteppedUp(app.db, request.user.id, request.sessionToken, app.clock());
  });

  // API answers are never stored by a browser or a proxy when they depend on who asks (a signed-in
  // request), nor by default: a route that wants its public answer cached says so itself.
  app.addHook('onSend', (request, reply, payload, done) => {
    const isApi = request.routeOptions.url?.startsWith('/api/') || request.url.startsWith('/api/');
    if (isApi && (request.user || !reply.getHeader('cache-control')))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.decorate('setSessionCookie', (reply: FastifyReply, session: NewSession) => {
    reply.setCookie(sessionCookie.name, session.token, {
      ...cookieOptions(reply),
      // Remember me: a dated cookie; otherwise it ends with the browser session.
      ...(session.persistent ? { expires: session.expiresAt } : {}),
    });
  });
  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    reply.clearCookie(sessionCookie.name, cookieOptions(reply));
  });
});
