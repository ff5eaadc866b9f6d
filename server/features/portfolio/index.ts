// The portfolio feature's public entry: the investor's portfolio, movements and statements.

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';
export { investorMovements } from './portfolio.ts';
