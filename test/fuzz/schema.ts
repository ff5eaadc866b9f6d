// From a route's own input schemas to values: each zod schema is converted to JSON Schema
// (z.toJSONSchema, in 'input' mode so transforms and pipes convert, unrepresentable parts as "any")
// and values are drawn to fit it, with the hints a plain random string would never hit: numbers as
// text, dates, ids of existing rows, words the API knows.
import fc from 'fast-check';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { hostileString } from './hostile.ts';
import { marker, setOwn, type Value } from './values.ts';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

export type InputPart = 'params' | 'querystring' | 'body';
export const INPUT_PARTS: readonly InputPart[] = ['params', 'querystring', 'body'];

/** The JSON Schema of one input of a route; throws when the schema cannot be read. */
export function inputSchema(schema: FastifySchema | undefined, part: InputPart): JsonSchema | undefined {
  const declared = schema?.[part];
  if (declared === undefined) return undefined;
  if (declared && typeof declared === 'object' && '_zod' in declared)
    return z.toJSONSchema(declared as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return declared as JsonSchema;
}

/** Every enum value, constant and property name in the schemas: words the API knows. */
export function collectWords(schemas: JsonSchema[]): { values: string[]; keys: string[] } {
  const values = new Set<string>();
  const keys = new Set<string>();
  const visit = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const j = s as JsonSchema;
    for (const v of j.enum ?? []) if (typeof v === 'string' && v) values.add(v);
    if (typeof j.const === 'string' && j.const) values.add(j.const);
    for (const k of Object.keys(j.properties ?? {})) keys.add(k);
    Object.values(j).forEach((inner) => (Array.isArray(inner) ? inner.forEach(visit) : visit(inner)));
  };
  schemas.forEach(visit);
  return { values: [...values].sort(), keys: [...keys].sort() };
}

export interface Hints {
  /** Words the API knows (enum values, property names). */
  words: string[];
}

const DAY_MS = 86_400_000;
const knownId = fc.nat().map((n) => marker({ $fuzz: 'known-id', n }));

/** Text shaped like the values our schemas take as strings. */
function hintedText(hints: Hints): fc.Arbitrary<Value> {
  const day = fc.integer({ min: -30, max: 400 }).map((d) => new Date(Date.now() + d * DAY_MS));
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.nat({ max: 10_000_000 }).map(String),
    fc
      .tuple(fc.nat({ max: 1_000_000 }), fc.nat({ max: 99 }))
      .map(([a, b]) => `${a}.${String(b).padStart(2, '0')}`),
    day.map((d) => d.toISOString().slice(0, 10)),
    day.map((d) => d.toISOString()),
    fc.emailAddress(),
    knownId,
    hints.words.length ? fc.constantFrom(...hints.words) : fc.constant('word'),
  );
}

function textOfLength(hints: Hints, min = 0, max = 200): fc.Arbitrary<Value> {
  return fc.oneof(
    { weight: 3, arbitrary: hintedText(hints) },
    { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 80)) }) },
    { weight: 1, arbitrary: fc.constantFrom('a'.repeat(min), 'a'.repeat(Math.min(max, 10_000))) },
    { weight: 2, arbitrary: hostileString },
  );
}

function stringArb(s: JsonSchema, hints: Hints): fc.Arbitrary<Value> {
  if (s.format === 'email') return fc.oneof(fc.emailAddress(), textOfLength(hints));
  if (s.format === 'uuid') return fc.oneof(knownId, fc.uuid({ version: 4 }), textOfLength(hints));
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.pattern) {
    try {
      const matching = fc.stringMatching(new RegExp(s.pattern), { size: 'small' });
      return fc.oneof(
        { weight: 3, arbitrary: matching },
        { weight: 1, arbitrary: textOfLength(hints, s.minLength, s.maxLength) },
      );
    } catch {
      // A pattern fast-check cannot read: plain text below.
    }
  }
  return textOfLength(hints, s.minLength, s.maxLength);
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<Value> {
  const min = Math.max(s.minimum ?? s.exclusiveMinimum ?? -1e12, Number.MIN_SAFE_INTEGER);
  const max = Math.min(s.maximum ?? s.exclusiveMaximum ?? 1e12, Number.MAX_SAFE_INTEGER);
  const edges = fc.constantFrom(min, max, 0, 1, -1).filter((v) => v >= min && v <= max);
  const inside = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 3, arbitrary: inside }, { weight: 1, arbitrary: edges });
}

function objectArb(s: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<Value> {
  const props = Object.entries(s.properties ?? {});
  if (!props.length) return fc.constant({});
  const required = new Set(s.required ?? []);
  // Optional properties come and go; each key is drawn on its own so that "__proto__" stays a key.
  return fc
    .tuple(
      ...props.map(([key, p]) =>
        fc.tuple(
          fc.constant(key),
          valueFor(p, hints, depth + 1),
          required.has(key) ? fc.constant(true) : fc.boolean(),
        ),
      ),
    )
    .map((entries) => {
      const out: Record<string, unknown> = {};
      for (const [key, value, present] of entries) if (present) setOwn(out, key, value);
      return out;
    });
}

/** A value meant to fit the schema (it may not: the server decides what fits). */
export function valueFor(s: JsonSchema | undefined, hints: Hints, depth = 0): fc.Arbitrary<Value> {
  if (!s || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valueFor(a, hints, depth + 1)));
  if (s.allOf?.length) return valueFor({ ...s, allOf: undefined, ...s.allOf[0] }, hints, depth + 1);
  const types = [s.type ?? (s.properties ? 'object' : undefined)].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => valueFor({ ...s, type }, hints, depth)));
  switch (types[0]) {
    case 'string':
      return stringArb(s, hints);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(s.items, hints, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, 4),
      });
    case 'object':
      return objectArb(s, hints, depth);
    default:
      return fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileString);
  }
}
