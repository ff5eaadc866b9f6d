// The OpenAPI document as the tests read it (GET /api/openapi.json, docs/api.md): its operations as
// routes (Fastify's `:id` spelling, so they compare with app.apiRoutes), and the check that the
// document describes every route the app registers, each with a summary, its access rule and its
// error answers. The coverage test, the authorization matrix and the fuzzer take their routes from it.
import type { OpenAPIV3_1 } from 'openapi-types';
import type { App } from '../server/app.ts';
import type { Access, ApiRoute } from '../server/plugins/access.ts';

export type OpenApiDocument = OpenAPIV3_1.Document;
export type Operation = OpenAPIV3_1.OperationObject & { 'x-access'?: Access; 'x-money-gate'?: boolean };

export interface DocumentedRoute {
  method: string;
  /** The path as Fastify spells it: /api/orders/:id. */
  url: string;
  /** "METHOD url", the key the matrix and the fuzzer use. */
  key: string;
  operation: Operation;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head'] as const;

/** The document the app serves, over its own route. */
export async function openApiDocument(app: App): Promise<OpenApiDocument> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200)
    throw new Error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body}`);
  return res.json() as OpenApiDocument;
}

/** Every operation of the document, as a route. */
export function documentedRoutes(document: OpenApiDocument): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const method of METHODS) {
      const operation = item?.[method] as Operation | undefined;
      if (!operation) continue;
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      routes.push({ method: method.toUpperCase(), url, key: `${method.toUpperCase()} ${url}`, operation });
    }
  return routes;
}

/** API routes without the HEAD twins of GET routes (Fastify answers HEAD with the GET route). */
export function registeredRoutes(all: ApiRoute[]): ApiRoute[] {
  return all.filter((r) => r.method !== 'HEAD' || !all.some((g) => g.method === 'GET' && g.url === r.url));
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The error statuses a route's kind brings, whatever else it declares (server/openapi/errors.ts). */
export function expectedErrorStatuses(route: ApiRoute): number[] {
  const statuses = new Set<number>();
  const schema = route.schema ?? {};
  if (schema.params || schema.querystring || schema.body) statuses.add(400);
  if (BODY_METHODS.has(route.method)) [400, 403, 413, 415].forEach((s) => statuses.add(s));
  if (route.access !== 'public') statuses.add(401);
  if (Array.isArray(route.access) || route.moneyGate || route.access === 'token') statuses.add(403);
  if (route.url.includes('/:')) statuses.add(404);
  return [...statuses].sort();
}

/**
 * What the document lacks or gets wrong against the routes the app registers: a route missing, an
 * operation of no route, an operation without a summary, without its access rule (or another than the
 * one enforced), or without the error answers its kind brings. Empty when the document is whole.
 */
export function documentProblems(document: OpenApiDocument, registered: ApiRoute[]): string[] {
  const problems: string[] = [];
  const documented = new Map(documentedRoutes(document).map((r) => [r.key, r]));
  const routes = registeredRoutes(registered);
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const entry = documented.get(key);
    if (!entry) {
      problems.push(`${key}: missing from the document`);
      continue;
    }
    const op = entry.operation;
    if (!op.summary?.trim()) problems.push(`${key}: no summary`);
    if (JSON.stringify(op['x-access']) !== JSON.stringify(route.access))
      problems.push(
        `${key}: x-access ${JSON.stringify(op['x-access'])}, enforced ${JSON.stringify(route.access)}`,
      );
    if (!!op['x-money-gate'] !== route.moneyGate)
      problems.push(`${key}: x-money-gate differs from the route's`);
    if (!op.description?.includes('**Access:**'))
      problems.push(`${key}: the description does not say who may call it`);
    const statuses = Object.keys(op.responses ?? {});
    for (const status of expectedErrorStatuses(route))
      if (!statuses.includes(String(status))) problems.push(`${key}: no ${status} answer documented`);
    if (!statuses.some((s) => /^[23]/.test(s))) problems.push(`${key}: no success answer documented`);
  }
  const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
  for (const key of documented.keys())
    if (!keys.has(key)) problems.push(`${key}: documented but not registered`);
  return problems;
}

/** Whether the document lists `status` among the answers of the operation (a "4XX"-style range too). */
export function documentsStatus(operation: Operation, status: number): boolean {
  const statuses = Object.keys(operation.responses ?? {});
  return statuses.includes(String(status)) || statuses.includes(`${String(status)[0]}XX`);
}
