import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api.ts';

/** Spec §7: data never goes stale on its own, no refetch on focus or interval, nothing retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});

/** Spec §9 cache lifetimes. */
export const CACHE_TIME = {
  campaignList: 5 * 60_000,
  campaign: 2 * 60_000,
  investments: 5 * 60_000,
} as const;
