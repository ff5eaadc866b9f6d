// POST /api/auth/reset-password: the emailed token and a new password; ends every session of the user.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordSchema } from '@domain/auth.ts';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import { callApi } from '@/lib/api.ts';
import { sessionQuery } from './get-session.ts';

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const resetPassword = (input: ResetPasswordInput) => callApi(AUTH_API.resetPassword, { body: input });

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The reset ended the user's sessions, possibly this browser's: ask the server who we are now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey }),
    onError: (error) => console.error('Password reset failed', error),
  });
}
