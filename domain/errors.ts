// Error catalogue: one code per failure a client can see, with its HTTP status and message.
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Invalid request' },
  MALFORMED_JSON: { status: 400, message: 'Request body is not valid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Request body must be JSON' },
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
  UNAVAILABLE: { status: 503, message: 'Service unavailable' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Body of every error response. */
export interface ErrorBody {
  error: string;
}
