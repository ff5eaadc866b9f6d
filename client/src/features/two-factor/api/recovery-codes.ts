// POST /api/auth/2fa/recovery-codes: ten new one-time codes; the old ones stop working. Needs a fresh
// proof: useStepUp asks for it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes } from '@domain/two-factor.ts';
import { apiJson } from '@/lib/api.ts';
import { useStepUp } from '../step-up.tsx';
import { refreshTwoFactorStatus } from './get-status.ts';

export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: () => withStepUp(() => apiJson<RecoveryCodes>('POST', '/api/auth/2fa/recovery-codes')),
    onSuccess: () => refreshTwoFactorStatus(client),
  });
}
