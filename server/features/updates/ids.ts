// Ids in the paths of these routes: a malformed one names nothing, so it gets the same answer as an
// unknown one (the catalogue code of what it names).
import { z } from 'zod';
import type { ErrorCode } from '../../../domain/errors.ts';
import { AppError } from '../../errors.ts';

const uuid = z.string().uuid();
/** A malformed id names nothing: the same answer as an unknown one. */
export function idOf(id: string, notFound: ErrorCode): string {
  if (!uuid.safeParse(id).success) throw new AppError(notFound);
  return id;
}
