// The investing feature's public entry for other features: the investor's investments (the investor
// dashboard). app/ mounts InvestmentProvider, which gives the campaigns feature its Invest Now.
export { useInvestments } from './api/get-investments.ts';
