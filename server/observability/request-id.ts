// The request id (docs/operations.md): in every request's log lines (`reqId`) and in the
// X-Request-Id header of every answer. An id the caller sends (a proxy's, a client's retry) is kept
// only when it is a short token of safe characters: anything else (too long, spaces, quotes, control
// characters, several values) could forge or break log lines, so a fresh one replaces it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `._:-`, 1 to 64 of them: a UUID, a ULID, a proxy's hex id. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the caller's id when safe, else a new UUID. */
export function requestId(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
