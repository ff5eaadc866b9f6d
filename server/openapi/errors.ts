// The error answers of one operation in the OpenAPI document, from one source each: the codes every
// route of its kind can answer (derived here from its inputs and from the access rule the access
// plugin enforces) and the codes the route declares itself (`config.errors`). Each status lists its
// catalogue codes with their messages (domain/errors.ts); every answer is `{ "error": message }`.
import type { OpenAPIV3_1 } from 'openapi-types';
import { ERRORS, type ErrorCode } from '../../domain/errors.ts';
import type { Access, ApiRoute } from '../plugins/access.ts';

/** The one shape of every refusal (server/plugins/errors.ts). */
export const ERROR_SCHEMA: OpenAPIV3_1.SchemaObject = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'What went wrong, in words a person can read.' },
    fields: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'On a refused input: one message per field (by its name).',
    },
    code: {
      type: 'string',
      description: 'The catalogue code, on the refusals a client acts on (e.g. APPROPRIATENESS_REQUIRED).',
    },
  },
  additionalProperties: true,
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes an admin without a second factor may still call (server/plugins/auth.ts, ENROLLMENT_ROUTES). */
const ENROLLMENT_ROUTES = /^\/api\/auth\/(me|2fa(\/.*)?)$/;

const MONEY_GATE: ErrorCode[] = ['ACCOUNT_SUSPENDED', 'EMAIL_NOT_VERIFIED', 'KYC_NOT_APPROVED'];

const mayBeAdmin = (access: Access) =>
  access === 'user' || (Array.isArray(access) && access.includes('admin'));

/** The codes a route can answer with, derived from its inputs and its access rule, then its own. */
export function errorCodes(route: ApiRoute, declared: readonly ErrorCode[] = []): ErrorCode[] {
  const codes: ErrorCode[] = [];
  const schema = route.schema ?? {};
  const takesBody = BODY_METHODS.has(route.method);
  if (schema.params || schema.querystring || schema.body) codes.push('VALIDATION');
  if (takesBody) codes.push('MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  // A write from another site is refused whoever sends it (server/plugins/auth.ts, CSRF).
  if (takesBody) codes.push('FORBIDDEN');
  // The operator's bearer token (GET /metrics) refuses with its own codes; a session grants nothing there.
  if (route.access === 'token') codes.push('METRICS_TOKEN_REQUIRED', 'METRICS_TOKEN_INVALID');
  else if (route.access !== 'public') codes.push('UNAUTHENTICATED');
  if (Array.isArray(route.access)) codes.push('FORBIDDEN');
  if (mayBeAdmin(route.access) && !ENROLLMENT_ROUTES.test(route.url))
    codes.push('TWO_FACTOR_ENROLLMENT_REQUIRED');
  if (route.moneyGate) codes.push(...MONEY_GATE);
  // A route with ids answers an unknown one with 404: its own code when it declares one (ORDER_NOT_FOUND…).
  if (route.url.includes('/:') && !declared.some((code) => ERRORS[code].status === 404))
    codes.push('NOT_FOUND');
  codes.push(...declared);
  return [...new Set(codes)];
}

/** Who may call the route, in words (the same declaration as `x-access`). */
export function accessSentence(route: Pick<ApiRoute, 'access' | 'moneyGate'>): string {
  const who =
    route.access === 'public'
      ? 'anyone, signed in or not'
      : route.access === 'user'
        ? 'any signed-in user'
        : route.access === 'token'
          ? "the holder of the operator's token (`Authorization: Bearer $METRICS_TOKEN`), signed in or not"
          : `signed-in users with the role ${route.access.join(', ')}`;
  const gate = route.moneyGate
    ? ' whose account passes the money gate (active, email verified, KYC approved; admins excepted)'
    : '';
  return `**Access:** ${who}${gate}.`;
}

interface ErrorResponse {
  description: string;
  content: { 'application/json': { schema: { $ref: string } } };
}

/** The document's responses for the route's error codes: one per status, naming each code and message. */
export function errorResponses(
  route: ApiRoute,
  declared: readonly ErrorCode[] = [],
): Record<string, ErrorResponse> {
  const byStatus = new Map<number, string[]>();
  const add = (status: number, text: string) => byStatus.set(status, [...(byStatus.get(status) ?? []), text]);
  for (const code of errorCodes(route, declared))
    add(ERRORS[code].status, `\`${code}\`: ${ERRORS[code].message}`);
  // The router's own refusal, before any hook (server/plugins/security.ts, frameworkErrorHandler).
  if (route.url.includes('/:'))
    add(414, `A path parameter over 100 characters: ${ERRORS.VALIDATION.message} (no catalogue code)`);
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, texts]) => [
        String(status),
        {
          description: texts.join('\n\n'),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      ]),
  );
}
