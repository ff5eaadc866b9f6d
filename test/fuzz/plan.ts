// What one fuzzed request will be, drawn by fast-check as plain data (so a seed reproduces it): who
// sends it and how its inputs are made. Four kinds, from the route's valid call
// (test/authz/requests.ts) or from its schemas:
//   example  — the valid call as is, by any actor
//   mutated  — the valid call with 1–3 changes: a value replaced by a boundary or hostile one, a key
//              dropped, an unexpected key added, a value wrapped in an array or object
//   schema   — inputs drawn from the route's JSON Schemas, then maybe mutated too
//   raw      — the valid call sent badly: malformed JSON, another content type, an odd query string
//              or path segment, broken cookies, cross-site headers, or a body past the size limit
import fc from 'fast-check';
import {
  CONTENT_TYPES,
  CROSS_SITE_HEADERS,
  HOSTILE_KEYS,
  hostileValue,
  MALFORMED_BODIES,
  RAW_COOKIES,
  RAW_QUERIES,
  RAW_SEGMENTS,
} from './hostile.ts';
import { valueFor, type Hints, type InputPart, type JsonSchema } from './schema.ts';
import { setOwn, type Value } from './values.ts';

/** The four roles, a visitor, and the accounts money must refuse whatever they send (all with a
 * session): an investor who has not verified their email, a suspended investor, a trader whose KYC is in
 * review (the quote path's attacker) and a buyer whose KYC was rejected. */
export const FUZZ_ACTORS = [
  'visitor',
  'investor',
  'trader',
  'buyer',
  'admin',
  'unverified',
  'suspended',
  'pending-trader',
  'rejected-buyer',
] as const;
export type FuzzActor = (typeof FUZZ_ACTORS)[number];

export interface FuzzRoute {
  method: string;
  url: string;
  /** `${method} ${url}` */
  key: string;
  /** Rows of the authorization matrix for this route (their valid calls are the examples). */
  rows: string[];
  schemas: Partial<Record<InputPart, JsonSchema>>;
  /** The statuses the OpenAPI document lists for the route ("200", "404", "2XX"…). */
  answers: string[];
}

export type Mutation =
  | { part: InputPart; op: 'replace'; at: number; value: Value }
  | { part: InputPart; op: 'delete'; at: number }
  | { part: InputPart; op: 'add'; at: number; key: string; value: Value }
  | { part: InputPart; op: 'wrap'; at: number; shape: 'array' | 'object' };

export interface RawChange {
  body?: string;
  contentType?: string | null;
  query?: string;
  segment?: { at: number; text: string };
  cookie?: string;
  headers?: Record<string, string>;
}

export type Plan = {
  actor: FuzzActor;
  /** Most requests come from an address of their own; some share one, to reach the rate limits. */
  sharedIp: boolean;
  /** Which of the route's matrix rows gives the example (modulo their number). */
  row: number;
} & (
  | { kind: 'example' }
  | { kind: 'mutated'; mutations: Mutation[] }
  | { kind: 'schema'; inputs: Partial<Record<InputPart, Value>>; mutations: Mutation[] }
  | { kind: 'raw'; raw: RawChange }
);

/** Keys to add: mostly the route's own field names for that input (an optional field filled), some
 * words of the whole API (server-owned fields such as status or kycStatus), some hostile names. */
function keyArb(own: string[], hints: Hints): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: own.length ? 4 : 0, arbitrary: fc.constantFrom(...(own.length ? own : ['x'])) },
    {
      weight: hints.words.length ? 2 : 0,
      arbitrary: fc.constantFrom(...(hints.words.length ? hints.words : ['x'])),
    },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS) },
  );
}

function mutationArb(route: FuzzRoute, parts: InputPart[], hints: Hints): fc.Arbitrary<Mutation> {
  return fc.constantFrom(...parts).chain((part) => {
    const at = fc.noBias(fc.nat());
    const own = Object.keys(route.schemas[part]?.properties ?? {});
    const value = fc.oneof(
      { weight: 3, arbitrary: hostileValue },
      { weight: 1, arbitrary: fc.constantFrom(...(hints.words.length ? hints.words : ['x'])) },
    );
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          part: fc.constant(part),
          op: fc.constant('replace' as const),
          at,
          value: hostileValue,
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({ part: fc.constant(part), op: fc.constant('delete' as const), at }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          part: fc.constant(part),
          op: fc.constant('add' as const),
          at,
          key: keyArb(own, hints),
          value,
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          part: fc.constant(part),
          op: fc.constant('wrap' as const),
          at,
          shape: fc.constantFrom('array' as const, 'object' as const),
        }),
      },
    );
  });
}

