import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { errorCodeOf, getQueryFn } from './api.ts';

/** Where an admin without a second factor is sent (docs/security.md "Second factor"). */
export const ADMIN_ENROLLMENT_PATH = '/admin/two-factor';

/**
 * The one place that reacts to an admin without a second factor: any read or write the server refuses
 * with TWO_FACTOR_ENROLLMENT_REQUIRED sends the admin to the enrollment page instead of failing there.
 */
function onApiError(error: unknown) {
  if (errorCodeOf(error) !== 'TWO_FACTOR_ENROLLMENT_REQUIRED') return;
  if (window.location.pathname !== ADMIN_ENROLLMENT_PATH) navigate(ADMIN_ENROLLMENT_PATH, { replace: true });
}

/** Spec §7: data never goes stale on its own, no refetch on focus or interval, nothing retried. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
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
