import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors.ts';
import { canCreateCampaign, mayMoveMoney, moneyBlocker, roleAccessDeniedMessage } from './policies.ts';

const trader = { role: 'trader' as const, kycStatus: 'pending', emailVerified: true };

describe('moving money needs a verified email address', () => {
  it('an unverified user is blocked with the catalogue reason; a verified one is not', () => {
    expect(moneyBlocker({ emailVerified: false })).toBe('EMAIL_NOT_VERIFIED');
    expect(ERRORS[moneyBlocker({ emailVerified: false })!].message).toMatch(
      /^Verify your email address first: /,
    );
    expect(mayMoveMoney({ emailVerified: false })).toBe(false);
    expect(moneyBlocker({ emailVerified: true })).toBeNull();
    expect(mayMoveMoney({ emailVerified: true })).toBe(true);
  });

  it('creating a campaign: a verified trader may, an unverified trader or another role may not', () => {
    expect(canCreateCampaign(trader)).toBe(true);
    expect(canCreateCampaign({ ...trader, emailVerified: false })).toBe(false);
    for (const role of ['investor', 'buyer', 'admin'] as const) {
      expect(canCreateCampaign({ ...trader, role })).toBe(false);
    }
  });
});

describe('roleAccessDeniedMessage', () => {
  it('is the spec sentence', () => {
    expect(roleAccessDeniedMessage('buyer')).toBe(
      "You don't have access to the buyer role. Contact support to add additional roles.",
    );
  });
});