function rawArb(route: FuzzRoute): fc.Arbitrary<RawChange> {
  const segments = route.url.split('/').filter((s) => s.startsWith(':')).length;
  const options: Array<fc.Arbitrary<RawChange>> = [
    fc.record({ body: fc.constantFrom(...MALFORMED_BODIES) }),
    fc.record({ contentType: fc.constantFrom(...CONTENT_TYPES) }),
    fc.record({
      body: fc.constantFrom(...MALFORMED_BODIES),
      contentType: fc.constantFrom(...CONTENT_TYPES),
    }),
    fc.record({
      body: fc.constantFrom('{"a":"' + 'x'.repeat(110 * 1024) + '"}', '[' + '1,'.repeat(60_000) + '1]'),
    }),
    fc.record({ query: fc.constantFrom(...RAW_QUERIES) }),
    fc.record({ cookie: fc.constantFrom(...RAW_COOKIES) }),
    fc.record({ headers: fc.constantFrom(...CROSS_SITE_HEADERS) }),
    fc.record({ headers: fc.constant({ 'accept-encoding': 'br, gzip' }) }),
  ];
  if (segments)
    options.push(
      fc.record({
        segment: fc.record({ at: fc.nat({ max: segments - 1 }), text: fc.constantFrom(...RAW_SEGMENTS) }),
      }),
    );
  return fc.oneof(...options);
}

/** The plans of one route: which inputs it has decides what can be mutated. */
export function planArb(route: FuzzRoute, hints: Hints): fc.Arbitrary<Plan> {
  const parts = (['params', 'querystring', 'body'] as const).filter(
    (p) => route.schemas[p] || (p === 'body' && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)),
  );
  const mutations = parts.length
    ? fc.array(mutationArb(route, parts, hints), { minLength: 1, maxLength: 3 })
    : fc.constant<Mutation[]>([]);
  const inputs = fc.record(
    Object.fromEntries(parts.map((p) => [p, valueFor(route.schemas[p], hints)])) as Record<
      InputPart,
      fc.Arbitrary<Value>
    >,
  );
  const common = {
    actor: fc.constantFrom(...FUZZ_ACTORS),
    sharedIp: fc.constantFrom(...Array.from({ length: 10 }, (_, i) => i === 0)),
    row: fc.noBias(fc.nat()),
  };
  return fc.oneof(
    { weight: 1, arbitrary: fc.record({ ...common, kind: fc.constant('example' as const) }) },
    { weight: 4, arbitrary: fc.record({ ...common, kind: fc.constant('mutated' as const), mutations }) },
    {
      weight: 3,
      arbitrary: fc.record({
        ...common,
        kind: fc.constant('schema' as const),
        inputs,
        mutations: fc.oneof(fc.constant<Mutation[]>([]), mutations),
      }),
    },
    { weight: 2, arbitrary: fc.record({ ...common, kind: fc.constant('raw' as const), raw: rawArb(route) }) },
  );
}

// ---- applying mutations ------------------------------------------------------------------------

type Path = Array<string | number>;

/** Every place in a value (the root first), so that `at` picks one of them. */
function placesIn(value: Value, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => placesIn(v, [...path, i], out));
  else if (value && typeof value === 'object' && !('$fuzz' in value))
    for (const [k, v] of Object.entries(value)) placesIn(v, [...path, k], out);
  return out;
}

function getAt(root: Value, path: Path): Value {
  return path.reduce<Value>((v, k) => (v as Record<string | number, Value>)?.[k], root);
}

/** `root` with the value at `path` replaced (copies along the path; `undefined` deletes). */
function setAt(root: Value, path: Path, value: Value): Value {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    if (rest.length || value !== undefined) copy[head as number] = setAt(copy[head as number], rest, value);
    else copy.splice(head as number, 1);
    return copy;
  }
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((root ?? {}) as object)) if (k !== head) setOwn(copy, k, v);
  const inner = setAt((root as Record<string, Value> | undefined)?.[head as string], rest, value);
  if (inner !== undefined) setOwn(copy, String(head), inner);
  return copy;
}

/** The inputs after the mutations, applied in order. */
export function mutate(inputs: Partial<Record<InputPart, Value>>, mutations: Mutation[]) {
  const out = { ...inputs };
  for (const m of mutations) {
    const root = out[m.part] ?? (m.part === 'body' ? {} : undefined);
    const places = placesIn(root);
    const path = places[m.at % places.length]!;
    const current = getAt(root, path);
    switch (m.op) {
      case 'replace':
        out[m.part] = setAt(root, path, m.value);
        break;
      case 'delete':
        out[m.part] = path.length ? setAt(root, path, undefined) : undefined;
        break;
      case 'add': {
        const target = current && typeof current === 'object' && !Array.isArray(current) ? path : [];
        const base = getAt(root, target);
        const extended: Record<string, unknown> = {};
        for (const [k, v] of Object.entries((base ?? {}) as object)) setOwn(extended, k, v);
        setOwn(extended, m.key, m.value);
        out[m.part] = setAt(root, target, extended);
        break;
      }
      case 'wrap':
        out[m.part] = setAt(root, path, m.shape === 'array' ? [current] : { value: current });
        break;
    }
  }
  return out;
}
