import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign } from '@domain/campaign-schemas.ts';
import { CACHE_TIME } from '@/lib/query-client.ts';

export const campaignsQuery = () =>
  queryOptions<Campaign[]>({ queryKey: ['/api/campaigns'], staleTime: CACHE_TIME.campaignList });

export function useCampaigns() {
  return useQuery(campaignsQuery());
}
