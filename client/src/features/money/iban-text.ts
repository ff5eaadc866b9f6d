// The IBAN field as typed: letters upper-cased, anything but letters and digits dropped, in groups of
// four as printed on a bank statement; the caret stays after the same character. The schema
// (domain/cash-account.ts) reads the spaced form and checks it.

/** The longest IBAN (Saint Lucia and a few others): 32 characters; 34 is the standard's bound. */
const IBAN_MAX = 34;

const characters = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** "de89370400440532013000" → "DE89 3704 0044 0532 0130 00". */
export function formatIban(text: string): string {
  return characters(text)
    .slice(0, IBAN_MAX)
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** The field after an edit: its new value, and the caret after the same letters and digits as before. */
export function editIban(typed: string, caret: number): { value: string; caret: number } {
  const value = formatIban(typed);
  if (caret >= typed.length) return { value, caret: value.length };
  const before = characters(typed.slice(0, caret)).length;
  let position = 0;
  let seen = 0;
  while (position < value.length && seen < before) {
    if (value[position] !== ' ') seen++;
    position++;
  }
  return { value, caret: position };
}
