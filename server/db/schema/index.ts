export { users } from './users.ts';
export { campaigns } from './campaigns.ts';
export { sessions, passwordResetTokens, oauthAccounts, rateLimitEvents, emailOutbox } from './auth.ts';
