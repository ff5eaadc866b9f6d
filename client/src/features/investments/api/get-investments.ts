// GET /api/investments?investorId= (spec §7): the investor's investments, newest first, cached 5 minutes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Investment } from '@domain/investments.ts';
import { CACHE_TIME } from '@/lib/query-client.ts';

export const INVESTMENTS_PATH = '/api/investments';

/** The key is the URL (spec §7: the query key joined with '/' is the path). */
export const investmentsQuery = (investorId: string) =>
  queryOptions<Investment[]>({
    queryKey: [`${INVESTMENTS_PATH}?${new URLSearchParams({ investorId })}`],
    staleTime: CACHE_TIME.investments,
  });

export function useInvestments(investorId: string | undefined) {
  return useQuery({ ...investmentsQuery(investorId ?? ''), enabled: !!investorId });
}
