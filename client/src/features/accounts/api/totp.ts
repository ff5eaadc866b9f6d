// The authenticator app: POST /api/auth/2fa/totp/setup → {secret, otpauthUrl} (not in use yet),
// POST /api/auth/2fa/totp/enable {code} → {recoveryCodes}, POST /api/auth/2fa/totp/disable.
// Setting up (when a passkey is on) and turning off need a fresh proof: useStepUp asks for it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_API } from '@domain/endpoints/two-factor.ts';
import { callApi } from '@/lib/api.ts';
import { useStepUp } from '../step-up.tsx';
import { refreshTwoFactorStatus, twoFactorStatusQuery } from './get-status.ts';

export function useSetUpTotp() {
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: () => withStepUp(() => callApi(TWO_FACTOR_API.setUpTotp)),
  });
}

export function useEnableTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(TWO_FACTOR_API.enableTotp, { body: { code } }),
    onSuccess: () => refreshTwoFactorStatus(client),
  });
}

export function useDisableTotp() {
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: () => withStepUp(() => callApi(TWO_FACTOR_API.disableTotp)),
    onSuccess: (status) => client.setQueryData(twoFactorStatusQuery().queryKey, status),
  });
}
