// GET /api/investments?investorId= (spec §7): the investor's investments, newest first, cached 5 minutes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { INVESTMENT_API } from '@domain/endpoints/investments.ts';
import { apiQuery } from '@/lib/api.ts';
import { CACHE_TIME } from '@/lib/query-client.ts';

/** The key is the URL (spec §7: the query key joined with '/' is the path). */
export const investmentsQuery = (investorId: string) =>
  queryOptions({
    ...apiQuery(INVESTMENT_API.list, { query: { investorId } }),
    staleTime: CACHE_TIME.investments,
  });

export function useInvestments(investorId: string | undefined) {
  return useQuery({ ...investmentsQuery(investorId ?? ''), enabled: !!investorId });
}
