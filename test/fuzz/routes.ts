// The routes to fuzz, read from the app itself (app.apiRoutes, filled as routes register), with
// their input schemas as JSON Schema, and the check that every route declares a schema for each
// input it takes: a route without one cannot be fuzzed from its schemas, nor trusted with input.
import type { ApiRoute } from '../../server/plugins/access.ts';
import { ROUTE_REQUESTS, routeOf } from '../authz/requests.ts';
import type { FuzzRoute } from './plan.ts';
import { collectWords, INPUT_PARTS, inputSchema, type JsonSchema } from './schema.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** API routes without HEAD twins of GET routes (Fastify answers HEAD with the GET route). */
export function apiRoutes(all: ApiRoute[]): ApiRoute[] {
  return all.filter((r) => r.method !== 'HEAD' || !all.some((g) => g.method === 'GET' && g.url === r.url));
}

export function fuzzRoutes(all: ApiRoute[]): FuzzRoute[] {
  return apiRoutes(all).map((r) => {
    const key = `${r.method} ${r.url}`;
    const schemas: FuzzRoute['schemas'] = {};
    for (const part of INPUT_PARTS) {
      try {
        const schema = inputSchema(r.schema, part);
        if (schema) schemas[part] = schema;
      } catch {
        // Reported by schemaProblems; fuzzed without that schema meanwhile.
      }
    }
    const rows = Object.keys(ROUTE_REQUESTS).filter((row) => routeOf(row) === key);
    return { method: r.method, url: r.url, key, rows, schemas };
  });
}

/** Routes that take an input without declaring its schema, or whose schema cannot be read. */
export function schemaProblems(all: ApiRoute[]): string[] {
  const problems: string[] = [];
  for (const r of apiRoutes(all)) {
    const name = `${r.method} ${r.url}`;
    if (r.url.includes('/:') && !r.schema?.params)
      problems.push(`${name}: path parameters without schema.params`);
    if (BODY_METHODS.has(r.method) && !r.schema?.body)
      problems.push(`${name}: no schema.body (a route that takes none declares an empty one)`);
    for (const part of INPUT_PARTS) {
      try {
        inputSchema(r.schema, part);
      } catch (error) {
        problems.push(`${name}: schema.${part} cannot be read as JSON Schema (${(error as Error).message})`);
      }
    }
  }
  return problems;
}

/** Words the API knows, from every request and response schema: enum values and property names. */
export function apiWords(all: ApiRoute[]): string[] {
  const schemas: JsonSchema[] = [];
  for (const r of all) {
    for (const part of INPUT_PARTS) {
      try {
        const s = inputSchema(r.schema, part);
        if (s) schemas.push(s);
      } catch {
        // see schemaProblems
      }
    }
    for (const response of Object.values((r.schema?.response ?? {}) as Record<string, unknown>)) {
      try {
        const s = inputSchema({ body: response }, 'body');
        if (s) schemas.push(s);
      } catch {
        // a response schema that does not convert only costs us its words
      }
    }
  }
  const { values, keys } = collectWords(schemas);
  return [...new Set([...values, ...keys])].sort();
}
