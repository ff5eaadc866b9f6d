// POST /api/auth/forgot-password: always answers the same, whether or not the account exists.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordSchema } from '@domain/auth.ts';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import { callApi } from '@/lib/api.ts';

export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const requestPasswordReset = (input: ForgotPasswordInput) =>
  callApi(AUTH_API.forgotPassword, { body: input });

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onError: (error) => console.error('Password reset request failed', error),
  });
}
