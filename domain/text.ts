// Text typed by people: the base of every free-text field and query string of the API (and of the
// forms that share the schemas). Control characters are refused with a 400 naming the field:
// PostgreSQL cannot store NUL (such a request used to fail in the database with a 500), and the
// others (escape sequences, C1 controls) only arrive by mistake or from an attacker, to garble logs,
// CSV exports and terminals. Multi-line fields (descriptions) keep tab and line breaks. Text that is
// not valid Unicode (half of a surrogate pair, from JSON's \ud83d escapes) is refused too: the
// database would silently store a replacement character instead. The bidirectional embedding,
// override and isolate controls (U+202A–U+202E, U+2066–U+2069) count as controls: they make text
// display in another order than it is stored ("Trojan Source", CVE-2021-42574), so a campaign title or
// a name could read differently on a page, in an email and in an export. Right-to-left scripts need
// none of them; the plain direction marks (U+200E, U+200F) stay allowed.
//
// Passwords and reset tokens do not use it: they are hashed, never stored or shown, and NIST SP
// 800-63B asks that any character be accepted in a password.
import { z } from 'zod';

// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
/** C0 controls, DEL, C1 controls, the Unicode line and paragraph separators, bidi overrides. */
const SINGLE_LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** The same, less tab, line feed, carriage return and the Unicode separators. */
const MULTI_LINE_CONTROLS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
/* eslint-enable no-control-regex */
/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface TextFieldOptions {
  /** Keeps tab and line breaks (descriptions, notes). */
  multiline?: boolean;
  /** Message when the value is not a string at all (as `z.string({ error })`). */
  error?: string;
}

/**
 * `z.string()` for text people type: refuses control characters and broken Unicode, with messages
 * naming the field by `label` ("Title cannot contain control characters"). Chain the field's own
 * rules after it (`.trim().min(…).max(…)`).
 */
export function textField(label: string, { multiline = false, error }: TextFieldOptions = {}) {
  const controls = multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS;
  return z
    .string(error === undefined ? undefined : { error })
    .refine((v) => !controls.test(v), `${label} cannot contain control characters`)
    .refine((v) => !LONE_SURROGATE.test(v), `${label} is not valid text`);
}
