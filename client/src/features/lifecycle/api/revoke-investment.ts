// POST /api/investments/:id/revoke (fixed contract): the investor revokes within the reflection period;
// the answer comes once the refund is made. The portfolio, the balance and every campaign view change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REFLECTION_TEXT, type RevokeResult } from '@domain/diligence.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { apiJson } from '@/lib/api.ts';

export const revokeInvestment = (id: string) =>
  apiJson<RevokeResult>('POST', `/api/investments/${id}/revoke`);

export function useRevokeInvestment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeInvestment,
    onSuccess: (result) => {
      toast({
        title: 'Investment revoked',
        description:
          result.status === 'refunded'
            ? REFLECTION_TEXT.revoked
            : 'Your refund is being processed: it shows on your portfolio within minutes.',
      });
      return client.invalidateQueries({
        predicate: (q) =>
          /^\/api\/(portfolio|investments|campaigns|cash-account|statements)/.test(String(q.queryKey[0])),
      });
    },
  });
}
