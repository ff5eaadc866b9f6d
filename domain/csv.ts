// Spreadsheet-safe CSV cells (OWASP CSV injection): a text cell that a spreadsheet would read as a
// formula (=, +, -, @, tab or carriage return first) gets a leading apostrophe, so Excel shows it as
// text. Numbers and dates are written by us and never escaped (a refund's "-100.00" stays a number).
const FORMULA_START = /^[=+\-@\t\r]/;

export function safeText(value: string | null | undefined): string {
  if (value == null) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Dates in exports: ISO 8601 in UTC, or empty. */
export function isoCell(value: Date | string | null | undefined): string {
  if (value == null) return '';
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
