// POST /api/auth/2fa/step-up: a fresh proof for this session (5 minutes), with a code (authenticator
// or recovery) or a passkey (options from POST /api/auth/2fa/step-up/options, then the browser's answer).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_API } from '@domain/endpoints/two-factor.ts';
import { callApi } from '@/lib/api.ts';
import { passkeyAnswer } from '../passkey-answer.ts';
import { refreshTwoFactorStatus } from './get-status.ts';

export type StepUpInput = { code: string } | { passkey: true };

async function stepUp(input: StepUpInput) {
  if ('code' in input) return callApi(TWO_FACTOR_API.stepUp, { body: { code: input.code } });
  // The options' schema matches the library's PublicKeyCredentialRequestOptionsJSON (domain/two-factor.ts).
  const optionsJSON = await callApi(TWO_FACTOR_API.stepUpOptions);
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON });
  return callApi(TWO_FACTOR_API.stepUp, { body: { response: passkeyAnswer(response) } });
}

export function useStepUpProof() {
  const client = useQueryClient();
  return useMutation({ mutationFn: stepUp, onSuccess: () => refreshTwoFactorStatus(client) });
}
