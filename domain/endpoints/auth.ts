// The account's calls (sign-up, sign-in, session, profile, passwords, email verification) as both
// sides see them (docs/api.md "Types for the client"). Types only from the schema modules. Requesting
// another role is ESCROW_API.requestRole (admin.ts), beside the admin's decision.
import { endpoint } from '../endpoint.ts';
import type * as A from '../auth.ts';
import type { signinResultSchema } from '../two-factor.ts';
import type { noBodySchema } from '../api.ts';

export const AUTH_API = {
  /** The signed-in user, or null for a visitor (200 either way). */
  session: endpoint('GET', '/api/auth/session').answers<typeof A.sessionSchema>(),
  signUp: endpoint('POST', '/api/auth/signup')
    .takes<typeof A.signupSchema>()
    .answers<typeof A.publicUserSchema>(),
  /** The user, or `{twoFactorRequired, methods}` when the account has a second factor. */
  signIn: endpoint('POST', '/api/auth/signin')
    .takes<typeof A.signinSchema>()
    .answers<typeof signinResultSchema>(),
  signOut: endpoint('POST', '/api/auth/logout').takes<typeof noBodySchema>().answers<typeof A.okSchema>(),
  switchRole: endpoint('POST', '/api/auth/switch-role')
    .takes<typeof A.switchRoleSchema>()
    .answers<typeof A.switchRoleResultSchema>(),
  updateProfile: endpoint('PATCH', '/api/auth/profile')
    .takes<typeof A.profileUpdateSchema>()
    .answers<typeof A.publicUserSchema>(),
  changePassword: endpoint('POST', '/api/auth/change-password')
    .takes<typeof A.changePasswordSchema>()
    .answers<typeof A.endedSessionsSchema>(),
  revokeOtherSessions: endpoint('POST', '/api/auth/sessions/revoke-others')
    .takes<typeof noBodySchema>()
    .answers<typeof A.endedSessionsSchema>(),
  verifyEmail: endpoint('POST', '/api/auth/verify-email')
    .takes<typeof A.verifyEmailSchema>()
    .answers<typeof A.verifyEmailResultSchema>(),
  resendVerification: endpoint('POST', '/api/auth/verify-email/resend')
    .takes<typeof noBodySchema>()
    .answers<typeof A.resendVerificationResultSchema>(),
  forgotPassword: endpoint('POST', '/api/auth/forgot-password')
    .takes<typeof A.forgotPasswordSchema>()
    .answers<typeof A.okSchema>(),
  resetPassword: endpoint('POST', '/api/auth/reset-password')
    .takes<typeof A.resetPasswordSchema>()
    .answers<typeof A.okSchema>(),
  /** The social sign-in providers this server has configured. */
  providers: endpoint('GET', '/api/auth/providers').answers<typeof A.authProvidersSchema>(),
};
