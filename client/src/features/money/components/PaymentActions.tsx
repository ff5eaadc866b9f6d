// The end of every payment form: Cancel and the submit, and — whenever the submit waits — why, in
// words tied to it (aria-describedby), never a silently disabled button. aria-disabled rather than
// disabled: the button keeps focus while the payment runs and stays reachable with its reason.
import { useId } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { DialogClose } from '@/components/ui/dialog.tsx';

export function PaymentActions({
  label,
  reason,
  processing,
  onCancel,
}: {
  /** The submit's text, e.g. "Invest $2,500.00". */
  label: string;
  /** Why the submit waits (paymentSubmitReason), or null when it may be pressed. */
  reason: string | null;
  processing: boolean;
  /**
   * Cancel closes the dialog the form is in; a form shown inside a larger dialog (the trader's
   * settlement in Track Shipment) passes its own instead, so that only the form goes away.
   */
  onCancel?: () => void;
}) {
  const reasonId = `${useId()}-reason`;
  // Phones: the submit, its reason right below it, then Cancel. Wider: Cancel and the submit side by
  // side, the reason on a line of its own under them.
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
      {onCancel ? (
        <Button variant="outline" disabled={processing} className="order-3 sm:order-1" onClick={onCancel}>
          Cancel
        </Button>
      ) : (
        <DialogClose asChild>
          <Button variant="outline" disabled={processing} className="order-3 sm:order-1">
            Cancel
          </Button>
        </DialogClose>
      )}
      <Button
        type="submit"
        aria-disabled={reason !== null}
        aria-describedby={reason === null ? undefined : reasonId}
        className="order-1 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:order-2"
      >
        {processing ? 'Processing…' : label}
      </Button>
      {reason !== null && (
        <p
          id={reasonId}
          className="order-2 text-sm text-muted-foreground sm:order-3 sm:basis-full sm:text-right"
        >
          {reason}
        </p>
      )}
    </div>
  );
}
