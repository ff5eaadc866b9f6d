// POST /api/auth/signup: the sign-up form as signupSchema reads it; 201 with the new user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, SignupInput } from '@domain/auth.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { apiJson, serverMessageOf } from '@/lib/api.ts';
import { AUTH_TOASTS } from '../auth-messages.ts';
import { storePreferredRole } from '../preferred-role.ts';
import { setSessionUser } from './get-session.ts';

export function signUp(input: SignupInput): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/auth/signup', input);
}

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
