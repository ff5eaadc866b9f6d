// GET /api/auth/providers: which social sign-in providers this server has configured.
import { useQuery } from '@tanstack/react-query';
import type { AuthProvider } from '@domain/auth.ts';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import { apiQuery } from '@/lib/api.ts';

export const providersQuery = () => apiQuery(AUTH_API.providers);

export function useProviders() {
  return useQuery(providersQuery());
}

/** Where a social sign-in starts: a full-page navigation, the server redirects to the provider. */
export function socialStartUrl(
  provider: AuthProvider,
  params: { role: string; terms?: boolean; risk?: boolean },
): string {
  const search = new URLSearchParams({ role: params.role });
  if (params.terms) search.set('terms', 'true');
  if (params.risk) search.set('risk', 'true');
  return `/api/auth/oauth/${provider}/start?${search}`;
}
