import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLATFORM_API } from '@domain/endpoints/account.ts';
import { apiQuery } from '@/lib/api.ts';
import { CACHE_TIME } from '@/lib/query-client.ts';

export const platformStatsQuery = () =>
  queryOptions({ ...apiQuery(PLATFORM_API.stats), staleTime: CACHE_TIME.campaignList });

export function usePlatformStats() {
  return useQuery(platformStatsQuery());
}
