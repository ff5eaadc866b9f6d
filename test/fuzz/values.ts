// Values for fuzzed requests: JSON values that may hold markers the request builder resolves when it
// sends (an id that exists at that moment, a number JSON.stringify can't write, a nesting too deep to
// keep in memory), and how they are written into a JSON body or a query string.

/** A JSON-like value with markers. Objects may have own keys such as "__proto__". */
export type Value = unknown;

export type Marker =
  /** The n-th id of the rows that exist when the request is sent (users, campaigns, …). */
  | { $fuzz: 'known-id'; n: number }
  /** JSON text written as is: `1e400`, `-0`, `9007199254740993`, `{"__proto__":…}`. */
  | { $fuzz: 'raw'; text: string }
  /** `[[[…]]]` or `{"a":{"a":…}}`, `depth` levels. */
  | { $fuzz: 'nest'; depth: number; shape: 'array' | 'object' }
  /** `text` repeated `times` (long strings without holding them in every plan). */
  | { $fuzz: 'repeat'; text: string; times: number };

export const marker = (m: Marker): Marker => m;

export function isMarker(v: unknown): v is Marker {
  return typeof v === 'object' && v !== null && typeof (v as { $fuzz?: unknown }).$fuzz === 'string';
}

/** Sets an own property, even "__proto__" (an assignment would change the prototype instead). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export interface Resolver {
  knownId(n: number): string;
}

/** The value with its markers resolved to plain values (for query strings and path segments). */
export function resolve(value: Value, r: Resolver): Value {
  if (isMarker(value)) {
    switch (value.$fuzz) {
      case 'known-id':
        return r.knownId(value.n);
      case 'raw':
        return value.text;
      case 'nest':
        return value.shape === 'array' ? '['.repeat(value.depth) : '{"a":'.repeat(value.depth);
      case 'repeat':
        return value.text.repeat(value.times);
    }
  }
  if (Array.isArray(value)) return value.map((v) => resolve(v, r));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setOwn(out, k, resolve(v, r));
    return out;
  }
  return value;
}

/** JSON text of a value, markers written as they say (so the text may be deliberately odd). */
export function toJsonText(value: Value, r: Resolver): string {
  if (isMarker(value)) {
    switch (value.$fuzz) {
      case 'known-id':
        return JSON.stringify(r.knownId(value.n));
      case 'raw':
        return value.text;
      case 'nest':
        return value.shape === 'array'
          ? '['.repeat(value.depth) + ']'.repeat(value.depth)
          : '{"a":'.repeat(value.depth) + '1' + '}'.repeat(value.depth);
      case 'repeat':
        return JSON.stringify(value.text.repeat(value.times));
    }
  }
  if (value === undefined) return 'null';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value); // NaN, Infinity: not JSON
  if (Array.isArray(value)) return `[${value.map((v) => toJsonText(v, r)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v, r)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A query string (without "?") from an object: arrays repeat the key, objects nest as a[b]=c. */
export function toQueryString(query: Record<string, Value>, r: Resolver): string {
  const params = new URLSearchParams();
  const add = (key: string, value: Value) => {
    const v = resolve(value, r);
    if (v === undefined) return;
    if (Array.isArray(v)) for (const item of v) add(key, item);
    else if (v && typeof v === 'object')
      for (const [k, inner] of Object.entries(v)) add(`${key}[${k}]`, inner);
    else params.append(key, v === null ? '' : String(v));
  };
  for (const [key, value] of Object.entries(query)) add(key, value);
  return params.toString();
}

/** A path segment: percent-encoded UTF-8; a lone surrogate is written as its (invalid) 3-byte form. */
export function encodeSegment(value: Value, r: Resolver): string {
  // An object or array (a mutation put one where a string goes) is written as its JSON text: String()
  // would throw on an object without a prototype.
  const text =
    value !== null && typeof value === 'object' && !isMarker(value)
      ? toJsonText(value, r)
      : String(resolve(value, r));
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(text[i]!);
  }
  return out;
}
