// POST /api/auth/logout. Signing out forgets the preferred role and every cached answer (spec §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/toast-store.ts';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import { callApi } from '@/lib/api.ts';
import { AUTH_TOASTS } from '../auth-messages.ts';
import { clearPreferredRole } from '../preferred-role.ts';
import { sessionQuery, setSessionUser } from './get-session.ts';

export const signOut = () => callApi(AUTH_API.signOut);

export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      clearPreferredRole();
      setSessionUser(queryClient, null);
      const sessionKey = sessionQuery().queryKey;
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
      toast(AUTH_TOASTS.signedOut());
      navigate('/');
    },
    onError: (error) => {
      console.error('Sign out failed', error);
      toast(AUTH_TOASTS.signOutFailed());
    },
  });
}
