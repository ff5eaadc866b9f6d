// What every fuzzed answer must hold, as an API client would see it: no 5xx, nothing internal in the
// body (stack, source path, SQL, database message, internal error name, password hash), a refusal
// shaped { "error": … }, and no row changed by a refused request or a read.
import type { HttpCall } from '../authz/call.ts';

const LEAKS: Array<[what: string, pattern: RegExp]> = [
  ['a stack trace', /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/)?\/[^\s)]+:\d+:\d+\)?/],
  ['a source path', /(?:\/[\w.-]+)+\.(?:ts|js|mjs|cjs)\b|node_modules/],
  [
    'SQL',
    /\b(?:select\s+[\w"*, .()]+\s+from\s+"?\w|insert\s+into\s+"?\w|update\s+"?\w+"?\s+set\s|delete\s+from\s+"?\w)/i,
  ],
  [
    'a database error',
    /Failed query|duplicate key value|violates (?:not-null|foreign key|unique|check) constraint|syntax error at or near|invalid input syntax for|invalid byte sequence|relation "\w+" does not exist|SQLSTATE|out of range for type|value too long for type|unterminated quoted/i,
  ],
  [
    'an internal error name',
    /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|ZodError|\$ZodError|FastifyError|DrizzleQueryError|DatabaseError|AppError|FST_ERR_\w+|ERR_[A-Z_]{4,})\b/,
  ],
  ['a password hash', /\$argon2(?:id|i|d)\$/],
];

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** What the answer reveals that it must not; text the request itself carried (an echo) does not count. */
export function leaksIn(body: string, call: HttpCall): string[] {
  const sent = `${decoded(call.url)}\n${call.payload ?? ''}`;
  const found: string[] = [];
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(body);
    if (match && !sent.includes(match[0])) found.push(`${what} (${JSON.stringify(match[0].slice(0, 80))})`);
  }
  return found;
}

export function isErrorBody(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    return (
      !!parsed && typeof parsed === 'object' && typeof (parsed as { error?: unknown }).error === 'string'
    );
  } catch {
    return false;
  }
}
