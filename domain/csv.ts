// CSV for people's spreadsheets, the one place of its rules. Spreadsheet-safe cells (OWASP CSV
// injection): a text cell that a spreadsheet would read as a formula (=, +, -, @, tab or carriage
// return first) gets a leading apostrophe, so Excel shows it as text. Numbers and dates are written by
// us and never escaped (a refund's "-100.00" stays a number). Files are written by csv-stringify with
// CSV_OPTIONS: the admin exports stream through it with `safeText` as the cell rule; the small files
// built in the browser (statements, investor lists) through its sync API in `toCsv`.
import { stringify } from 'csv-stringify/sync';

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

/**
 * Both kinds of file: a byte order mark (Excel reads UTF-8: accents, the → in routes), CRLF line ends,
 * and any cell with a line break quoted (with CRLF records csv-stringify quotes only "\r\n" itself, so
 * a bare "\n" in a reason or a note would split its row in two).
 */
export const CSV_OPTIONS = { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/** One cell's text: `safeText` unless it is a plain number (quoting is the writer's job). */
export function csvCell(value: string | number | null | undefined): string {
  const raw = value === null || value === undefined ? '' : String(value);
  return /^-?\d+(\.\d+)?$/.test(raw) ? raw : safeText(raw);
}

/** A whole CSV file built in memory: header and rows, RFC 4180 quoting. */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): string {
  return stringify(
    [header, ...rows].map((r) => r.map(csvCell)),
    CSV_OPTIONS,
  );
}
