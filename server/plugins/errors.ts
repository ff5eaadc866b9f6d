// The one error handler: every failure leaves as `{ "error": message }` with the right status, and
// nothing internal (stack, SQL, library codes) reaches the client.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorCode } from '../../domain/errors.ts';
import { notFoundOf } from '../../domain/ids.ts';
import { AppError, RateLimitedError } from '../errors.ts';

/** Fastify's own client errors, mapped onto our catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION',
};

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        // More of the answer a client acts on (e.g. what to acknowledge before investing).
        ...error.details,
        error: error.message,
        // A code the client acts on (e.g. STEP_UP_REQUIRED: ask for the second factor, then retry).
        ...('exposeCode' in ERRORS[error.code] && { code: error.code }),
        ...(error.fields && { fields: error.fields }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed path id names nothing: the 404 of an unknown one (domain/ids.ts pathId).
      const notFound = error.validation.map(notFoundOf).find(Boolean);
      if (notFound) return reply.status(ERRORS[notFound.code].status).send({ error: notFound.message });
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.slice(1).replaceAll('/', '.') || 'request';
        fields[name] ??= issue.message ?? ERRORS.VALIDATION.message;
      }
      // The first message verbatim (the spec's texts); `fields` names each field for forms.
      const [first] = Object.values(fields);
      return reply.status(400).send({ error: first ?? ERRORS.VALIDATION.message, fields });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(ERRORS[known].status).send({ error: ERRORS[known].message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply
        .status(error.statusCode)
        .send({ error: error.statusCode === 429 ? ERRORS.RATE_LIMITED.message : ERRORS.VALIDATION.message });
    }
    if (isResponseSerializationError(error))
      request.log.error({ err: error }, 'response does not match its schema');
    else request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: ERRORS.INTERNAL.message });
  });
});
