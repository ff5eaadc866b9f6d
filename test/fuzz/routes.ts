// The routes to fuzz, read from the app's OpenAPI document (GET /api/openapi.json, test/openapi.ts:
// the coverage test holds it to every route the app registers), with their input schemas as the
// document gives them (the routes' own zod schemas as JSON Schema), the answers it lists for each,
// and the check that every route documents each input it takes: a route without a schema for one
// cannot be fuzzed from its schemas, nor trusted with input.
import { ROUTE_REQUESTS, routeOf } from '../authz/requests.ts';
import { documentedRoutes, type OpenApiDocument, type Operation } from '../openapi.ts';
import type { FuzzRoute } from './plan.ts';
import { collectWords, type InputPart, type JsonSchema } from './schema.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

/** The operation's parameters of one place (path, query) as one object schema, as the route declared them. */
function parametersSchema(operation: Operation, place: 'path' | 'query'): JsonSchema | undefined {
  const params = ((operation.parameters ?? []) as Parameter[]).filter((p) => p.in === place);
  if (!params.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

/** The operation's JSON request body schema. */
function bodySchema(operation: Operation): JsonSchema | undefined {
  const body = operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined;
  return body?.content?.['application/json']?.schema;
}

/** The input schemas of one operation, by the part of the request they describe. */
export function operationSchemas(operation: Operation): Partial<Record<InputPart, JsonSchema>> {
  const schemas: Partial<Record<InputPart, JsonSchema>> = {};
  const params = parametersSchema(operation, 'path');
  const query = parametersSchema(operation, 'query');
  const body = bodySchema(operation);
  if (params) schemas.params = params;
  if (query) schemas.querystring = query;
  if (body) schemas.body = body;
  return schemas;
}

export function fuzzRoutes(document: OpenApiDocument): FuzzRoute[] {
  return documentedRoutes(document).map(({ method, url, key, operation }) => {
    const rows = Object.keys(ROUTE_REQUESTS).filter((row) => routeOf(row) === key);
    const answers = Object.keys(operation.responses ?? {});
    return { method, url, key, rows, schemas: operationSchemas(operation), answers };
  });
}

/** Whether the document lists the status among the route's answers (a "2XX"-style range too). */
export function documentsAnswer(route: Pick<FuzzRoute, 'answers'>, status: number): boolean {
  return route.answers.includes(String(status)) || route.answers.includes(`${String(status)[0]}XX`);
}

/** Routes that take an input without documenting its schema. */
export function schemaProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  for (const { method, url, key, operation } of documentedRoutes(document)) {
    const params = parametersSchema(operation, 'path');
    for (const name of url.split('/').filter((s) => s.startsWith(':')))
      if (!params?.properties?.[name.slice(1)])
        problems.push(`${key}: path parameter ${name} without a schema`);
    if (BODY_METHODS.has(method) && !operation.requestBody)
      problems.push(`${key}: no request body schema (a route that takes none declares an empty one)`);
  }
  return problems;
}

/** Words the API knows, from every request and response schema of the document: enum values and property names. */
export function apiWords(document: OpenApiDocument): string[] {
  const { values, keys } = collectWords([document.paths as JsonSchema]);
  return [...new Set([...values, ...keys])].sort();
}
