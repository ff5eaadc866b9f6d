import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformStats } from '@domain/platform.ts';
import { CACHE_TIME } from '@/lib/query-client.ts';

export const platformStatsQuery = () =>
  queryOptions<PlatformStats>({ queryKey: ['/api/stats/platform'], staleTime: CACHE_TIME.campaignList });

export function usePlatformStats() {
  return useQuery(platformStatsQuery());
}
