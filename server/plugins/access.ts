// Deny by default, checked when a route registers: every /api route (and /metrics) says who may call it, either with
// a guard first in its preHandler (`app.requireUser`, `app.requireRole(...)`) or, for a route open to
// everyone, with `config: { access: 'public' }`. A route that says neither, or both, stops the app at
// start-up. The routes and what they declared are kept in `app.apiRoutes`, which the OpenAPI document
// (plugins/openapi.ts) describes them from; the authorization matrix and the fuzzer read that. The guard is moved to the route's preValidation, so that a caller who may
// not use a route gets its 401/403 before the body is validated: the answer to a visitor never
// describes the route's input (ASVS 4.1: authorize before processing the request).
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../domain/users.ts';

/**
 * Who may call a route: anyone, any signed-in user, signed-in users of these roles, or (`token`) the
 * holder of an operator's bearer token from the configuration, whoever is signed in (GET /metrics).
 */
export type Access = 'public' | 'user' | 'token' | readonly Role[];

/** Routes outside /api that answer data, declared like /api routes (the client app's files are not). */
const OPERATOR_PATHS = new Set(['/metrics']);

/** Whether a route must declare its access (and is listed in `app.apiRoutes`). */
export const declaresAccess = (url: string) => url.startsWith('/api/') || OPERATOR_PATHS.has(url);

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** The route is a money path: its guard applies the money gate (domain/policies.ts, moneyGateRefusal). */
  moneyGate: boolean;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declares a route open to everyone (signed-in or not); guarded routes declare their guard instead. */
    access?: 'public';
  }
  interface FastifyInstance {
    /** Every /api route (and GET /metrics) with its declared access and schemas, in registration order. */
    apiRoutes: ApiRoute[];
  }
}

const ACCESS = Symbol('access');
const MONEY_GATE = Symbol('moneyGate');

/** Marks a preHandler as an access guard, so that a route using it counts as declared. */
export function guard<F extends (...args: never[]) => Promise<unknown>>(
  access: Access,
  check: F,
  options: { moneyGate?: boolean } = {},
): F & { [ACCESS]: Access; [MONEY_GATE]: boolean } {
  return Object.assign(check, { [ACCESS]: access, [MONEY_GATE]: options.moneyGate ?? false });
}

function guardAccess(handler: unknown): Access | undefined {
  return typeof handler === 'function' ? (handler as { [ACCESS]?: Access })[ACCESS] : undefined;
}

function guardGates(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as { [MONEY_GATE]?: boolean })[MONEY_GATE] === true;
}

/** The route's declared access; throws when it declares none, both, or a guard that does not run first. */
export function declaredAccess(
  route: Pick<RouteOptions, 'method' | 'url' | 'preHandler' | 'config'>,
): Access {
  const name = `${String(route.method)} ${route.url}`;
  const handlers = [route.preHandler ?? []].flat();
  const guards = handlers.map(guardAccess);
  const isPublic = (route.config as { access?: unknown } | undefined)?.access === 'public';
  if (guards[0] !== undefined) {
    if (isPublic) throw new Error(`${name} is declared public but also has an access guard`);
    return guards[0];
  }
  if (guards.some((g) => g !== undefined))
    throw new Error(`${name}: its access guard must be the first preHandler`);
  if (isPublic) return 'public';
  throw new Error(
    `${name} declares no access: add preHandler: app.requireUser or app.requireRole(...), ` +
      `or config: { access: 'public' } for a route open to everyone`,
  );
}

export default fp(async function access(app: FastifyInstance) {
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route) => {
    if (!declaresAccess(route.url)) return;
    const access = declaredAccess(route);
    for (const method of [route.method].flat()) {
      const moneyGate = guardGates([route.preHandler ?? []].flat()[0]);
      app.apiRoutes.push({ method, url: route.url, access, moneyGate, schema: route.schema });
    }
    if (access !== 'public') {
      const [accessGuard, ...rest] = [route.preHandler ?? []].flat();
      route.preValidation = [accessGuard!, ...[route.preValidation ?? []].flat()];
      route.preHandler = rest;
    }
  });
});
