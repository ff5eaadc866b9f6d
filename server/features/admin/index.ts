// The admin feature's public entry: the back office (users, reviews, escrow, reports) and the audit log.

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';
export { type Actor, recordAudit } from './audit.ts';
export { disputeEscrow, disputeOrder } from './escrow.ts';
