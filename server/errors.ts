// The one error type services throw; the error handler maps it to `{ "error": message }`.
import { errorMessage, ERRORS, type ErrorCode, type ErrorParams } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Field-level messages for forms, e.g. `{ email: 'Invalid email address' }`. */
  readonly fields: Record<string, string> | undefined;
  /**
   * More of the answer a client acts on, sent beside `error` (e.g. `{ required, kiisVersion }` of
   * the investor-protection refusals, whose fixed contracts carry them).
   */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    fields?: Record<string, string>,
    details?: Record<string, unknown>,
  ) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = fields;
    this.details = details;
  }

  /** The catalogue's error for `code`, with the placeholders of its message filled in. */
  static of<C extends ErrorCode>(code: C, ...params: ErrorParams<C>): AppError {
    return new AppError(code, errorMessage(code, ...params));
  }
}

/** 429 with the seconds until the limit frees up (sent as Retry-After). */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * An error as it may be logged. Database errors repeat the statement's parameters (password hashes,
 * emails) in their message and the failing row in the driver error's `detail`: they are logged with
 * the statement, the database's own message and its codes only.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !('query' in error) || !('params' in error)) return error;
  const cause = (error.cause ?? {}) as Partial<
    Record<'message' | 'code' | 'constraint' | 'table' | 'column', string>
  >;
  const safe = new Error(`Failed query: ${String(error.query)}: ${cause.message ?? 'database error'}`);
  safe.name = error.name;
  safe.stack = [
    `${safe.name}: ${safe.message}`,
    ...(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)),
  ].join('\n');
  const { code, constraint, table, column } = cause;
  return Object.assign(safe, { code, constraint, table, column });
}

/**
 * A malformed id in a path names nothing: the same 404 as an unknown one (domain/ids.ts, the one rule).
 * For handlers that read the id themselves; a route declaring `pathId` in its params gets it there.
 */
export function idOf(id: string, notFound: ErrorCode): string {
  if (!isUuid(id)) throw new AppError(notFound);
  return id;
}
