// POST /api/auth/change-password: needs the current password (and, with a second factor on, a fresh
// proof: useStepUp asks for it); ends the user's other sessions.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema } from '@domain/auth.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { StepUpCancelled, useStepUp } from '../step-up.tsx';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import { callApi, serverMessageOf } from '@/lib/api.ts';
import { endedSessionsText } from '../auth-messages.ts';

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const changePassword = (input: ChangePasswordInput) =>
  callApi(AUTH_API.changePassword, { body: input });

export function useChangePassword() {
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => withStepUp(() => changePassword(input)),
    onSuccess: ({ endedSessions }) => {
      toast({
        title: 'Password Changed',
        description: `Your password has been changed. ${endedSessionsText(endedSessions)}`,
      });
    },
    onError: (error) => {
      if (error instanceof StepUpCancelled) return;
      console.error('Password change failed', error);
      toast({
        title: 'Password Not Changed',
        description: serverMessageOf(error) || 'Your password was not changed. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
