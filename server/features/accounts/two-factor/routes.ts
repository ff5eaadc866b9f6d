// Second factor over HTTP (docs/security.md, DESIGN §5): the sign-in's second step (code or passkey),
// enrollment (authenticator app, passkeys, recovery codes) and step-up. Routes map; services decide.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBodySchema } from '../../../../domain/api.ts';
import { publicUserSchema } from '../../../../domain/auth.ts';
import {
  passkeyAddedSchema,
  passkeyRegisterSchema,
  passkeyVerifySchema,
  recoveryCodesSchema,
  stepUpResultSchema,
  stepUpSchema,
  totpSetupResultSchema,
  twoFactorChallengeSchema,
  twoFactorCodeSchema,
  twoFactorStatusSchema,
  webAuthnCreationOptionsSchema,
  webAuthnRequestOptionsSchema,
} from '../../../../domain/two-factor.ts';
import { AppError } from '../../../errors.ts';
import { finishSignIn } from '../finish-sign-in.ts';
import { toPublicUser } from '../service.ts';
import { PENDING_COOKIE } from './cookies.ts';
import { checkCode, methodsOf } from './factors.ts';
import {
  authenticationOptions,
  CHALLENGE_MS,
  checkPasskey,
  registrationOptions,
  relyingParty,
} from './passkeys.ts';
import { completePendingSignIn, pendingSignIn, setPendingChallenge } from './pending.ts';
import { markProven, setSessionChallenge, stepUpUntil, takeSessionChallenge } from './proofs.ts';
import {
  addPasskey,
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  removePasskey,
  setUpTotp,
  twoFactorStatus,
  type Caller,
} from './service.ts';
import { TWO_FACTOR_API } from '../../../../domain/endpoints/two-factor.ts';
import { answerSchema } from '../../../../domain/endpoint.ts';

const passkeyParams = z.object({ id: z.string().max(1400) });

