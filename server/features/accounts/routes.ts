import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noBodySchema } from '../../../domain/api.ts';
import {
  changePasswordSchema,
  endedSessionsSchema,
  okSchema,
  profileUpdateSchema,
  publicUserSchema,
  resendVerificationResultSchema,
  sessionSchema,
  signinSchema,
  signupSchema,
  switchRoleResultSchema,
  switchRoleSchema,
  verifyEmailResultSchema,
  verifyEmailSchema,
} from '../../../domain/auth.ts';
import { accountMailContext } from '../../email/account-emails.ts';
import { resendVerificationEmail, verifyEmail } from './email-verification.ts';
import { changePassword, signin, signup, switchRole, toPublicUser, updateProfile } from './service.ts';
import { signinResultSchema } from '../../../domain/two-factor.ts';
import { clearShortCookie, PENDING_COOKIE, setShortCookie } from './two-factor/cookies.ts';
import { endPendingSignIn } from './two-factor/pending.ts';
import { finishSignIn } from './finish-sign-in.ts';
import { deleteSession, deleteUserSessions, sessionCookieFor } from './sessions.ts';
import { AUTH_API } from '../../../domain/endpoints/auth.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import oauthRoutes from './oauth-routes.ts';
import resetRoutes from './reset-routes.ts';
import twoFactorRoutes from './two-factor/routes.ts';

const clientInfo = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secureCookies = sessionCookieFor(app.settings.publicUrl).secure;
  // The app's start-up check: 200 either way, so a signed-out visitor costs no failed request.
  app.get(
    '/api/auth/session',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The signed-in user, or null for a visitor (never 401)',
        response: { 200: answerSchema(AUTH_API.session, sessionSchema) },
      },
    },
    async (request) => ({ user: request.user ? toPublicUser(request.user, app.clock()) : null }),
  );

  app.get(
    '/api/auth/me',
    {
      preHandler: app.requireUser,
      schema: { summary: 'The signed-in user', response: { 200: publicUserSchema } },
    },
    async (request) => toPublicUser(request.user!, app.clock()),
  );

  app.post(
    '/api/auth/signup',
    {
      config: { access: 'public', errors: ['CONFLICT', 'RATE_LIMITED'] },
      schema: {
        summary: 'Create an account and sign in',
        body: signupSchema,
        response: { 201: answerSchema(AUTH_API.signUp, publicUserSchema) },
      },
    },
    async (request, reply) => {
      const { user, session } = await signup(
        accountMailContext(app, request.log),
        request.body,
        clientInfo(request),
      );
      // As at sign-in: the session this browser held is replaced, so it is ended too.
      if (request.sessionToken) await deleteSession(app.db, request.sessionToken);
      app.setSessionCookie(reply, session);
      return reply.status(201).send(user);
    },
  );

  app.post(
    '/api/auth/signin',
    {
      config: {
        access: 'public',
        errors: ['UNAUTHENTICATED', 'ACCOUNT_SUSPENDED', 'RATE_LIMITED', 'ROLE_ACCESS_DENIED'],
      },
      schema: {
        summary: 'Sign in with email and password (may ask for a second factor)',
        body: signinSchema,
        response: { 200: answerSchema(AUTH_API.signIn, signinResultSchema) },
      },
    },
    async (request, reply) => {
      const outcome = await signin(app.db, request.body, clientInfo(request), app.clock());
      if ('secondStep' in outcome) {
        // No session yet (DESIGN §5): the second step's cookie carries this sign-in.
        await endPendingSignIn(app.db, request.cookies[PENDING_COOKIE]);
        setShortCookie(reply, PENDING_COOKIE, outcome.secondStep.token, secureCookies);
        return { twoFactorRequired: true as const, methods: outcome.secondStep.methods };
      }
      // A new token at every sign-in; an old session presented with it is ended (no fixation).
      await finishSignIn(app, request, reply, outcome.user.id, outcome.session);
      return outcome.user;
    },
  );

  // The emailed link's page posts its token here; it may be opened in a browser that is not signed in.
  app.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public' },
      schema: {
        summary: "Verify an email address with the emailed link's token",
        body: verifyEmailSchema,
        response: { 200: answerSchema(AUTH_API.verifyEmail, verifyEmailResultSchema) },
      },
    },
    async (request) => {
      await verifyEmail(accountMailContext(app, request.log), request.body.token);
      return { emailVerified: true as const };
    },
  );

  app.post(
    '/api/auth/verify-email/resend',
    {
      config: { errors: ['RATE_LIMITED'] },
      preHandler: app.requireUser,
      schema: {
        summary: 'Send the verification email again',
        body: noBodySchema,
        response: { 200: answerSchema(AUTH_API.resendVerification, resendVerificationResultSchema) },
      },
    },
    async (request) => resendVerificationEmail(accountMailContext(app, request.log), request.user!),
  );

  // Open to everyone: signing out twice, or with an expired session, still clears the cookie.
  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign out (ends this session and clears its cookie)',
        body: noBodySchema,
        response: { 200: answerSchema(AUTH_API.signOut, okSchema) },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) await deleteSession(app.db, request.sessionToken);
      app.clearSessionCookie(reply);
      // A sign-in left at its second step ends too.
      if (request.cookies[PENDING_COOKIE]) {
        await endPendingSignIn(app.db, request.cookies[PENDING_COOKIE]);
        clearShortCookie(reply, PENDING_COOKIE, secureCookies);
      }
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/switch-role',
    {
      config: { errors: ['ROLE_ACCESS_DENIED'] },
      preHandler: app.requireUser,
      schema: {
        summary: "Switch the signed-in user's active role",
        body: switchRoleSchema,
        response: { 200: answerSchema(AUTH_API.switchRole, switchRoleResultSchema) },
      },
    },
    async (request) => ({ user: switchRole(request.user!, request.body.newRole, app.clock()) }),
  );

  app.patch(
    '/api/auth/profile',
    {
      config: { errors: ['IDENTITY_LOCKED'] },
      preHandler: app.requireUser,
      schema: {
        summary: "Edit the signed-in user's profile",
        body: profileUpdateSchema,
        response: { 200: answerSchema(AUTH_API.updateProfile, publicUserSchema) },
      },
    },
    async (request) => updateProfile(app.db, request.user!, request.body, app.clock()),
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { errors: ['RATE_LIMITED', 'STEP_UP_REQUIRED'] },
      preHandler: [app.requireUser, app.requireStepUp],
      schema: {
        summary: 'Change the password (needs the current one)',
        body: changePasswordSchema,
        response: { 200: answerSchema(AUTH_API.changePassword, endedSessionsSchema) },
      },
    },
    async (request, reply) => {
      const { session, endedSessions } = await changePassword(
        app.db,
        request.user!,
        request.body,
        {
          token: request.sessionToken!,
          userAgent: request.headers['user-agent'],
        },
        app.clock(),
      );
      app.setSessionCookie(reply, session);
      return { endedSessions };
    },
  );

  app.post(
    '/api/auth/sessions/revoke-others',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "End the user's other sessions",
        body: noBodySchema,
        response: { 200: answerSchema(AUTH_API.revokeOtherSessions, endedSessionsSchema) },
      },
    },
    async (request) => ({
      endedSessions: await deleteUserSessions(app.db, request.user!.id, request.sessionToken!),
    }),
  );

  // The rest of the account: password reset, sign-in with Google/GitHub, the second factor.
  await app.register(resetRoutes);
  await app.register(oauthRoutes);
  await app.register(twoFactorRoutes);
};

export default authRoutes;
