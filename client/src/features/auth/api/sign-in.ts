// POST /api/auth/signin: email or username, password, the role picked in the dialog, Remember me.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, SigninInput } from '@domain/auth.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { apiJson, serverMessageOf } from '@/lib/api.ts';
import { AUTH_TOASTS } from '../auth-messages.ts';
import { storePreferredRole } from '../preferred-role.ts';
import { setSessionUser } from './get-session.ts';

export function signIn(input: SigninInput): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/auth/signin', input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      storePreferredRole(user.role);
      toast(AUTH_TOASTS.signedIn(user.role));
    },
    onError: (error) => {
      console.error('Sign in failed', error);
      toast(AUTH_TOASTS.signInFailed(serverMessageOf(error)));
    },
  });
}
