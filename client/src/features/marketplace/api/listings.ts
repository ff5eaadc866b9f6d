// Listing and supplier calls: the buyers' search (one page with the X-Total-Count total), one listing,
// the suppliers by rating, and the trader's create / edit / withdraw. Keys are the URLs (spec §7).
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER } from '@domain/campaigns.ts';
import type { Listing, ListingCreateInput, MarketStats } from '@domain/listings.ts';
import type { Supplier } from '@domain/orders.ts';
import { apiJson, getJsonWithHeaders, keyToUrl } from '@/lib/api.ts';

export const LISTINGS_PATH = '/api/listings';

export interface ListingPage {
  listings: Listing[];
  total: number;
}

/** The list URL from a query string of filters (offersSearch), plus the page size. */
export function listingsUrl(search: string, limit: number): string {
  const params = new URLSearchParams(search);
  params.set('limit', String(limit));
  params.sort();
  return `${LISTINGS_PATH}?${params}`;
}

export const listingPageQuery = (search: string, limit: number) =>
  queryOptions<ListingPage>({
    queryKey: [listingsUrl(search, limit)],
    staleTime: 60_000,
    queryFn: async ({ queryKey, signal }) => {
      const { data, headers } = await getJsonWithHeaders<Listing[]>(keyToUrl(queryKey), { signal });
      return { listings: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
    },
  });

export function useListingPage(search: string, limit: number) {
  return useQuery(listingPageQuery(search, limit));
}

export const suppliersQuery = (limit: number) =>
  queryOptions<Supplier[]>({ queryKey: [`/api/suppliers?limit=${limit}`], staleTime: 60_000 });

export function useSuppliers(limit: number) {
  return useQuery(suppliersQuery(limit));
}

/** Every listing and supplier view: refreshed after an order, an edit or a delivery. */
export function invalidateMarket(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(LISTINGS_PATH) }),
    client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/suppliers') }),
    client.invalidateQueries({ queryKey: ['/api/market/stats'] }),
  ]);
}

export function useCreateListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ListingCreateInput) => apiJson<Listing>('POST', LISTINGS_PATH, input),
    onSuccess: () => invalidateMarket(client),
  });
}

export function useWithdrawListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<Listing>('POST', `${LISTINGS_PATH}/${id}/withdraw`),
    onSuccess: () => invalidateMarket(client),
  });
}

export const marketStatsQuery = () =>
  queryOptions<MarketStats>({ queryKey: ['/api/market/stats'], staleTime: 60_000 });

export function useMarketStats() {
  return useQuery(marketStatsQuery());
}
