// POST /api/auth/verify-email: the token of the emailed /verify-email link. Works signed in or not.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import { callApi } from '@/lib/api.ts';
import { sessionQuery } from './get-session.ts';

export const verifyEmail = (token: string) => callApi(AUTH_API.verifyEmail, { body: { token } });

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The verified address may be this browser's user's: ask the server who we are now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey }),
    onError: (error) => console.error('Email verification failed', error),
  });
}
