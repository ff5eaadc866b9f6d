// GET /api/investor/classification and POST /api/investor/classification (multipart: the criteria and
// the evidence files, as the KYC upload sends them).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '@domain/endpoint.ts';
import { INVESTMENT_API } from '@domain/endpoints/investments.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { ApiError, apiQuery, serverMessageOf } from '@/lib/api.ts';

export const classificationQuery = () => apiQuery(INVESTMENT_API.classification);

export function useClassification() {
  return useQuery(classificationQuery());
}

/** Multipart, not JSON: the route answers the same view as the read. */
async function apply(form: FormData): Promise<AnswerOf<typeof INVESTMENT_API.classification>> {
  const res = await fetch('/api/investor/classification', {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (await res.json()) as AnswerOf<typeof INVESTMENT_API.classification>;
}

export function useApplyForClassification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: apply,
    onSuccess: (view) => {
      client.setQueryData(classificationQuery().queryKey, view);
      toast({
        title: 'Application sent',
        description: 'An admin reviews your evidence, usually within 3 business days.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Application not sent',
        description: serverMessageOf(error) || 'Please try again.',
        variant: 'destructive',
      }),
  });
}
