// The admin feature's public entry: the back office (users, reviews, escrow, reports) and the audit log.

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';
export { disputeEscrow, disputeOrder } from './escrow.ts';
