import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUSES,
  COUNTRIES,
  displayName,
  KYC_STATUS_LABELS,
  KYC_STATUSES,
  ROLE_LABELS,
  ROLES,
  SIGNUP_ROLES,
} from './users.ts';

describe('displayName', () => {
  it('is the first name, trimmed', () => {
    expect(displayName({ firstName: 'Priya', username: 'investor' })).toBe('Priya');
    expect(displayName({ firstName: '  Priya ', username: 'investor' })).toBe('Priya');
  });

  it('falls back to the username when there is no first name', () => {
    expect(displayName({ username: 'investor' })).toBe('investor');
    expect(displayName({ firstName: null, username: 'investor' })).toBe('investor');
    expect(displayName({ firstName: '', username: 'investor' })).toBe('investor');
    expect(displayName({ firstName: '   ', username: 'investor' })).toBe('investor');
  });
});

describe('roles and statuses', () => {
  it('has the four roles, of which admin cannot be chosen at sign-up', () => {
    expect(ROLES).toEqual(['investor', 'trader', 'buyer', 'admin']);
    expect(SIGNUP_ROLES).toEqual(['investor', 'trader', 'buyer']);
    expect(ROLES.map((r) => ROLE_LABELS[r])).toEqual(['Investor', 'Trader', 'Buyer', 'Admin']);
  });

  it('labels the KYC statuses as spec §4 names them', () => {
    expect(KYC_STATUSES.map((s) => KYC_STATUS_LABELS[s])).toEqual([
      'Pending',
      'Under Review',
      'Approved',
      'Rejected',
    ]);
  });

  it('has Active and Suspended accounts', () => {
    expect(ACCOUNT_STATUSES).toEqual(['active', 'suspended']);
  });

  it('offers the spec §3 countries in order', () => {
    expect(COUNTRIES).toEqual(['US', 'CA', 'GB', 'DE', 'FR', 'JP', 'AU', 'IN', 'CN', 'BR']);
  });
});
