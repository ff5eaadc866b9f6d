// CSV for people's spreadsheets, the one place of its rules. Spreadsheet-safe cells (OWASP CSV
// injection): a text cell that a spreadsheet would read as a formula (=, +, -, @, tab or carriage
// return first) gets a leading apostrophe, so Excel shows it as text. Numbers and dates are written by
// us and never escaped (a refund's "-100.00" stays a number). The admin exports stream through
// csv-stringify with `safeText` as the cell rule; the small files built in the browser (statements,
// investor lists) use `toCsv` below, which needs no library.
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

/** Byte order mark: Excel reads the file as UTF-8 (names with accents, the → in routes). */
export const CSV_BOM = '\uFEFF';

/** One CSV cell: `safeText` unless it is a plain number; quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = /^-?\d+(\.\d+)?$/.test(raw) ? raw : safeText(raw);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file: BOM, header, rows, CRLF line ends (RFC 4180). */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): string {
  return CSV_BOM + [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
