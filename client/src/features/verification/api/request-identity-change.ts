// POST /api/kyc/identity-change: asks to change the verified legal name or company; KYC goes back to
// review (the session user's status and GET /api/kyc both change).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KYC_API } from '@domain/endpoints/account.ts';
import type { IdentityChangeCreate } from '@domain/identity.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi, serverMessageOf } from '@/lib/api.ts';
import { sessionQuery } from '@/features/accounts/index.ts';
import { verificationQuery } from './verification.ts';

export const requestIdentityChange = (input: IdentityChangeCreate) =>
  callApi(KYC_API.requestIdentityChange, { body: input });

export function useRequestIdentityChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestIdentityChange,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey }),
      ]);
      toast({
        title: 'Change Sent for Review',
        description: 'Our compliance team reviews it in 1-3 business days; money stays closed until then.',
      });
    },
    onError: (error) => {
      console.error('Identity change failed', error);
      toast({
        title: 'Change Not Sent',
        description: serverMessageOf(error) || 'Your change was not sent. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
