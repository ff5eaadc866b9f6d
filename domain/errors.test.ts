import { describe, expect, it } from 'vitest';
import { errorMessage, ERRORS, type ErrorCode } from './errors.ts';
import { ACCOUNT_ERRORS } from './errors/accounts.ts';
import { CAMPAIGN_ERRORS } from './errors/campaigns.ts';
import { INVESTING_ERRORS } from './errors/investing.ts';
import { MARKETPLACE_ERRORS } from './errors/marketplace.ts';
import { MONEY_ERRORS } from './errors/money.ts';

describe('the error catalogue', () => {
  it('holds each area’s codes once: no area redefines a code another one has', () => {
    const areas = [ACCOUNT_ERRORS, CAMPAIGN_ERRORS, INVESTING_ERRORS, MARKETPLACE_ERRORS, MONEY_ERRORS];
    const codes = areas.flatMap((area) => Object.keys(area));
    expect(new Set(codes).size).toBe(codes.length);
    for (const area of areas)
      for (const [code, entry] of Object.entries(area)) expect(ERRORS[code as ErrorCode]).toBe(entry);
  });

  it('gives every code a client-error or server-error status and a message', () => {
    for (const [code, { status, message }] of Object.entries(ERRORS)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(message.trim(), code).not.toBe('');
    }
  });

  it('fills every placeholder of a message, each time it appears', () => {
    expect(errorMessage('SOCIAL_EMAIL_UNVERIFIED', { provider: 'Google' })).toBe(
      'Your Google email address is not verified. Verify it with Google, or sign up with your email.',
    );
    expect(errorMessage('ADMIN_EMAIL_TAKEN', { email: 'chief@hydrobridge.test' })).toBe(
      'An account with the email chief@hydrobridge.test already exists.',
    );
  });

  it('takes a message without placeholders as it is', () => {
    expect(errorMessage('EMAIL_NOT_VERIFIED')).toBe(ERRORS.EMAIL_NOT_VERIFIED.message);
  });

  it('asks, at compile time, for exactly the placeholders a message has', () => {
    // @ts-expect-error the role is missing
    expect(errorMessage('ROLE_ACCESS_DENIED')).toContain('{role}');
    // @ts-expect-error this message has no placeholder to fill
    errorMessage('EMAIL_NOT_VERIFIED', { role: 'x' });
    const codes = Object.keys(ERRORS) as ErrorCode[];
    expect(codes).toContain('ROLE_ACCESS_DENIED');
  });
});
