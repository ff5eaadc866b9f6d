// The sign-in outcome toast (issue 19, item 14): only the product's own messages, looked up by code.
import { describe, expect, it } from 'vitest';
import { SOCIAL_OUTCOME_FALLBACK, socialOutcomeMessage, socialOutcomePath } from './social-outcome.ts';

const message = (path: string) => socialOutcomeMessage(new URL(path, 'http://x').searchParams);

describe('the social sign-in outcome message', () => {
  it('is the catalogue text of a known code, with the provider named', () => {
    expect(message(socialOutcomePath('SOCIAL_CANCELLED', 'google'))).toBe('Google sign-in was cancelled');
    expect(message(socialOutcomePath('SOCIAL_ADMIN_REFUSED', 'linkedin'))).toBe(
      'Admin accounts sign in with their password and second factor, not with LinkedIn.',
    );
    expect(message(socialOutcomePath('ROLE_ACCESS_DENIED', 'google', 'buyer'))).toContain('buyer role');
  });

  it('is the generic message for any text a link carries, an unknown provider or role', () => {
    for (const path of [
      '/?authError=Your%20account%20was%20hacked%2C%20call%20%2B1%20555',
      '/?authError=SOCIAL_CANCELLED&provider=evil.example',
      '/?authError=SOCIAL_CANCELLED',
      '/?authError=ROLE_ACCESS_DENIED&provider=google&role=<script>',
      '/?authError=INTERNAL&provider=google',
      '/?authError=',
    ]) {
      expect(message(path), path).toBe(SOCIAL_OUTCOME_FALLBACK);
    }
  });
});
