// The one error type services throw; the error handler maps it to `{ "error": message }`.
import { ERRORS, type ErrorCode } from '../domain/errors.ts';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Field-level messages for forms, e.g. `{ email: 'Invalid email address' }`. */
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = fields;
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
