// GET /api/investor/appropriateness: whether the investor must take the knowledge test before investing,
// its questions, and the threshold above which an investment needs the risk warning.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppropriatenessView } from '@domain/investor-protection.ts';
import { getJson, keyToUrl } from '@/lib/api.ts';

export const appropriatenessQuery = () =>
  queryOptions<AppropriatenessView>({
    queryKey: ['/api/investor/appropriateness'],
    queryFn: ({ queryKey, signal }) => getJson<AppropriatenessView>(keyToUrl(queryKey), { signal }),
  });

export function useAppropriateness(enabled = true) {
  return useQuery({ ...appropriatenessQuery(), enabled });
}
