// One API call as both sides see it (docs/api.md "Types for the client"). Declared once in
// domain/endpoints/<area>.ts with its method, path (Fastify's `:param` syntax) and the zod schemas of
// its body, query string and answer, named by type only: this module and the declarations import no
// zod at run time, so the client's first chunk (the landing page) stays free of the schema library.
// The server's route names the same schema in `schema.response` through `answerSchema(endpoint, …)`,
// which refuses (at compile time) any schema but the declared one; the client calls the endpoint
// through `callApi` / `apiQuery` (client/src/lib/api.ts) and gets `z.output<answer>` without writing a type.
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The schemas of a call, as types only (never present at run time). */
export interface EndpointTypes {
  body: z.ZodType | undefined;
  query: z.ZodType | undefined;
  answer: z.ZodType;
}

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  T extends EndpointTypes = EndpointTypes,
> {
  readonly method: M;
  readonly path: P;
  /** Types only: always undefined at run time. */
  readonly types?: T;
}

interface Declaring<
  M extends Method,
  P extends string,
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
> {
  /** The route's body schema (`schema.body`). */
  takes<S extends z.ZodType>(): Declaring<M, P, S, Q>;
  /** The route's query-string schema (`schema.querystring`). */
  query<S extends z.ZodType>(): Declaring<M, P, B, S>;
  /** The route's success answer schema (`schema.response[2xx]`): ends the declaration. */
  answers<S extends z.ZodType>(): Endpoint<M, P, { body: B; query: Q; answer: S }>;
}

/**
 * Declares a call: `endpoint('POST', '/api/campaigns/:id/transitions').takes<typeof
 * transitionSchema>().answers<typeof campaignSchema>()`.
 */
export function endpoint<M extends Method, P extends string>(
  method: M,
  path: P,
): Declaring<M, P, undefined, undefined> {
  const declaring = {
    takes: () => declaring,
    query: () => declaring,
    answers: () => ({ method, path }),
  };
  return declaring as unknown as Declaring<M, P, undefined, undefined>;
}

type TypesOf<E extends Endpoint> = NonNullable<E['types']>;

/** The answer's schema type of an endpoint. */
export type AnswerSchemaOf<E extends Endpoint> = TypesOf<E>['answer'];
/** What an endpoint answers, as the client receives it. */
export type AnswerOf<E extends Endpoint> = z.output<TypesOf<E>['answer']>;
/** What an endpoint takes as its body (undefined when it takes none). */
export type BodyOf<E extends Endpoint> = TypesOf<E>['body'] extends z.ZodType
  ? z.input<TypesOf<E>['body']>
  : undefined;
/** What an endpoint's query string takes. */
export type QueryOf<E extends Endpoint> = TypesOf<E>['query'] extends z.ZodType
  ? z.input<TypesOf<E>['query']>
  : undefined;

/** The names of a path's `:parameters`. */
export type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;
export type ParamsOf<E extends Endpoint> = Record<ParamNames<E['path']>, string>;

/**
 * The route's answer schema, for `schema.response` on the server: it must be the schema the endpoint
 * declares, so the document, the serializer and the client's type cannot drift apart.
 */
export function answerSchema<E extends Endpoint>(_endpoint: E, schema: AnswerSchemaOf<E>): AnswerSchemaOf<E> {
  return schema;
}

/** The path with its parameters filled in (each encoded as one path segment). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * A query string of the options that are set (undefined, null, '' and [] left out), in name order so
 * one view is one URL (and one cache entry); lists are joined with commas. '' when nothing is set.
 */
export function queryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  const entries = Object.entries(query as Record<string, QueryValue>).sort(([a], [b]) => a.localeCompare(b));
  for (const [name, value] of entries) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(name, value.join(','));
    } else params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
