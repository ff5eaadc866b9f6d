import { describe, expect, it } from 'vitest';
import { companyNameKey, isIdentityLocked, registrationKey, sameCompany } from './identity.ts';
import { canSeeRfq, moneyGateRefusal } from './policies.ts';

describe('comparing companies', () => {
  it('ignores case, spaces and punctuation in the name and the number', () => {
    expect(companyNameKey(' Nordic  Ammonia, A.S. ')).toBe(companyNameKey('nordic ammonia as'));
    expect(companyNameKey('Müller Wasserstoff GmbH')).toBe(companyNameKey('MÜLLER-WASSERSTOFF gmbh'));
    expect(registrationKey('NO-987 654/321')).toBe('no987654321');
  });

  it('is the same company only when both name and number match', () => {
    const a = { companyName: 'Kestrel Energy BV', registrationNumber: 'NL-55' };
    expect(sameCompany(a, { companyName: 'KESTREL ENERGY B.V.', registrationNumber: 'nl 55' })).toBe(true);
    expect(sameCompany(a, { companyName: 'Kestrel Energy BV', registrationNumber: 'NL-56' })).toBe(false);
    expect(sameCompany(a, { companyName: 'Kestrel Power BV', registrationNumber: 'NL-55' })).toBe(false);
    // Nothing to compare is never a collision.
    expect(
      sameCompany({ companyName: '', registrationNumber: '' }, { companyName: '', registrationNumber: '' }),
    ).toBe(false);
  });

  it('locks the identity while approved or in review only', () => {
    expect(['pending', 'under_review', 'approved', 'rejected'].map(isIdentityLocked)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('the money gate', () => {
  const ok = { role: 'trader' as const, accountStatus: 'active', emailVerified: true, kycStatus: 'approved' };
  it('refuses suspension first, then an unverified email, then KYC not approved; never an admin', () => {
    expect(moneyGateRefusal(ok)).toBeNull();
    expect(moneyGateRefusal({ ...ok, accountStatus: 'suspended', emailVerified: false })).toBe(
      'ACCOUNT_SUSPENDED',
    );
    expect(moneyGateRefusal({ ...ok, emailVerified: false, kycStatus: 'pending' })).toBe(
      'EMAIL_NOT_VERIFIED',
    );
    for (const kycStatus of ['pending', 'under_review', 'rejected'])
      expect(moneyGateRefusal({ ...ok, kycStatus })).toBe('KYC_NOT_APPROVED');
    expect(moneyGateRefusal({ ...ok, role: 'admin', kycStatus: 'pending' })).toBeNull();
  });

  it('shows a buyer request to a supplier past the gate only; to its buyer always', () => {
    const rfq = { buyerId: 'b1', traderId: null };
    expect(canSeeRfq({ ...ok, id: 't1' }, rfq)).toBe(true);
    expect(canSeeRfq({ ...ok, id: 't1', kycStatus: 'under_review' }, rfq)).toBe(false);
    expect(canSeeRfq({ ...ok, id: 't1' }, { buyerId: 'b1', traderId: 't2' })).toBe(false);
    expect(canSeeRfq({ ...ok, role: 'buyer', id: 'b1', kycStatus: 'rejected' }, rfq)).toBe(true);
  });
});
