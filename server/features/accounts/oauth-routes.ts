// Social login (Google, LinkedIn): `start` sends the browser to the provider, `callback` receives it
// back. Between the two, the flow's checks (state, nonce, PKCE verifier) and what the dialog chose
// (role, terms, risk) live in a signed, HttpOnly, SameSite=Lax cookie that lasts 10 minutes and is
// sent only to these routes. The callback never answers 500: every failure goes back to the landing
// page with `?authError=<CODE>&provider=…` (domain/social-outcome.ts: the page shows the product's
// message for the code, never text from the link). An account with a second factor goes on to the
// second step (`/?twoFactor=1`); an existing account not yet linked to this identity is asked for its
// password first (`/?linkAccount=<provider>`).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_PROVIDER_LABELS,
  AUTH_PROVIDERS,
  authProvidersSchema,
  oauthStartQuerySchema,
  type AuthProvider,
} from '../../../domain/auth.ts';
import {
  isSocialOutcomeCode,
  socialOutcomePath,
  type SocialOutcomeCode,
} from '../../../domain/social-outcome.ts';
import { SIGNUP_ROLES, type Role } from '../../../domain/users.ts';
import { AppError } from '../../errors.ts';
import { LINK_COOKIE, PENDING_COOKIE, setShortCookie } from './two-factor/cookies.ts';
import { accountMailContext } from '../../email/account-emails.ts';
import { AuthorizationResponseError, isAuthProvider, OAuthClients } from './oauth.ts';
import { deleteSession, sessionCookieFor } from './sessions.ts';
import { signInWithProvider } from './social.ts';
import { AUTH_API } from '../../../domain/endpoints/auth.ts';
import { answerSchema } from '../../../domain/endpoint.ts';

const FLOW_COOKIE = 'hb_oauth';
const FLOW_PATH = '/api/auth/oauth';
const FLOW_TTL_S = 10 * 60;
export const AFTER_SIGN_IN = '/dashboard?welcome=1';

const flowSchema = z.object({
  provider: z.enum(AUTH_PROVIDERS),
  state: z.string(),
  nonce: z.string().optional(),
  codeVerifier: z.string().optional(),
  role: z.enum(SIGNUP_ROLES).optional(),
  terms: z.boolean(),
  risk: z.boolean(),
  /** Epoch ms: the cookie's own Max-Age is the browser's to honour, this one is ours. */
  expiresAt: z.number(),
});
type Flow = z.infer<typeof flowSchema>;

const paramsSchema = z.object({ provider: z.string().max(40) });

function cookieOptions(request: FastifyRequest) {
  return {
    path: FLOW_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  };
}

/** The flow of this browser, or null when absent, forged, unreadable or expired. */
function readFlow(request: FastifyRequest, now: Date): Flow | null {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw || raw.length > 2000) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString()));
    return parsed.success && parsed.data.expiresAt > now.getTime() ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Back to the landing page, which shows the code's message (the browser is mid-navigation: no JSON here). */
function failTo(reply: FastifyReply, code: SocialOutcomeCode, provider: AuthProvider, role?: Role) {
  return reply.header('cache-control', 'no-store').redirect(socialOutcomePath(code, provider, role));
}

/** What may be logged of a provider or library error: no tokens, no claims. */
function describe(error: unknown) {
  const e = error as { name?: string; message?: string; code?: string; error?: string };
  return { name: e?.name, message: e?.message, code: e?.code, error: e?.error };
}