const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const rp = relyingParty(app.settings.publicUrl);
  const caller = (request: FastifyRequest): Caller => ({
    db: app.db,
    user: request.user!,
    sessionToken: request.sessionToken!,
    now: app.clock(),
  });
  const client = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] });

  // ---- the sign-in's second step (the pending sign-in cookie, no session yet) ---------------------
  app.get(
    '/api/auth/2fa/pending',
    {
      config: { access: 'public', errors: ['TWO_FACTOR_SIGNIN_EXPIRED', 'ACCOUNT_SUSPENDED'] },
      schema: {
        summary: 'The pending sign-in waiting for its second factor, and the factors it may use',
        response: { 200: answerSchema(TWO_FACTOR_API.pending, twoFactorChallengeSchema) },
      },
    },
    async (request) => {
      const pending = await pendingSignIn(app.db, request.cookies[PENDING_COOKIE], app.clock());
      return { twoFactorRequired: true as const, methods: await methodsOf(app.db, pending.userId) };
    },
  );

  app.post(
    '/api/auth/2fa/verify',
    {
      config: {
        access: 'public',
        errors: ['TWO_FACTOR_SIGNIN_EXPIRED', 'ACCOUNT_SUSPENDED', 'TWO_FACTOR_CODE_INVALID', 'RATE_LIMITED'],
      },
      schema: {
        summary: 'Finish a sign-in with an authenticator or recovery code',
        body: twoFactorCodeSchema,
        response: { 200: answerSchema(TWO_FACTOR_API.verifyCode, publicUserSchema) },
      },
    },
    async (request, reply) => {
      const now = app.clock();
      const pending = await pendingSignIn(app.db, request.cookies[PENDING_COOKIE], now);
      await checkCode(app.db, pending.userId, request.body.code, now);
      const { user, session } = await completePendingSignIn(app.db, pending, client(request), now);
      await finishSignIn(app, request, reply, user.id, session);
      return toPublicUser(user, now);
    },
  );

  app.post(
    '/api/auth/2fa/passkey/options',
    {
      config: { access: 'public', errors: ['TWO_FACTOR_SIGNIN_EXPIRED', 'ACCOUNT_SUSPENDED'] },
      schema: {
        summary: 'The passkey challenge for the pending sign-in',
        body: noBodySchema,
        response: { 200: answerSchema(TWO_FACTOR_API.signInPasskeyOptions, webAuthnRequestOptionsSchema) },
      },
    },
    async (request) => {
      const pending = await pendingSignIn(app.db, request.cookies[PENDING_COOKIE], app.clock());
      const options = await authenticationOptions(app.db, rp, pending.userId);
      await setPendingChallenge(app.db, pending, options.challenge);
      return { ...options };
    },
  );

  app.post(
    '/api/auth/2fa/passkey/verify',
    {
      config: {
        access: 'public',
        errors: [
          'TWO_FACTOR_SIGNIN_EXPIRED',
          'ACCOUNT_SUSPENDED',
          'TWO_FACTOR_PASSKEY_INVALID',
          'RATE_LIMITED',
        ],
      },
      schema: {
        summary: 'Finish a sign-in with a passkey',
        body: passkeyVerifySchema,
        response: { 200: answerSchema(TWO_FACTOR_API.verifyPasskey, publicUserSchema) },
      },
    },
    async (request, reply) => {
      const now = app.clock();
      const pending = await pendingSignIn(app.db, request.cookies[PENDING_COOKIE], now);
      // One answer per challenge: whatever happens next, this one is spent.
      if (pending.challenge) await setPendingChallenge(app.db, pending, null);
      await checkPasskey(app.db, rp, pending.userId, pending.challenge || null, request.body.response, now);
      const { user, session } = await completePendingSignIn(app.db, pending, client(request), now);
      await finishSignIn(app, request, reply, user.id, session);
      return toPublicUser(user, now);
    },
  );

  // ---- enrollment (open to an admin who has no factor yet: plugins/auth.ts) -----------------------
  app.get(
    '/api/auth/2fa',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "The signed-in user's second factors",
        response: { 200: answerSchema(TWO_FACTOR_API.status, twoFactorStatusSchema) },
      },
    },
    async (request) => twoFactorStatus(caller(request)),
  );

  app.post(
    '/api/auth/2fa/totp/setup',
    {
      config: { errors: ['STEP_UP_REQUIRED', 'TWO_FACTOR_ALREADY_ON'] },
      preHandler: app.requireUser,
      schema: {
        summary: 'Start adding an authenticator app (secret and QR code)',
        body: noBodySchema,
        response: { 200: answerSchema(TWO_FACTOR_API.setUpTotp, totpSetupResultSchema) },
      },
    },
    async (request) => setUpTotp(caller(request)),
  );

  app.post(
    '/api/auth/2fa/totp/enable',
    {
      config: { errors: ['TWO_FACTOR_ALREADY_ON', 'TWO_FACTOR_SETUP_MISSING'] },
      preHandler: app.requireUser,
      schema: {
        summary: 'Turn the authenticator app on with a code from it',
        body: twoFactorCodeSchema,
        response: { 200: answerSchema(TWO_FACTOR_API.enableTotp, recoveryCodesSchema) },
      },
    },
    async (request) => enableTotp(caller(request), request.body.code),
  );

  app.post(
    '/api/auth/2fa/totp/disable',
    {
      config: {
        errors: [
          'STEP_UP_REQUIRED',
          'TWO_FACTOR_SETUP_MISSING',
          'TWO_FACTOR_ADMIN_KEEPS_ONE',
          'TWO_FACTOR_NOT_ON',
        ],
      },
      preHandler: app.requireUser,
      schema: {
        summary: 'Remove the authenticator app (needs a fresh proof)',
        body: noBodySchema,
        response: { 200: answerSchema(TWO_FACTOR_API.disableTotp, twoFactorStatusSchema) },
      },
    },
    async (request) => {
      await disableTotp(caller(request));
      return twoFactorStatus(caller(request));
    },
  );

  app.post(
    '/api/auth/2fa/passkeys/options',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'The challenge to register a new passkey',
        body: noBodySchema,
        response: { 200: answerSchema(TWO_FACTOR_API.passkeyOptions, webAuthnCreationOptionsSchema) },
      },
    },
    async (request) => {
      const now = app.clock();
      const options = await registrationOptions(app.db, rp, request.user!);
      await setSessionChallenge(
        app.db,
        request.sessionToken!,
        options.challenge,
        new Date(now.getTime() + CHALLENGE_MS),
      );
      return { ...options };
    },
  );

  app.post(
    '/api/auth/2fa/passkeys',
    {
      config: { errors: ['TWO_FACTOR_PASSKEY_INVALID', 'CONFLICT'] },
      preHandler: app.requireUser,
      schema: {
        summary: 'Register a new passkey',
        body: passkeyRegisterSchema,
        response: { 201: answerSchema(TWO_FACTOR_API.addPasskey, passkeyAddedSchema) },
      },
    },
    async (request, reply) => {
      const c = caller(request);
      const challenge = await takeSessionChallenge(app.db, c.sessionToken, c.now);
      return reply.status(201).send(await addPasskey(c, rp, challenge, request.body));
    },
  );

  app.post(
    '/api/auth/2fa/passkeys/:id/remove',
    {
      config: { errors: ['STEP_UP_REQUIRED', 'PASSKEY_NOT_FOUND', 'TWO_FACTOR_ADMIN_KEEPS_ONE'] },
      preHandler: app.requireUser,
      schema: {
        summary: "Remove one of the user's passkeys (needs a fresh proof)",
        params: passkeyParams,
        body: noBodySchema,
        response: { 200: answerSchema(TWO_FACTOR_API.removePasskey, twoFactorStatusSchema) },
      },
    },
    async (request) => {
      await removePasskey(caller(request), request.params.id);
      return twoFactorStatus(caller(request));
    },
  );

  app.post(
    '/api/auth/2fa/recovery-codes',
    {
      config: { errors: ['STEP_UP_REQUIRED', 'TWO_FACTOR_NOT_ON'] },
      preHandler: app.requireUser,
      schema: {
        summary: 'Replace the recovery codes (needs a fresh proof)',
        body: noBodySchema,
        response: { 200: answerSchema(TWO_FACTOR_API.recoveryCodes, recoveryCodesSchema) },
      },
    },
    async (request) => regenerateRecoveryCodes(caller(request)),
  );

  // ---- step-up: a fresh proof on this session ---------------------------------------------------
  app.post(
    '/api/auth/2fa/step-up/options',
    {
      config: { errors: ['NOT_FOUND'] },
      preHandler: app.requireUser,
      schema: {
        summary: 'The passkey challenge for a fresh proof on this session',
        body: noBodySchema,
        response: { 200: answerSchema(TWO_FACTOR_API.stepUpOptions, webAuthnRequestOptionsSchema) },
      },
    },
    async (request) => {
      const now = app.clock();
      const options = await authenticationOptions(app.db, rp, request.user!.id);
      if (!options.allowCredentials?.length) throw new AppError('NOT_FOUND', 'You have no passkey');
      await setSessionChallenge(
        app.db,
        request.sessionToken!,
        options.challenge,
        new Date(now.getTime() + CHALLENGE_MS),
      );
      return { ...options };
    },
  );

  app.post(
    '/api/auth/2fa/step-up',
    {
      config: {
        errors: [
          'TWO_FACTOR_NOT_ON',
          'TWO_FACTOR_CODE_INVALID',
          'TWO_FACTOR_PASSKEY_INVALID',
          'RATE_LIMITED',
        ],
      },
      preHandler: app.requireUser,
      schema: {
        summary: 'Prove the second factor again on this session (step-up)',
        body: stepUpSchema,
        response: { 200: answerSchema(TWO_FACTOR_API.stepUp, stepUpResultSchema) },
      },
    },
    async (request) => {
      const { db, user, sessionToken, now } = caller(request);
      if (!(await methodsOf(db, user.id)).length) throw AppError.of('TWO_FACTOR_NOT_ON');
      if ('code' in request.body) await checkCode(db, user.id, request.body.code, now);
      else {
        const challenge = await takeSessionChallenge(db, sessionToken, now);
        await checkPasskey(db, rp, user.id, challenge, request.body.response, now);
      }
      await markProven(db, sessionToken, now);
      return { stepUpUntil: (await stepUpUntil(db, sessionToken, now))!.toISOString() };
    },
  );
};

export default twoFactorRoutes;
