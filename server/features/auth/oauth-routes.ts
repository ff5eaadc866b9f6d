// Social login (Google, LinkedIn): `start` sends the browser to the provider, `callback` receives it
// back. Between the two, the flow's checks (state, nonce, PKCE verifier) and what the dialog chose
// (role, terms, risk) live in a signed, HttpOnly, SameSite=Lax cookie that lasts 10 minutes and is
// sent only to these routes. The callback never answers 500: every failure goes back to the landing
// page with `?authError=<message>`.
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
import { SIGNUP_ROLES } from '../../../domain/users.ts';
import { AppError } from '../../errors.ts';
import { accountMailContext } from './account-emails.ts';
import { AuthorizationResponseError, isAuthProvider, OAuthClients } from './oauth.ts';
import { deleteSession } from './sessions.ts';
import { signInWithProvider } from './social.ts';

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
function readFlow(request: FastifyRequest): Flow | null {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw || raw.length > 2000) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString()));
    return parsed.success && parsed.data.expiresAt > Date.now() ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Back to the landing page, which shows the message (the browser is mid-navigation: no JSON here). */
function failTo(reply: FastifyReply, message: string) {
  return reply.header('cache-control', 'no-store').redirect(`/?authError=${encodeURIComponent(message)}`);
}

/** What may be logged of a provider or library error: no tokens, no claims. */
function describe(error: unknown) {
  const e = error as { name?: string; message?: string; code?: string; error?: string };
  return { name: e?.name, message: e?.message, code: e?.code, error: e?.error };
}

const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const clients = new OAuthClients(app.settings.oauth);
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

  app.get('/api/auth/providers', { schema: { response: { 200: authProvidersSchema } } }, async () => ({
    google: { enabled: clients.isEnabled('google') },
    linkedin: { enabled: clients.isEnabled('linkedin') },
  }));

  app.get(
    '/api/auth/oauth/:provider/start',
    { schema: { params: paramsSchema, querystring: oauthStartQuerySchema } },
    async (request, reply) => {
      const provider = enabledProvider(request.params.provider);
      const label = AUTH_PROVIDER_LABELS[provider];
      let begun: Awaited<ReturnType<OAuthClients['begin']>>;
      try {
        begun = await clients.begin(provider, redirectUri(provider));
      } catch (error) {
        request.log.error({ err: describe(error), provider }, 'social sign-in provider unreachable');
        return failTo(reply, `${label} sign-in is unavailable right now. Please try again later.`);
      }
      const flow: Flow = {
        provider,
        ...begun.checks,
        role: request.query.role,
        terms: request.query.terms,
        risk: request.query.risk,
        expiresAt: Date.now() + FLOW_TTL_S * 1000,
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
    { schema: { params: paramsSchema } },
    async (request, reply) => {
      const provider = enabledProvider(request.params.provider);
      const label = AUTH_PROVIDER_LABELS[provider];
      // One use per flow: whatever happens next, this browser's flow is over.
      reply.clearCookie(FLOW_COOKIE, cookieOptions(request));
      const flow = readFlow(request);
      if (!flow || flow.provider !== provider) {
        return failTo(
          reply,
          `Your ${label} sign-in expired or was started in another browser. Please try again.`,
        );
      }
      // The URL the provider redirected to, as registered (behind a proxy the request URL may differ).
      const callbackUrl = new URL(redirectUri(provider));
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;

      let identity: Awaited<ReturnType<OAuthClients['complete']>>;
      try {
        identity = await clients.complete(provider, callbackUrl, flow);
      } catch (error) {
        if (error instanceof AuthorizationResponseError && error.error === 'access_denied') {
          return failTo(reply, `${label} sign-in was cancelled`);
        }
        request.log.warn({ err: describe(error), provider }, 'social sign-in refused');
        return failTo(reply, `${label} sign-in failed. Please try again.`);
      }

      try {
        const { session } = await signInWithProvider(
          accountMailContext(app, request.log),
          provider,
          identity,
          flow,
          { userAgent: request.headers['user-agent'] },
        );
        // A new session at every sign-in; one presented with it is ended (no fixation).
        if (request.sessionToken) await deleteSession(app.db, request.sessionToken);
        app.setSessionCookie(reply, session);
        return reply.header('cache-control', 'no-store').redirect(AFTER_SIGN_IN);
      } catch (error) {
        // A refusal from the catalogue is meant for the visitor; anything else is ours to log.
        if (error instanceof AppError) return failTo(reply, error.message);
        request.log.error({ err: error, provider }, 'social sign-in failed');
        return failTo(reply, `${label} sign-in failed. Please try again.`);
      }
    },
  );
};

export default oauthRoutes;
