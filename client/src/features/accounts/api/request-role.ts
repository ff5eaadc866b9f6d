// POST /api/role-requests: ask an admin for another role (spec §1: "users may add further roles later
// in their profile"; each user keeps one role, so an approval changes it).
import { useMutation } from '@tanstack/react-query';
import { ESCROW_API } from '@domain/endpoints/admin.ts';
import type { SignupRole } from '@domain/users.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi, serverMessageOf } from '@/lib/api.ts';

export function useRequestRole() {
  return useMutation({
    mutationFn: (newRole: SignupRole) => callApi(ESCROW_API.requestRole, { body: { newRole } }),
    onSuccess: () =>
      toast({
        title: 'Role Requested',
        description: 'An admin will review your request; we will email you the answer.',
      }),
    onError: (error) =>
      toast({
        title: 'Role Request Failed',
        description: serverMessageOf(error) || 'Your request was not sent. Please try again.',
        variant: 'destructive',
      }),
  });
}
