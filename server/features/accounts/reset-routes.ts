// Forgotten password: request a link by email, then set a new password with its token.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotPasswordSchema, okSchema, resetPasswordSchema } from '../../../domain/auth.ts';
import { accountMailContext } from '../../email/account-emails.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { AUTH_API } from '../../../domain/endpoints/auth.ts';
import { answerSchema } from '../../../domain/endpoint.ts';

const resetRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same answer whether or not an account has this email (no enumeration).
  app.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', errors: ['RATE_LIMITED'] },
      schema: {
        summary: 'Email a password reset link (same answer for unknown addresses)',
        body: forgotPasswordSchema,
        response: { 200: answerSchema(AUTH_API.forgotPassword, okSchema) },
      },
    },
    async (request) => {
      await requestPasswordReset(accountMailContext(app, request.log), request.body.email, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        summary: "Set a new password with the reset link's token",
        body: resetPasswordSchema,
        response: { 200: answerSchema(AUTH_API.resetPassword, okSchema) },
      },
    },
    async (request) => {
      await resetPassword(accountMailContext(app, request.log), request.body);
      return { success: true as const };
    },
  );
};

export default resetRoutes;
