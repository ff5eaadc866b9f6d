// POST /api/auth/switch-role. Each user holds one role (spec §6): a switch to any other is refused
// here, without a call, with 'Role Access Denied'; the server refuses it too.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@domain/auth.ts';
import { canSwitchTo } from '@domain/policies.ts';
import type { Role } from '@domain/users.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import { callApi, serverMessageOf } from '@/lib/api.ts';
import { AUTH_TOASTS } from '../auth-messages.ts';
import { storePreferredRole } from '../preferred-role.ts';
import { setSessionUser } from './get-session.ts';

export const switchRole = (newRole: Role) => callApi(AUTH_API.switchRole, { body: { newRole } });

export function useSwitchRole() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: switchRole,
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      storePreferredRole(user.role);
      toast(AUTH_TOASTS.roleSwitched(user.role));
    },
    onError: (error) => {
      console.error('Role switch failed', error);
      toast(AUTH_TOASTS.roleSwitchFailed(serverMessageOf(error)));
    },
  });
  return {
    isPending: mutation.isPending,
    /** Asks the server for a role the user holds; any other is denied on the spot. */
    switchTo(user: Pick<PublicUser, 'role'>, role: Role) {
      if (!canSwitchTo(user, role)) {
        toast(AUTH_TOASTS.roleAccessDenied(role));
        return;
      }
      mutation.mutate(role);
    },
  };
}
