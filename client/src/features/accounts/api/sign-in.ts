// POST /api/auth/signin: email or username, password, the role picked in the dialog, Remember me. An
// account with a second factor answers {twoFactorRequired, methods}: no session until the second step.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, SigninInput } from '@domain/auth.ts';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import type { TwoFactorChallenge } from '@domain/two-factor.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi, serverMessageOf } from '@/lib/api.ts';
import { AUTH_TOASTS } from '../auth-messages.ts';
import { storePreferredRole } from '../preferred-role.ts';
import { setSessionUser } from './get-session.ts';

export const signIn = (input: SigninInput) => callApi(AUTH_API.signIn, { body: input });

export const isChallenge = (answer: PublicUser | TwoFactorChallenge): answer is TwoFactorChallenge =>
  'twoFactorRequired' in answer;

/** A signed-in user: the session is known, the role remembered, the user welcomed. */
export function onSignedIn(queryClient: ReturnType<typeof useQueryClient>, user: PublicUser) {
  setSessionUser(queryClient, user);
  storePreferredRole(user.role);
  toast(AUTH_TOASTS.signedIn(user.role));
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      if (!isChallenge(answer)) onSignedIn(queryClient, answer);
    },
    onError: (error) => {
      console.error('Sign in failed', error);
      toast(AUTH_TOASTS.signInFailed(serverMessageOf(error)));
    },
  });
}
