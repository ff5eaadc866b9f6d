// The trader's own campaigns and listings, the lots a certificate can be entered for
// (GET /api/campaigns?traderId= and GET /api/listings?traderId=, which show a trader all of theirs).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import { MARKET_API } from '@domain/endpoints/marketplace.ts';
import { callApi } from '@/lib/api.ts';

export const myLotsQuery = (traderId: string) =>
  queryOptions({
    queryKey: ['/api/certificates', 'lots', traderId],
    queryFn: async () => {
      const [campaigns, listings] = await Promise.all([
        callApi(CAMPAIGN_API.list, { query: { traderId, limit: 100 } }),
        callApi(MARKET_API.listings, { query: { traderId, limit: 100 } }),
      ]);
      return { campaigns, listings };
    },
  });

export const useMyLots = (traderId: string) => useQuery(myLotsQuery(traderId));
