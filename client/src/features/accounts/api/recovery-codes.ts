// POST /api/auth/2fa/recovery-codes: ten new one-time codes; the old ones stop working. Needs a fresh
// proof: useStepUp asks for it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_API } from '@domain/endpoints/two-factor.ts';
import { callApi } from '@/lib/api.ts';
import { useStepUp } from '../step-up.tsx';
import { refreshTwoFactorStatus } from './get-status.ts';

export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: () => withStepUp(() => callApi(TWO_FACTOR_API.recoveryCodes)),
    onSuccess: () => refreshTwoFactorStatus(client),
  });
}
