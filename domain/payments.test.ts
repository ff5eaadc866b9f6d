// The card form as typed: the number grouped by four, the expiry as "MM / YY", the caret where the
// next digit goes; what the form sends stays what cardDigits and parseCardExpiry read. fast-check
// prints the seed of a failure; replay with FC_SEED=<seed>.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  cardDigits,
  editCardExpiry,
  editCardNumber,
  formatCardExpiry,
  formatCardNumber,
  parseCardExpiry,
  type CardFieldEdit,
} from './payments.ts';

if (process.env.FC_SEED) fc.configureGlobal({ seed: Number(process.env.FC_SEED) });

type Edit = typeof editCardNumber;

/** Types `keys` one by one at the end of an empty field, as a keyboard would. */
function typeAtEnd(edit: Edit, keys: string): CardFieldEdit {
  let field: CardFieldEdit = { value: '', caret: 0 };
  for (const key of keys) {
    const typed = field.value + key;
    field = edit(field.value, typed, typed.length);
  }
  return field;
}

/** Presses Backspace with the caret at `field.caret`. */
function backspace(edit: Edit, field: CardFieldEdit): CardFieldEdit {
  if (field.caret === 0) return field;
  const typed = field.value.slice(0, field.caret - 1) + field.value.slice(field.caret);
  return edit(field.value, typed, field.caret - 1, 'backward');
}

describe('formatCardNumber', () => {
  it('groups the digits by four, as printed on a card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('4000-0000 00000002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('')).toBe('');
  });

  it('keeps the digits (at most 19) and nothing else, and formats a formatted number to itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 -/a') }), (text) => {
        const formatted = formatCardNumber(text);
        expect(cardDigits(formatted)).toBe(text.replace(/\D/g, '').slice(0, 19));
        expect(formatted).toMatch(/^(\d{4} )*\d{0,4}$/);
        expect(formatCardNumber(formatted)).toBe(formatted);
      }),
    );
  });
});

describe('formatCardExpiry', () => {
  it('writes the separator once the month is complete', () => {
    expect(formatCardExpiry('1')).toBe('1');
    expect(formatCardExpiry('12')).toBe('12 / ');
    expect(formatCardExpiry('123')).toBe('12 / 3');
    expect(formatCardExpiry('1230')).toBe('12 / 30');
    expect(formatCardExpiry('12 / 30')).toBe('12 / 30');
    expect(formatCardExpiry('12/30')).toBe('12 / 30');
    expect(formatCardExpiry('123045')).toBe('12 / 30');
  });

  it('reads a month that cannot take a second digit, a month then a slash, and a four-digit year', () => {
    expect(formatCardExpiry('4')).toBe('04 / ');
    expect(formatCardExpiry('13')).toBe('01 / 3');
    expect(formatCardExpiry('1/')).toBe('01 / ');
    expect(formatCardExpiry('12/2030')).toBe('12 / 30');
    expect(formatCardExpiry('3/2031')).toBe('03 / 31');
  });

  it('typed digit by digit, every month and year reads back as that expiry', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), (month, year) => {
        const keys = `${String(month).padStart(2, '0')}${String(year).padStart(2, '0')}`;
        const field = typeAtEnd(editCardExpiry, keys);
        expect(field.value).toBe(`${keys.slice(0, 2)} / ${keys.slice(2)}`);
        expect(field.caret).toBe(field.value.length);
        expect(parseCardExpiry(field.value)).toEqual({ expMonth: month, expYear: 2000 + year });
      }),
    );
  });
});

describe('editing a card field', () => {
  it('puts the caret at the end while typing at the end, past a separator just written', () => {
    expect(typeAtEnd(editCardNumber, '42424')).toEqual({ value: '4242 4', caret: 6 });
    expect(typeAtEnd(editCardExpiry, '12')).toEqual({ value: '12 / ', caret: 5 });
  });

  it('Backspace over a separator deletes the digit before it', () => {
    // "4242 |4242": Backspace removes the space, and with it the 2 before it.
    expect(backspace(editCardNumber, { value: '4242 4242', caret: 5 })).toEqual({
      value: '4244 242',
      caret: 3,
    });
    // "12 / |": Backspace leaves the month's first digit.
    expect(backspace(editCardExpiry, { value: '12 / ', caret: 5 })).toEqual({ value: '1', caret: 1 });
    expect(backspace(editCardExpiry, { value: '12 / 3', caret: 6 })).toEqual({ value: '12 / ', caret: 5 });
  });

  it('Delete over a separator deletes the digit after it', () => {
    // "4242| 4242": Delete removes the space, and with it the 4 after it.
    expect(editCardNumber('4242 4242', '42424242', 4, 'forward')).toEqual({ value: '4242 242', caret: 4 });
  });

  it('keeps the caret after the same digit when a digit is typed in the middle', () => {
    // "4242 42|42" + "9" → "4242 4294 2" with the caret after the 9.
    const typed = '4242 42942';
    expect(editCardNumber('4242 4242', typed, 8)).toEqual({ value: '4242 4294 2', caret: 8 });
  });

  it('typing any number then deleting it all walks through the grouped forms and back to empty', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 19 }), (digits) => {
        let field = typeAtEnd(editCardNumber, digits);
        expect(field.value).toBe(formatCardNumber(digits));
        for (let left = digits.length; left > 0; left--) {
          field = backspace(editCardNumber, field);
          expect(cardDigits(field.value)).toBe(digits.slice(0, left - 1));
          expect(field.caret).toBe(field.value.length);
        }
        expect(field).toEqual({ value: '', caret: 0 });
      }),
    );
  });
});

describe('caretAfterDigits', () => {
  it('counts digits, not separators', () => {
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 4, { skipSeparator: true })).toBe(5);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('12 / 3', 2, { skipSeparator: true })).toBe(5);
  });
});
