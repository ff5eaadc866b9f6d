// POST /api/investments/:id/revoke (fixed contract): the investor revokes within the reflection period;
// the answer comes at once, the refund (a job) usually still on its way. The portfolio, the balance and every campaign view change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REFLECTION_TEXT } from '@domain/diligence.ts';
import { INVESTMENT_API } from '@domain/endpoints/investments.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi } from '@/lib/api.ts';

export const revokeInvestment = (id: string) => callApi(INVESTMENT_API.revoke, { params: { id } });

export function useRevokeInvestment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeInvestment,
    onSuccess: (result) => {
      toast({
        title: 'Investment revoked',
        // The refund is a background job (docs/jobs.md): usually still on its way when this answers.
        description: result.status === 'refunded' ? REFLECTION_TEXT.refunded : REFLECTION_TEXT.revoked,
      });
      return client.invalidateQueries({
        predicate: (q) =>
          /^\/api\/(portfolio|investments|campaigns|cash-account|statements)/.test(String(q.queryKey[0])),
      });
    },
  });
}
