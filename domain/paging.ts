// The page parameters of every server-paged list (`limit`, `page` in the query string), with messages
// naming the parameter. One place, so that campaigns, listings and whatever pages next read alike.
import { z } from 'zod';

/** Pages past this are refused: no list is that long, and a huge offset only costs the database. */
const MAX_PAGE = 10_000;

export function pagingParams(size: { default: number; max: number }) {
  return {
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(size.max, `limit must be at most ${size.max}`)
      .default(size.default),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(MAX_PAGE, `page must be at most ${MAX_PAGE}`)
      .default(1),
  };
}
