// One rule for an id in a path (`/api/campaigns/:id`): a malformed one can name nothing, so it gets the
// very answer of an unknown one, a 404 with the not-found message of what it names, never a 400
// (docs/api-conventions.md). Routes declare `params: z.object({ id: pathId('CAMPAIGN_NOT_FOUND') })`;
// the one error handler (server/plugins/errors.ts) turns the failed check into that 404.
import { z } from 'zod';
import { ERRORS, type ErrorCode } from './errors.ts';

const UUID = z.uuid();

/** Whether a path's id can name anything (a UUID). */
export function isUuid(id: string): boolean {
  return UUID.safeParse(id).success;
}

/** The `params` key that carries the not-found code of a malformed path id to the error handler. */
export const NOT_FOUND_PARAM = 'notFound';

/**
 * A path id: a UUID, or the 404 `notFound` when it is not one, with the message an unknown id gets
 * (the catalogue's, or the service's own, e.g. "User not found").
 */
export function pathId(notFound: ErrorCode, message: string = ERRORS[notFound].message) {
  return z
    .string()
    .refine(isUuid, { message, params: { [NOT_FOUND_PARAM]: notFound } })
    .meta({ format: 'uuid' });
}

/** `{ id }` params of a route whose id names nothing in particular: the plain 404 "Not found". */
export const idParamsSchema = z.strictObject({ id: pathId('NOT_FOUND') });

/** The not-found answer a failed path-id check carries, if the issue is one. */
export function notFoundOf(issue: {
  message?: string;
  params?: unknown;
}): { code: ErrorCode; message: string } | undefined {
  const code = (issue.params as { params?: Record<string, unknown> } | undefined)?.params?.[NOT_FOUND_PARAM];
  if (typeof code !== 'string' || !(code in ERRORS)) return undefined;
  return { code: code as ErrorCode, message: issue.message ?? ERRORS[code as ErrorCode].message };
}
