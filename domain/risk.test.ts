import { describe, expect, it } from 'vitest';
import { riskLevel, riskScore, type RiskFacts } from './risk.ts';

const calm: RiskFacts = {
  kycStatus: 'approved',
  country: 'GB',
  paymentVolume: '1000.00',
  paymentsLast24h: 0,
  failedPayments: 0,
  disputes: 0,
};

describe('riskScore (the published rule)', () => {
  it('is 0 for an approved user from a standard-risk country with little, calm activity', () => {
    expect(riskScore(calm)).toBe(0);
  });

  it('adds the points of each fact', () => {
    expect(riskScore({ ...calm, kycStatus: 'pending' })).toBe(25);
    expect(riskScore({ ...calm, kycStatus: 'rejected', country: 'BR' })).toBe(50);
    expect(riskScore({ ...calm, country: null, paymentVolume: '250000.01' })).toBe(30);
    expect(riskScore({ ...calm, paymentsLast24h: 3, failedPayments: 1, disputes: 1 })).toBe(23);
  });

  it('stays within 0–100 however many facts pile up', () => {
    const worst = {
      kycStatus: 'rejected',
      country: null,
      paymentVolume: '9999999',
      paymentsLast24h: 50,
      failedPayments: 9,
      disputes: 9,
    } as const;
    expect(riskScore(worst)).toBe(100);
  });

  it('is high risk above 70 and on the watchlist above 85 (spec §9)', () => {
    expect([70, 71, 85, 86].map(riskLevel)).toEqual(['normal', 'high', 'high', 'watchlist']);
  });
});
