// POST /api/orders/:id/dispute {reason}: the buyer freezes the order's escrow until an admin refunds it
// or releases it to the supplier (docs/money.md); receipt and the automatic release wait.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ESCROW_API } from '@domain/endpoints/admin.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi } from '@/lib/api.ts';
import { refreshOrderViews } from './orders.ts';

export function useDisputeOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, reason }: { orderId: string; reason: string }) =>
      callApi(ESCROW_API.disputeOrder, { params: { id: orderId }, body: { reason } }),
    onSuccess: () => {
      toast({
        title: 'Dispute opened',
        description:
          'An admin will review it and either refund you or release the payment to the supplier. The money stays in escrow until then.',
      });
      return refreshOrderViews(client);
    },
  });
}
