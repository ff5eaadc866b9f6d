// The buyer's dispute of an order whose money is still held in escrow: the reason first, then the
// escrow is frozen until an admin decides (refund, or release to the supplier).
import { useId, useState } from 'react';
import type { Order } from '@domain/orders.ts';
import { DisputeForm } from '@/components/dispute-form.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useDisputeOrder } from '../api/dispute-order.ts';

export function OrderDispute({ order }: { order: Order }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const dispute = useDisputeOrder();
  if (!open)
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Open a dispute
      </Button>
    );
  return (
    <DisputeForm
      id={`${id}-reason`}
      formLabel="Dispute this order"
      fieldLabel="What went wrong?"
      hint="The payment stays in escrow: an admin reviews it and refunds you or pays the supplier."
      size="sm"
      className="w-full space-y-3"
      pending={dispute.isPending}
      error={dispute.error}
      onDispute={(reason) =>
        dispute.mutate({ orderId: order.id, reason }, { onSuccess: () => setOpen(false) })
      }
      onCancel={() => setOpen(false)}
    />
  );
}
