// Listing and supplier calls: the buyers' search (one page with the X-Total-Count total), one listing,
// the suppliers by rating, and the trader's create / edit / withdraw. Keys are the URLs (spec §7).
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER } from '@domain/campaigns.ts';
import { MARKET_API } from '@domain/endpoints/marketplace.ts';
import type { Listing, ListingCreateInput } from '@domain/listings.ts';
import { apiQuery, apiUrl, callApi, readApi, type InputOf } from '@/lib/api.ts';

export const LISTINGS_PATH = '/api/listings';

export interface ListingPage {
  listings: Listing[];
  total: number;
}

/** The list URL from a query string of filters (offersSearch), plus the page size. */
export function listingsUrl(search: string, limit: number): string {
  return apiUrl(MARKET_API.listings, listingsInput(search, limit));
}

/** The filters of the search string are the route's query (the server checks them). */
const listingsInput = (search: string, limit: number) =>
  ({ query: { ...Object.fromEntries(new URLSearchParams(search)), limit } }) as InputOf<
    typeof MARKET_API.listings
  >;

export const listingPageQuery = (search: string, limit: number) =>
  queryOptions({
    queryKey: [listingsUrl(search, limit)],
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<ListingPage> => {
      const { data, headers } = await readApi(MARKET_API.listings, listingsInput(search, limit), { signal });
      return { listings: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
    },
  });

export function useListingPage(search: string, limit: number) {
  return useQuery(listingPageQuery(search, limit));
}

export const suppliersQuery = (limit: number) =>
  queryOptions({ ...apiQuery(MARKET_API.suppliers, { query: { limit } }), staleTime: 60_000 });

export function useSuppliers(limit: number) {
  return useQuery(suppliersQuery(limit));
}

/** Every listing and supplier view: refreshed after an order, an edit or a delivery. */
export function invalidateMarket(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(LISTINGS_PATH) }),
    client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/suppliers') }),
    client.invalidateQueries({ queryKey: marketStatsQuery().queryKey }),
  ]);
}

export function useCreateListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ListingCreateInput) => callApi(MARKET_API.createListing, { body: input }),
    onSuccess: () => invalidateMarket(client),
  });
}

export function useWithdrawListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(MARKET_API.withdrawListing, { params: { id } }),
    onSuccess: () => invalidateMarket(client),
  });
}

export const marketStatsQuery = () => queryOptions({ ...apiQuery(MARKET_API.stats), staleTime: 60_000 });

export function useMarketStats() {
  return useQuery(marketStatsQuery());
}
