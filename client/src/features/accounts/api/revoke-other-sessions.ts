// POST /api/auth/sessions/revoke-others: signs the user out everywhere but this browser.
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store.ts';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import { callApi, serverMessageOf } from '@/lib/api.ts';
import { endedSessionsText } from '../auth-messages.ts';

export const revokeOtherSessions = () => callApi(AUTH_API.revokeOtherSessions);

export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: ({ endedSessions }) => {
      toast({ title: 'Other Sessions Signed Out', description: endedSessionsText(endedSessions) });
    },
    onError: (error) => {
      console.error('Revoking other sessions failed', error);
      toast({
        title: 'Sessions Not Ended',
        description: serverMessageOf(error) || 'Your other sessions could not be ended. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
