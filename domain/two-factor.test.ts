// The second step of a sign-in as typed: a code of either kind, trimmed, never empty.
import { describe, expect, it } from 'vitest';
import { secondStepSchema, totpFirstCodeSchema } from './two-factor.ts';

describe('secondStepSchema', () => {
  it('takes a TOTP or a recovery code, trimmed', () => {
    expect(secondStepSchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
    expect(secondStepSchema.parse({ code: 'ABCD-EFGH-IJKL-MNOP' })).toEqual({ code: 'ABCD-EFGH-IJKL-MNOP' });
  });

  it('asks for the code when it is empty or blank', () => {
    for (const code of ['', '   ']) {
      const parsed = secondStepSchema.safeParse({ code });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(
        'Enter the code from your authenticator app, or a recovery code',
      );
    }
  });
});

describe('totpFirstCodeSchema', () => {
  it('takes the code trimmed and asks for it when blank', () => {
    expect(totpFirstCodeSchema.parse({ code: '654321 ' })).toEqual({ code: '654321' });
    expect(totpFirstCodeSchema.safeParse({ code: ' ' }).error?.issues[0]?.message).toBe(
      'Enter the 6-digit code your authenticator app shows',
    );
  });
});
