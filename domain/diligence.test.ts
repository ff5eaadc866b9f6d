// The reflection period's edges and the review's rules (issue 19), as pure functions.
import { describe, expect, it } from 'vitest';
import {
  campaignReviewDecisionSchema,
  editNeedsReview,
  inReflectionPeriod,
  missingDiligenceDocuments,
  reflectionEndsAt,
  revokeRefusal,
  utcMomentText,
} from './diligence.ts';

const confirmedAt = '2027-03-01T14:03:00.000Z';
const held = { status: 'confirmed', confirmedAt, escrowStatus: 'held' };
const retail = { isAccredited: false, accreditedUntil: null };

describe('the reflection period', () => {
  it('lasts 4 × 24 h from confirmation, the end excluded', () => {
    expect(reflectionEndsAt(confirmedAt).toISOString()).toBe('2027-03-05T14:03:00.000Z');
    expect(inReflectionPeriod(confirmedAt, new Date('2027-03-05T14:02:59.999Z'))).toBe(true);
    expect(inReflectionPeriod(confirmedAt, new Date('2027-03-05T14:03:00.000Z'))).toBe(false);
    expect(utcMomentText(reflectionEndsAt(confirmedAt))).toBe('5 Mar 2027, 14:03 UTC');
  });

  it('lets only a retail investor revoke money still held in escrow, within the period', () => {
    const now = new Date('2027-03-03T00:00:00.000Z');
    expect(revokeRefusal(held, retail, now)).toBeNull();
    expect(revokeRefusal(held, { isAccredited: true, accreditedUntil: null }, now)).toBe('sophisticated');
    // A sophisticated status past its two years is retail again, before any sweep clears the flag.
    const lapsed = { isAccredited: true, accreditedUntil: new Date('2027-03-02T00:00:00.000Z') };
    expect(revokeRefusal(held, lapsed, now)).toBeNull();
    expect(revokeRefusal({ ...held, status: 'refunded' }, retail, now)).toBe('not-confirmed');
    expect(revokeRefusal({ ...held, status: 'pending', confirmedAt: null }, retail, now)).toBe(
      'not-confirmed',
    );
    expect(revokeRefusal({ ...held, escrowStatus: 'disputed' }, retail, now)).toBe('not-in-escrow');
    expect(revokeRefusal(held, retail, new Date('2027-03-06T00:00:00.000Z'))).toBe('period-over');
  });
});

describe('the due-diligence review', () => {
  it('takes approve, or reject with a reason', () => {
    expect(campaignReviewDecisionSchema.safeParse({ decision: 'approve' }).success).toBe(true);
    expect(campaignReviewDecisionSchema.safeParse({ decision: 'reject', reason: 'Unsigned' }).success).toBe(
      true,
    );
    expect(campaignReviewDecisionSchema.safeParse({ decision: 'reject', reason: '  ' }).success).toBe(false);
    expect(campaignReviewDecisionSchema.safeParse({ decision: 'reject' }).success).toBe(false);
    expect(campaignReviewDecisionSchema.safeParse({ decision: 'approve', checks: ['nope'] }).success).toBe(
      false,
    );
  });

  it('names the documents still missing, and which edits go back to review', () => {
    expect(missingDiligenceDocuments(['financials', 'milestone'])).toEqual([
      'supply_contract',
      'offtake_contract',
    ]);
    expect(editNeedsReview('approved', false)).toBe(false);
    expect(editNeedsReview('approved', true)).toBe(true);
    expect(editNeedsReview('rejected', false)).toBe(true);
    expect(editNeedsReview('pending', true)).toBe(false);
  });
});
