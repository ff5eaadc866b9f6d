// POST /api/auth/signup: the sign-up form as signupSchema reads it; 201 with the new user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupInput } from '@domain/auth.ts';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi, serverMessageOf } from '@/lib/api.ts';
import { AUTH_TOASTS } from '../auth-messages.ts';
import { storePreferredRole } from '../preferred-role.ts';
import { setSessionUser } from './get-session.ts';

export const signUp = (input: SignupInput) => callApi(AUTH_API.signUp, { body: input });

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      storePreferredRole(user.role);
      toast(AUTH_TOASTS.signedUp(user.role));
    },
    onError: (error) => {
      console.error('Sign up failed', error);
      toast(AUTH_TOASTS.signUpFailed(serverMessageOf(error)));
    },
  });
}