const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const clients = new OAuthClients(app.settings.oauth);
  const { secure } = sessionCookieFor(app.settings.publicUrl);
  const redirectUri = (provider: AuthProvider) =>
    `${app.settings.publicUrl}/api/auth/oauth/${provider}/callback`;

  function enabledProvider(name: string): AuthProvider {
    if (!isAuthProvider(name)) throw new AppError('NOT_FOUND', 'Unknown sign-in provider');
    if (!clients.isEnabled(name)) {
      throw new AppError(
        'NOT_FOUND',
        `${AUTH_PROVIDER_LABELS[name]} sign-in is not configured on this server`,
      );
    }
    return name;
  }

  app.get(
    '/api/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The social sign-in providers configured',
        response: { 200: answerSchema(AUTH_API.providers, authProvidersSchema) },
      },
    },
    async () => ({
      google: { enabled: clients.isEnabled('google') },
      linkedin: { enabled: clients.isEnabled('linkedin') },
    }),
  );

  app.get(
    '/api/auth/oauth/:provider/start',
    {
      config: {
        access: 'public',
        errors: ['NOT_FOUND', 'SOCIAL_UNAVAILABLE'],
        answers: { 302: "Redirects to the provider's sign-in page" },
      },
      schema: {
        summary: 'Start a social sign-in: redirects to the provider',
        params: paramsSchema,
        querystring: oauthStartQuerySchema,
      },
    },
    async (request, reply) => {
      const provider = enabledProvider(request.params.provider);
      let begun: Awaited<ReturnType<OAuthClients['begin']>>;
      try {
        begun = await clients.begin(provider, redirectUri(provider));
      } catch (error) {
        request.log.error({ err: describe(error), provider }, 'social sign-in provider unreachable');
        return failTo(reply, 'SOCIAL_UNAVAILABLE', provider);
      }
      const flow: Flow = {
        provider,
        ...begun.checks,
        role: request.query.role,
        terms: request.query.terms,
        risk: request.query.risk,
        expiresAt: app.clock().getTime() + FLOW_TTL_S * 1000,
      };
      reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
        ...cookieOptions(request),
        signed: true,
        maxAge: FLOW_TTL_S,
      });
      return reply.header('cache-control', 'no-store').redirect(begun.url.href);
    },
  );

  app.get(
    '/api/auth/oauth/:provider/callback',
    {
      config: {
        errors: [
          'NOT_FOUND',
          'SOCIAL_CANCELLED',
          'SOCIAL_FAILED',
          'SOCIAL_FLOW_EXPIRED',
          'ACCOUNT_SUSPENDED',
          'ROLE_ACCESS_DENIED',
          'SOCIAL_ADMIN_REFUSED',
          'SOCIAL_EMAIL_MISSING',
          'SOCIAL_EMAIL_TAKEN_UNVERIFIED',
          'SOCIAL_EMAIL_UNVERIFIED',
          'SOCIAL_SIGNUP_NEEDS_RISK',
          'SOCIAL_SIGNUP_NEEDS_TERMS',
          'SOCIAL_SIGNUP_RACE',
        ],
        answers: {
          302: 'Redirects into the app: signed in, to the second step, or to the sign-in page with the reason',
        },
        access: 'public',
      },
      schema: { summary: "The provider's return: signs in and redirects into the app", params: paramsSchema },
    },
    async (request, reply) => {
      const provider = enabledProvider(request.params.provider);
      // One use per flow: whatever happens next, this browser's flow is over.
      reply.clearCookie(FLOW_COOKIE, cookieOptions(request));
      const flow = readFlow(request, app.clock());
      if (!flow || flow.provider !== provider) {
        return failTo(reply, 'SOCIAL_FLOW_EXPIRED', provider);
      }
      // The URL the provider redirected to, as registered (behind a proxy the request URL may differ).
      const callbackUrl = new URL(redirectUri(provider));
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;

      let identity: Awaited<ReturnType<OAuthClients['complete']>>;
      try {
        identity = await clients.complete(provider, callbackUrl, flow);
      } catch (error) {
        if (error instanceof AuthorizationResponseError && error.error === 'access_denied') {
          return failTo(reply, 'SOCIAL_CANCELLED', provider);
        }
        request.log.warn({ err: describe(error), provider }, 'social sign-in refused');
        return failTo(reply, 'SOCIAL_FAILED', provider);
      }

      try {
        const outcome = await signInWithProvider(
          accountMailContext(app, request.log),
          provider,
          identity,
          flow,
          { userAgent: request.headers['user-agent'] },
          app.clock(),
        );
        const noStore = reply.header('cache-control', 'no-store');
        if (outcome.kind === 'link') {
          setShortCookie(reply, LINK_COOKIE, outcome.linkToken, secure);
          return noStore.redirect(`/?linkAccount=${provider}`);
        }
        if (outcome.kind === 'second-step') {
          setShortCookie(reply, PENDING_COOKIE, outcome.pendingToken, secure);
          return noStore.redirect('/?twoFactor=1');
        }
        // A new session at every sign-in; one presented with it is ended (no fixation).
        if (request.sessionToken) await deleteSession(app.db, request.sessionToken);
        app.setSessionCookie(reply, outcome.session);
        return noStore.redirect(AFTER_SIGN_IN);
      } catch (error) {
        // A refusal from the catalogue is meant for the visitor; anything else is ours to log.
        if (error instanceof AppError && isSocialOutcomeCode(error.code)) {
          return failTo(reply, error.code, provider, flow.role);
        }
        request.log.error({ err: error, provider }, 'social sign-in failed');
        return failTo(reply, 'SOCIAL_FAILED', provider);
      }
    },
  );
};

export default oauthRoutes;
