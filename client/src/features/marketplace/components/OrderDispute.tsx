// The buyer's dispute of an order whose money is still held in escrow: the reason first, then the
// escrow is frozen until an admin decides (refund, or release to the supplier).
import { useId, useState, type FormEvent } from 'react';
import { disputeSchema } from '@domain/admin.ts';
import type { Order } from '@domain/orders.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, FormAlert } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useDisputeOrder } from '../api/dispute-order.ts';

export function OrderDispute({ order }: { order: Order }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const dispute = useDisputeOrder();
  if (!open)
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Open a dispute
      </Button>
    );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = disputeSchema.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    dispute.mutate({ orderId: order.id, reason: parsed.data.reason }, { onSuccess: () => setOpen(false) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="w-full space-y-3" aria-label="Dispute this order">
      <Field
        id={`${id}-reason`}
        label="What went wrong?"
        error={fieldError}
        hint="The payment stays in escrow: an admin reviews it and refunds you or pays the supplier."
      >
        <Textarea
          id={`${id}-reason`}
          value={reason}
          aria-invalid={!!fieldError}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <FormAlert
        message={dispute.error ? (serverMessageOf(dispute.error) ?? 'Please try again.') : undefined}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={dispute.isPending}>
          Open dispute
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
