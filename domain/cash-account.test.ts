import { describe, expect, it } from 'vitest';
import { bankAccountFormSchema } from './cash-account.ts';
import { errorMessage } from './errors.ts';

/** The first message of each field, as the form shows it. */
const messages = (holder: string, value: unknown) => {
  const found: Record<string, string> = {};
  for (const issue of bankAccountFormSchema(holder).safeParse(value).error?.issues ?? [])
    found[issue.path.join('.')] ??= issue.message;
  return found;
};

describe('bankAccountFormSchema (the bank account form)', () => {
  it('takes the verified holder, written any way, and sends the IBAN without spaces', () => {
    expect(
      bankAccountFormSchema('Konkan Hydrogen LLP').parse({
        holderName: ' konkan hydrogen, llp ',
        iban: 'DE89 3704 0044 0532 0130 00',
      }),
    ).toEqual({ holderName: 'konkan hydrogen, llp', iban: 'DE89370400440532013000' });
  });

  it('refuses another holder than the verified one, and a wrong IBAN, each at its field', () => {
    expect(messages('Ada Lovelace', { holderName: 'Charles Babbage', iban: 'DE00 1234' })).toEqual({
      holderName: errorMessage('BANK_HOLDER_MISMATCH', { holder: 'Ada Lovelace' }),
      iban: 'This IBAN is not valid: check the country code, the digits and the length',
    });
    expect(messages('Ada Lovelace', { holderName: '', iban: 'DE89370400440532013000' })).toEqual({
      holderName: 'Account holder is required',
    });
  });

  it('takes any holder while no identity is verified', () => {
    expect(messages('', { holderName: 'Charles Babbage', iban: 'DE89370400440532013000' })).toEqual({});
  });
});
