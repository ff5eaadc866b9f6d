// Passkeys: POST /api/auth/2fa/passkeys/options, the browser creates the credential, then
// POST /api/auth/2fa/passkeys {name, response} → {passkey, recoveryCodes?} (the first factor of an
// account brings its recovery codes); POST /api/auth/2fa/passkeys/:id/remove. Adding one to an account
// that has a factor, and removing one, need a fresh proof: useStepUp asks for it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_API } from '@domain/endpoints/two-factor.ts';
import { callApi } from '@/lib/api.ts';
import { passkeyAnswer } from '../passkey-answer.ts';
import { useStepUp } from '../step-up.tsx';
import { refreshTwoFactorStatus, twoFactorStatusQuery } from './get-status.ts';

async function addPasskey(name: string) {
  // The options' schema matches the library's PublicKeyCredentialCreationOptionsJSON (domain/two-factor.ts).
  const optionsJSON = await callApi(TWO_FACTOR_API.passkeyOptions);
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON });
  return callApi(TWO_FACTOR_API.addPasskey, {
    body: { ...(name && { name }), response: passkeyAnswer(response) },
  });
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
    mutationFn: (id: string) => withStepUp(() => callApi(TWO_FACTOR_API.removePasskey, { params: { id } })),
    onSuccess: (status) => client.setQueryData(twoFactorStatusQuery().queryKey, status),
  });
}
