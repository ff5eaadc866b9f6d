export { users } from './users.ts';
export { campaigns } from './campaigns.ts';
export {
  sessions,
  passwordResetTokens,
  emailVerificationTokens,
  oauthAccounts,
  rateLimitEvents,
  emailOutbox,
} from './auth.ts';
