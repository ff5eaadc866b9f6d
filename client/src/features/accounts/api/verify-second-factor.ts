// The sign-in's second step: POST /api/auth/2fa/verify {code} (an authenticator code or a recovery
// code), or a passkey (options, then the browser's answer to POST /api/auth/2fa/passkey/verify).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startAuthentication } from '@simplewebauthn/browser';
import type { PublicUser } from '@domain/auth.ts';
import { TWO_FACTOR_API } from '@domain/endpoints/two-factor.ts';
import { passkeyAnswer } from '../passkey-answer.ts';
import { callApi } from '@/lib/api.ts';
import { onSignedIn } from './sign-in.ts';

export type SecondStep = { code: string } | { passkey: true };

async function verifySecondFactor(input: SecondStep): Promise<PublicUser> {
  if ('code' in input) return callApi(TWO_FACTOR_API.verifyCode, { body: { code: input.code } });
  // The options' schema matches the library's PublicKeyCredentialRequestOptionsJSON (domain/two-factor.ts).
  const optionsJSON = await callApi(TWO_FACTOR_API.signInPasskeyOptions);
  const response = await startAuthentication({ optionsJSON });
  return callApi(TWO_FACTOR_API.verifyPasskey, { body: { response: passkeyAnswer(response) } });
}

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: (user) => onSignedIn(queryClient, user),
  });
}
