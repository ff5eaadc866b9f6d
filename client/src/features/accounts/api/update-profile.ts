// PATCH /api/auth/profile: the user's own name, phone, country and company fields of their role.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { profileUpdateSchema } from '@domain/auth.ts';
import { AUTH_API } from '@domain/endpoints/auth.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi, serverMessageOf } from '@/lib/api.ts';
import { setSessionUser } from './get-session.ts';

export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const updateProfile = (input: ProfileUpdateInput) => callApi(AUTH_API.updateProfile, { body: input });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      toast({ title: 'Profile Updated', description: 'Your profile changes have been saved.' });
    },
    onError: (error) => {
      console.error('Profile update failed', error);
      toast({
        title: 'Profile Update Failed',
        description: serverMessageOf(error) || 'Your changes were not saved. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
