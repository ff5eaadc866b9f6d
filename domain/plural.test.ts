import { describe, expect, it } from 'vitest';
import { countOf, pluralWord } from './plural.ts';

describe('countOf', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'escrow record')).toBe('1 escrow record');
    expect(countOf(0, 'escrow record')).toBe('0 escrow records');
    expect(countOf(2, 'escrow record')).toBe('2 escrow records');
    expect(countOf(1204, 'payment')).toBe('1,204 payments');
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'session was', 'sessions were')).toBe('1 session was');
    expect(countOf(3, 'campaign is', 'campaigns are')).toBe('3 campaigns are');
    expect(pluralWord(1, 'day')).toBe('day');
    expect(pluralWord(5, 'day')).toBe('days');
  });
});
