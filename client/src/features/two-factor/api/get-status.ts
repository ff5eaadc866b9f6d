// GET /api/auth/2fa: the signed-in user's factors (app, passkeys), recovery codes left, and until when
// this session may do what needs a fresh proof.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@domain/two-factor.ts';
import { getJson } from '@/lib/api.ts';

export const twoFactorStatusQuery = () =>
  queryOptions({
    queryKey: ['/api/auth/2fa'] as const,
    queryFn: ({ signal }) => getJson<TwoFactorStatus>('/api/auth/2fa', { signal }),
  });

export function useTwoFactorStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...twoFactorStatusQuery(), enabled });
}

/** After any change of factors (or a proof) the status is read again. */
export const refreshTwoFactorStatus = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey });
