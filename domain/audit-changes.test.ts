// The audit log's before/after as a person reads it (the admin's Compliance Reports page).
import { describe, expect, it } from 'vitest';
import { auditActionPhrase, auditChanges, auditChangeText } from './audit-log.ts';

const texts = (before: unknown, after: unknown) => auditChanges(before, after).map(auditChangeText);

describe('auditChanges', () => {
  it('says what changed, field by field, and leaves out what did not', () => {
    expect(texts({ status: 'pending', userId: 'u1' }, { status: 'approved', userId: 'u1' })).toEqual([
      'status: pending → approved',
    ]);
  });

  it('writes a value recorded only after, or only before, with no arrow to nowhere', () => {
    expect(texts({ accountStatus: 'active' }, { accountStatus: 'suspended', endedSessions: 2 })).toEqual([
      'accountStatus: active → suspended',
      'endedSessions: 2',
    ]);
    expect(texts({ queue: 'emails', error: 'timeout' }, null)).toEqual([
      'queue: emails (before)',
      'error: timeout (before)',
    ]);
  });

  it('shows nested values and empty ones plainly, and a bare value as "value"', () => {
    expect(texts({ identity: null }, { identity: { country: 'DE' } })).toEqual([
      'identity: — → {"country":"DE"}',
    ]);
    expect(texts(null, { from: '2026-01-01' })).toEqual(['from: 2026-01-01']);
    expect(texts('held', 'released')).toEqual(['value: held → released']);
    expect(texts(null, null)).toEqual([]);
  });
});

describe('auditActionPhrase', () => {
  it('reads as a sentence between the actor and the target; an unknown action is its code', () => {
    expect(auditActionPhrase('kyc.approve')).toBe('approved the KYC of');
    expect(auditActionPhrase('something.new')).toBe('something.new');
  });
});
