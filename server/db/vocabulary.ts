// The one renderer of a status list in SQL (domain/status-groups.ts). A query says
// `sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.kept)` (or `sqlIn(sql`i.status`, ...)` in raw
// SQL) and a table's CHECK says `checkIn('investments_status_check', t.status, INVESTMENT_STATUSES)`:
// both render `<column> in ('confirmed', 'paid_out')`, the very text the migrations already hold, so
// moving a constraint onto the domain's list changes no migration.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { check } from 'drizzle-orm/pg-core';

/** A status is a plain word: inlined as a literal, it can never carry anything but itself. */
const WORD = /^[A-Za-z0-9_./-]+$/;

function literals(values: readonly string[]): SQL {
  if (values.length === 0) throw new Error('sqlIn: an empty group matches nothing; name a real group');
  for (const v of values) {
    if (!WORD.test(v)) throw new Error(`sqlIn: ${JSON.stringify(v)} is not a status word`);
  }
  return sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);
}

/** `<column> in ('a', 'b')`: whether the column's value is in the named group. */
export function sqlIn(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} in ${literals(values)}`;
}

/** `<column> not in ('a', 'b')`. */
export function sqlNotIn(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} not in ${literals(values)}`;
}

/** The CHECK that keeps a column to the domain's list (`<name>`: `<column> in (...)`). */
export function checkIn(name: string, column: SQLWrapper, values: readonly string[]) {
  return check(name, sqlIn(column, values));
}
