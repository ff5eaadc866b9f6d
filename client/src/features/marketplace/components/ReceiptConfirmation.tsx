// Confirming receipt of an order releases its escrow to the supplier for good (DESIGN.md §3: "asked to
// confirm: it releases money"), so the buyer's Confirm receipt asks first, naming the amount and the
// supplier. The dialog lives above the order rows (a row may leave its list once received, as on
// /buyer/tracking) and stays open until the lists show the order as received: what moves, moves
// under the dialog, never under the pointer. Focus then goes to the row's new payment state, or to
// the page heading when the row left the list.
import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import type { Order } from '@domain/orders.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { serverMessageOf } from '@/lib/api.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { useConfirmReceipt } from '../api/orders.ts';

type AskReceipt = (order: Order) => void;
const ReceiptContext = createContext<AskReceipt | null>(null);

/** The attribute marking a row's payment state after receipt, where focus goes once it is confirmed. */
export const RECEIPT_STATE_ATTRIBUTE = 'data-receipt-state';

/** Where focus goes after a confirmed receipt: the order's row if it is still listed, else the page. */
function focusAfterReceipt(orderId: string) {
  const state = document.querySelector<HTMLElement>(`[${RECEIPT_STATE_ATTRIBUTE}="${orderId}"]`);
  const target = state ?? document.querySelector<HTMLElement>('main h1');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

export function ReceiptConfirmation({ children }: { children: ReactNode }) {
  const [order, setOrder] = useState<Order | null>(null);
  const receipt = useConfirmReceipt();
  const confirmedId = useRef<string | null>(null);
  const close = () => {
    if (receipt.isPending) return;
    setOrder(null);
    receipt.reset();
  };

  async function confirm(toRelease: Order) {
    try {
      // Resolves once the order views are refetched: the rows are in their new state before it closes.
      await receipt.mutateAsync(toRelease.id);
      confirmedId.current = toRelease.id;
      setOrder(null);
      receipt.reset();
      toast({ title: 'Receipt Confirmed', description: 'Escrow was released to the supplier.' });
    } catch {
      // Shown in the dialog (receipt.error), which stays open.
    }
  }

  return (
    <ReceiptContext.Provider value={setOrder}>
      {children}
      <Dialog open={order !== null} onOpenChange={(open) => !open && close()}>
        {order && (
          <DialogContent
            role="alertdialog"
            onEscapeKeyDown={(event) => receipt.isPending && event.preventDefault()}
            onInteractOutside={(event) => receipt.isPending && event.preventDefault()}
            onCloseAutoFocus={(event) => {
              const id = confirmedId.current;
              confirmedId.current = null;
              if (!id) return; // cancelled: back to Confirm receipt
              event.preventDefault();
              focusAfterReceipt(id);
            }}
          >
            <DialogHeader>
              <DialogTitle>Confirm receipt?</DialogTitle>
              <DialogDescription>
                Confirming receipt releases the {formatUsdCents(order.totalAmount)} held in escrow to{' '}
                {order.supplierName}. Confirm only once the delivery of {order.quantity} {order.unit} has
                arrived and its documents are in order: the release cannot be undone.
              </DialogDescription>
            </DialogHeader>
            <FormAlert
              message={receipt.error ? (serverMessageOf(receipt.error) ?? 'Please try again.') : undefined}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" disabled={receipt.isPending} onClick={close}>
                Cancel
              </Button>
              <Button disabled={receipt.isPending} onClick={() => void confirm(order)}>
                {receipt.isPending
                  ? 'Releasing…'
                  : `Confirm and release ${formatUsdCents(order.totalAmount)}`}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </ReceiptContext.Provider>
  );
}

/** Opens the receipt confirmation for an order (inside a ReceiptConfirmation). */
export function useAskReceipt(): AskReceipt {
  const ask = useContext(ReceiptContext);
  if (!ask) throw new Error('useAskReceipt outside ReceiptConfirmation');
  return ask;
}
