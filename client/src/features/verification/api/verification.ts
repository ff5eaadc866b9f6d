// GET /api/kyc and POST /api/kyc/documents: the signed-in user's verification, and the upload of
// their documents (multipart: the browser's FormData, never JSON).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '@domain/endpoint.ts';
import { KYC_API } from '@domain/endpoints/account.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { ApiError, apiQuery, serverMessageOf } from '@/lib/api.ts';
import { sessionQuery } from '@/features/accounts/index.ts';

export const verificationQuery = () => apiQuery(KYC_API.verification);

export function useVerification() {
  return useQuery(verificationQuery());
}

/** Multipart, not JSON: the route answers the same verification as the read. */
export async function uploadDocuments(form: FormData): Promise<AnswerOf<typeof KYC_API.verification>> {
  const res = await fetch('/api/kyc/documents', { method: 'POST', body: form, credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (await res.json()) as AnswerOf<typeof KYC_API.verification>;
}

export function useUploadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocuments,
    onSuccess: async (verification) => {
      queryClient.setQueryData(verificationQuery().queryKey, verification);
      // The status on every page (top bar, gates) comes from the session user.
      await queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
      toast({ title: 'Documents Submitted', description: 'Our KYC review takes 1-3 business days.' });
    },
    onError: (error) => {
      console.error('Document upload failed', error);
      toast({
        title: 'Upload Failed',
        description: serverMessageOf(error) || 'Your documents were not uploaded. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
