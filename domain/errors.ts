// Error catalogue: one code per failure a client can see, with its HTTP status and message. A message
// may name parts of the situation as {placeholders}; errorMessage() fills them in.
import { ACCOUNT_ERRORS } from './errors/accounts.ts';
import { CAMPAIGN_ERRORS } from './errors/campaigns.ts';
import type { ErrorCatalogue } from './errors/catalogue.ts';
import { INVESTING_ERRORS } from './errors/investing.ts';
import { MARKETPLACE_ERRORS } from './errors/marketplace.ts';
import { MONEY_ERRORS } from './errors/money.ts';

/** What every feature may answer; each area's own codes are in domain/errors/. */
const COMMON_ERRORS = {
  VALIDATION: { status: 400, message: 'Invalid request' },
  MALFORMED_JSON: { status: 400, message: 'Request body is not valid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Request body must be JSON' },
  /** The live notification stream answers only clients that take server-sent events. */
  NOT_AN_EVENT_STREAM_CLIENT: {
    status: 406,
    message: 'This address sends server-sent events: open it with an EventSource (Accept: text/event-stream)',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  /** Node's own answers to requests it cannot parse (server/plugins/security.ts clientErrorHandler). */
  MALFORMED_REQUEST: { status: 400, message: 'Malformed HTTP request' },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, message: 'Request headers are too large' },
  REQUEST_TIMEOUT: { status: 408, message: 'Request timed out' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do that' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state' },
  CAMPAIGN_NOT_FOUND: { status: 404, message: 'Campaign not found' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later' },
  // Operations (docs/operations.md): GET /metrics takes the operator's token, GET /api/ready says why not.
  METRICS_TOKEN_REQUIRED: { status: 401, message: 'Send the metrics token as Authorization: Bearer <token>' },
  METRICS_TOKEN_INVALID: { status: 403, message: 'The metrics token is not valid' },
  NOT_READY: { status: 503, message: 'Not ready: {checks}' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies ErrorCatalogue;

export const ERRORS = {
  ...COMMON_ERRORS,
  ...INVESTING_ERRORS,
  ...CAMPAIGN_ERRORS,
  ...ACCOUNT_ERRORS,
  ...MARKETPLACE_ERRORS,
  ...MONEY_ERRORS,
} as const satisfies ErrorCatalogue;

export type ErrorCode = keyof typeof ERRORS;

/** The {names} a message template holds. */
type Placeholders<M extends string> = M extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** What errorMessage(code, …) takes after the code: the values of its placeholders, if it has any. */
export type ErrorParams<C extends ErrorCode> = [Placeholders<(typeof ERRORS)[C]['message']>] extends [never]
  ? []
  : [params: Record<Placeholders<(typeof ERRORS)[C]['message']>, string>];

/** The catalogue message of `code`, its placeholders filled in. */
export function errorMessage<C extends ErrorCode>(code: C, ...[params]: ErrorParams<C>): string {
  const values: Record<string, string> = params ?? {};
  return ERRORS[code].message.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

/** Body of every error response. */
export interface ErrorBody {
  error: string;
}
