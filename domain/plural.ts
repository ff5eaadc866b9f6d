// Counts in words, one rule for every page, email and message: "1 escrow record", "2 escrow records",
// "1,204 payments". English needs only one and many; a count of 0 takes the plural ("0 campaigns").

const NUMBER = new Intl.NumberFormat('en-US');

/** The word for `count` things: `one` for exactly 1, else `many` (by default `one` + "s"). */
export function pluralWord(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** "1 escrow record", "1,204 escrow records": the count (with thousands separators) and its word. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${NUMBER.format(count)} ${pluralWord(count, one, many)}`;
}
