import { describe, expect, it } from 'vitest';
import { bankAccountCreateSchema } from '@domain/cash-account.ts';
import { editIban, formatIban } from './iban-text.ts';

describe('the IBAN as typed', () => {
  it('is upper-cased and grouped by four', () => {
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('DE89-3704.0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('DE89')).toBe('DE89');
    expect(formatIban('')).toBe('');
  });

  it('is read by the schema as the account it names', () => {
    const parsed = bankAccountCreateSchema.parse({
      holderName: 'Konkan Hydrogen LLP',
      iban: formatIban('de89370400440532013000'),
    });
    expect(parsed.iban).toBe('DE89370400440532013000');
  });

  it('keeps the caret after the character typed, past a space it inserted', () => {
    // "DE89" + "3" typed at the end: the caret goes to the end of "DE89 3".
    expect(editIban('DE893', 5)).toEqual({ value: 'DE89 3', caret: 6 });
    // A character typed in the middle: after it, wherever the spaces move.
    expect(editIban('DE8X9 3704', 3)).toEqual({ value: 'DE8X 9370 4', caret: 3 });
    expect(editIban('DE89 X3704', 6)).toEqual({ value: 'DE89 X370 4', caret: 6 });
  });
});
