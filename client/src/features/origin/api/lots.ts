// The trader's own campaigns and listings, the lots a certificate can be entered for
// (GET /api/campaigns?traderId= and GET /api/listings?traderId=, which show a trader all of theirs).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign } from '@domain/campaign-schemas.ts';
import type { Listing } from '@domain/listings.ts';
import { getJson } from '@/lib/api.ts';

export const myLotsQuery = (traderId: string) =>
  queryOptions({
    queryKey: ['/api/certificates', 'lots', traderId],
    queryFn: async ({ signal }) => {
      const [campaigns, listings] = await Promise.all([
        getJson<Campaign[]>(`/api/campaigns?traderId=${traderId}&limit=100`, { signal }),
        getJson<Listing[]>(`/api/listings?traderId=${traderId}&limit=100`, { signal }),
      ]);
      return { campaigns, listings };
    },
  });

export const useMyLots = (traderId: string) => useQuery(myLotsQuery(traderId));
