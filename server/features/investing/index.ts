// The investing feature's public entry: investments, their payment and their refunds.

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';
export { investmentPurpose } from './purpose.ts';
export { createPaymentIntent, investFromBalance, recordInvestment } from './service.ts';
