import { describe, expect, it } from 'vitest';
import { kycDecisionOf, kycDecisionSchema, kycReviewFormSchema, reasonSchema } from './admin.ts';

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

describe('kycReviewFormSchema (the KYC review form)', () => {
  const form = (decision: 'approve' | 'reject', reason = '', note = '') =>
    kycReviewFormSchema.safeParse({ decision, reason, note });

  it('approves without a reason', () => {
    expect(form('approve').success).toBe(true);
  });

  it('asks for a reason to reject', () => {
    expect(form('reject', '  ').error?.issues).toMatchObject([
      { path: ['reason'], message: 'Reason is required' },
    ]);
    expect(form('reject', 'Unreadable').success).toBe(true);
  });

  it('sends the reason only with a rejection and the note only when written', () => {
    const decide = (decision: 'approve' | 'reject', reason: string, note: string) =>
      kycDecisionOf(kycReviewFormSchema.parse({ decision, reason, note }));
    expect(decide('approve', 'typed first', ' ')).toEqual({ decision: 'approve' });
    expect(decide('reject', ' Blurred ', ' Checked twice ')).toEqual({
      decision: 'reject',
      reason: 'Blurred',
      note: 'Checked twice',
    });
    // What it sends, the server takes.
    expect(kycDecisionSchema.safeParse(decide('reject', 'Blurred', '')).success).toBe(true);
    expect(kycDecisionSchema.safeParse(decide('approve', 'x', 'n')).success).toBe(true);
  });
});
