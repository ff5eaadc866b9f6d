// The risk score (0–100) of a user: a published rule, so that an admin (or an auditor) can say why a
// user scores what they do. Spec §9: above 70 is high risk, above 85 the watchlist.
import { dec } from './money.ts';
import type { KycStatus } from './users.ts';

export const HIGH_RISK_ABOVE = 70;
export const WATCHLIST_ABOVE = 85;

/** Countries the platform treats as standard risk (FATF members with equivalent AML regimes). */
const STANDARD_RISK_COUNTRIES = new Set(['US', 'CA', 'GB', 'DE', 'FR', 'JP', 'AU']);

export interface RiskFacts {
  kycStatus: KycStatus;
  country: string | null;
  /** Sum of confirmed payments (investments, orders), a decimal string. */
  paymentVolume: string;
  /** Payments started in the last 24 hours. */
  paymentsLast24h: number;
  /** Payments that failed or lapsed unpaid. */
  failedPayments: number;
  /** Escrow disputes the user opened. */
  disputes: number;
}

/**
 * The rule, point by point (capped at 100):
 * - KYC: approved 0, under review 15, pending 25, rejected 40;
 * - country: none given 15, outside the standard-risk list 10;
 * - volume of confirmed payments: above $250,000 15, above $50,000 8;
 * - velocity: 5 or more payments in 24 hours 15, 3 or more 8;
 * - failed payments: 3 or more 10, 1 or more 5;
 * - disputes: 10 each, at most 20.
 */
export function riskScore(f: RiskFacts): number {
  const volume = dec(f.paymentVolume);
  const points =
    { approved: 0, under_review: 15, pending: 25, rejected: 40 }[f.kycStatus] +
    (!f.country ? 15 : STANDARD_RISK_COUNTRIES.has(f.country) ? 0 : 10) +
    (volume.gt(250_000) ? 15 : volume.gt(50_000) ? 8 : 0) +
    (f.paymentsLast24h >= 5 ? 15 : f.paymentsLast24h >= 3 ? 8 : 0) +
    (f.failedPayments >= 3 ? 10 : f.failedPayments >= 1 ? 5 : 0) +
    Math.min(f.disputes * 10, 20);
  return Math.min(points, 100);
}

export type RiskLevel = 'normal' | 'high' | 'watchlist';

export function riskLevel(score: number): RiskLevel {
  return score > WATCHLIST_ABOVE ? 'watchlist' : score > HIGH_RISK_ABOVE ? 'high' : 'normal';
}

export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = {
  normal: 'Normal',
  high: 'High risk',
  watchlist: 'Watchlist',
};
