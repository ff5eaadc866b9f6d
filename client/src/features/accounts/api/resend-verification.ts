// POST /api/auth/verify-email/resend: a new verification link for the signed-in user, within a limit
// (3 an hour); nothing is sent when the address is already verified.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import { EMAIL_VERIFICATION_TTL_HOURS } from '@domain/users.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi, serverMessageOf } from '@/lib/api.ts';
import { sessionQuery } from './get-session.ts';

export const resendVerification = () => callApi(AUTH_API.resendVerification);

/** `email`: the address the link goes to, named in the toast. */
export function useResendVerification(email: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: ({ sent }) => {
      if (sent) {
        toast({
          title: 'Verification Email Sent',
          description: `We sent a new link to ${email}. Open it within ${EMAIL_VERIFICATION_TTL_HOURS} hours.`,
        });
        return;
      }
      // Verified meanwhile (in another tab or browser): the session's user is out of date.
      toast({ title: 'Email Already Verified', description: 'Your email address is already verified.' });
      void queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
    },
    onError: (error) => {
      console.error('Resending the verification email failed', error);
      toast({
        title: 'Email Not Sent',
        description: serverMessageOf(error) || 'The verification email could not be sent. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
