import { describe, expect, it } from 'vitest';
import { isoCell, safeText } from './csv.ts';

describe('safeText', () => {
  it('escapes what a spreadsheet would run as a formula', () => {
    for (const v of ['=1+1', '+44', '-2', '@SUM(A1)', '\t=x', '\r=x']) expect(safeText(v)).toBe(`'${v}`);
  });
  it('keeps other text and empties null', () => {
    expect(safeText('Green Molecules Ltd')).toBe('Green Molecules Ltd');
    expect(safeText('a=b')).toBe('a=b');
    expect(safeText(null)).toBe('');
  });
});

describe('isoCell', () => {
  it('writes ISO 8601 UTC', () => {
    expect(isoCell(new Date(Date.UTC(2026, 0, 31, 12)))).toBe('2026-01-31T12:00:00.000Z');
    expect(isoCell(null)).toBe('');
  });
});
