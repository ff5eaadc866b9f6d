// The sign-in's second step: POST /api/auth/2fa/verify {code} (an authenticator code or a recovery
// code), or a passkey (options, then the browser's answer to POST /api/auth/2fa/passkey/verify).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PublicUser } from '@domain/auth.ts';
import { apiJson } from '@/lib/api.ts';
import { onSignedIn } from './sign-in.ts';

export type SecondStep = { code: string } | { passkey: true };

async function verifySecondFactor(input: SecondStep): Promise<PublicUser> {
  if ('code' in input) return apiJson<PublicUser>('POST', '/api/auth/2fa/verify', { code: input.code });
  const optionsJSON = await apiJson<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    '/api/auth/2fa/passkey/options',
  );
  const response = await startAuthentication({ optionsJSON });
  return apiJson<PublicUser>('POST', '/api/auth/2fa/passkey/verify', { response });
}

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: (user) => onSignedIn(queryClient, user),
  });
}
