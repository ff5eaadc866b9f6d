// POST /api/auth/2fa/step-up: a fresh proof for this session (5 minutes), with a code (authenticator
// or recovery) or a passkey (options from POST /api/auth/2fa/step-up/options, then the browser's answer).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiJson } from '@/lib/api.ts';
import { refreshTwoFactorStatus } from './get-status.ts';

export type StepUpInput = { code: string } | { passkey: true };

async function stepUp(input: StepUpInput): Promise<{ stepUpUntil: string }> {
  if ('code' in input) return apiJson('POST', '/api/auth/2fa/step-up', { code: input.code });
  const optionsJSON = await apiJson<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    '/api/auth/2fa/step-up/options',
  );
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON });
  return apiJson('POST', '/api/auth/2fa/step-up', { response });
}

export function useStepUpProof() {
  const client = useQueryClient();
  return useMutation({ mutationFn: stepUp, onSuccess: () => refreshTwoFactorStatus(client) });
}
