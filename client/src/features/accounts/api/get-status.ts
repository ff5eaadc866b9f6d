// GET /api/auth/2fa: the signed-in user's factors (app, passkeys), recovery codes left, and until when
// this session may do what needs a fresh proof.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_API } from '@domain/endpoints/two-factor.ts';
import { apiQuery } from '@/lib/api.ts';

export const twoFactorStatusQuery = () => apiQuery(TWO_FACTOR_API.status);

export function useTwoFactorStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...twoFactorStatusQuery(), enabled });
}

/** After any change of factors (or a proof) the status is read again. */
export const refreshTwoFactorStatus = (client: QueryClient) =>
  client.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey });
