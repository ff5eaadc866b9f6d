// Passkeys: POST /api/auth/2fa/passkeys/options, the browser creates the credential, then
// POST /api/auth/2fa/passkeys {name, response} → {passkey, recoveryCodes?} (the first factor of an
// account brings its recovery codes); POST /api/auth/2fa/passkeys/:id/remove. Adding one to an account
// that has a factor, and removing one, need a fresh proof: useStepUp asks for it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { PasskeySummary, TwoFactorStatus } from '@domain/two-factor.ts';
import { apiJson } from '@/lib/api.ts';
import { useStepUp } from '../step-up.tsx';
import { refreshTwoFactorStatus, twoFactorStatusQuery } from './get-status.ts';

type Added = { passkey: PasskeySummary; recoveryCodes?: string[] };

async function addPasskey(name: string): Promise<Added> {
  const optionsJSON = await apiJson<PublicKeyCredentialCreationOptionsJSON>(
    'POST',
    '/api/auth/2fa/passkeys/options',
  );
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON });
  return apiJson<Added>('POST', '/api/auth/2fa/passkeys', { ...(name && { name }), response });
}

export function useAddPasskey() {
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: (name: string) => withStepUp(() => addPasskey(name)),
    onSuccess: () => refreshTwoFactorStatus(client),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: (id: string) =>
      withStepUp(() =>
        apiJson<TwoFactorStatus>('POST', `/api/auth/2fa/passkeys/${encodeURIComponent(id)}/remove`),
      ),
    onSuccess: (status) => client.setQueryData(twoFactorStatusQuery().queryKey, status),
  });
}
