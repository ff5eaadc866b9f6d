// POST /api/auth/forgot-password: always answers the same, whether or not the account exists.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordSchema } from '@domain/auth.ts';
import { apiJson } from '@/lib/api.ts';

export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ success: true }> {
  return apiJson<{ success: true }>('POST', '/api/auth/forgot-password', input);
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: requestPasswordReset,
    onError: (error) => console.error('Password reset request failed', error),
  });
}
