import { describe, expect, it } from 'vitest';
import { reasonSchema } from './admin.ts';

describe('reasonSchema (the admin reason form)', () => {
  it('takes a reason, trimmed', () => {
    expect(reasonSchema.parse({ reason: '  Unreadable certificate ' })).toEqual({
      reason: 'Unreadable certificate',
    });
  });

  it('asks for a reason when it is empty or blank', () => {
    for (const reason of ['', '   ']) {
      const result = reasonSchema.safeParse({ reason });
      expect(result.error?.issues[0]?.message).toBe('Reason is required');
    }
  });

  it('refuses more than 1,000 characters', () => {
    expect(reasonSchema.safeParse({ reason: 'x'.repeat(1000) }).success).toBe(true);
    expect(reasonSchema.safeParse({ reason: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      'Reason is at most 1,000 characters',
    );
  });
});
