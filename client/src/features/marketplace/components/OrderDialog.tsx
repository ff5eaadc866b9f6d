// The order modal: the listing (or the accepted offer), the quantity with its exact total, and the
// card form of the configured provider. Paying places the order through the payments feature's one
// flow: (1) the server reserves the quantity and opens an intent, (2) the card pays it, (3) the server
// checks the payment with the provider and holds it in escrow until the buyer confirms receipt.
import { useEffect, useId, useState } from 'react';
import { AVAILABILITY_LABELS, isOrderQuantity, reservedQuantity, type Listing } from '@domain/listings.ts';
import { orderTotal } from '@domain/money.ts';
import { orderRefusal, orderRefusalMessage } from '@domain/orders.ts';
import { type Offer, type Rfq } from '@domain/rfqs.ts';
import type { PublicUser as User } from '@domain/auth.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import {
  CardFields,
  PaymentActions,
  paymentSubmitReason,
  useCardForm,
  usePaymentFlow,
} from '@/features/money/index.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { orderPayment, type OrderPaymentInput } from '../order-payment.ts';

export type OrderTarget = { kind: 'listing'; listing: Listing } | { kind: 'offer'; offer: Offer; rfq: Rfq };

const QUANTITY_MESSAGES = {
  required: 'Quantity is required',
  malformed: 'Enter a quantity with at most 2 decimals',
} as const;
const ORDER_FAILED_FALLBACK = 'The order could not be placed. Please try again.';

export function OrderDialog({
  target,
  user,
  onClose,
}: {
  target: OrderTarget | null;
  user: User;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      {target && (
        <DialogContent width="wider">
          <DialogHeader>
            <DialogTitle>
              Order from {target.kind === 'listing' ? target.listing.supplierName : target.offer.supplierName}
            </DialogTitle>
            <DialogDescription>
              You pay now; the money is held in escrow and released to the supplier only once you confirm
              receipt of the delivery.
            </DialogDescription>
          </DialogHeader>
          <OrderForm target={target} user={user} onBusyChange={setBusy} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function OrderForm({
  target,
  user,
  onBusyChange,
  onDone,
}: {
  target: OrderTarget;
  user: User;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const id = useId();
  const quantityId = `${id}-quantity`;
  const listing = target.kind === 'listing' ? target.listing : null;
  const unit = listing ? listing.unit : target.kind === 'offer' ? target.rfq.unit : 'tonnes';
  const price = listing ? listing.pricePerKg : target.kind === 'offer' ? target.offer.pricePerKg : '0';
  const supplierName = listing
    ? listing.supplierName
    : target.kind === 'offer'
      ? target.offer.supplierName
      : '';
  const [quantity, setQuantity] = useState(() =>
    listing ? listing.minOrder : target.kind === 'offer' ? target.rfq.quantity : '',
  );
  const cardForm = useCardForm();
  const flow = usePaymentFlow(orderPayment, {
    payerId: user.id,
    onRecorded: (paid) => {
      toast({
        title: 'Order Placed',
        description: `${formatUsdCents(paid.totalAmount)} is held in escrow until you confirm delivery.`,
      });
      onDone();
    },
    onProblem: (problem) => {
      // A refused card is said in the form; anything else also in a toast.
      if (problem.kind !== 'card')
        toast({
          title: 'Order Failed',
          description: problem.message ?? ORDER_FAILED_FALLBACK,
          variant: 'destructive',
        });
    },
  });
  useEffect(() => onBusyChange(flow.processing), [flow.processing, onBusyChange]);

  const typed = quantity.trim();
  const wellFormed = isOrderQuantity(typed);
  const refusal = orderRefusal(
    { ...user, accountStatus: 'active' },
    listing ? { ...listing, reserved: reservedQuantity(listing) } : null,
    wellFormed ? typed : null,
  );
  const total = wellFormed ? orderTotal(typed, unit, price).toFixed(2) : null;
  const paidTotal = flow.paidAmount;
  const quantityProblem =
    typed === ''
      ? QUANTITY_MESSAGES.required
      : !wellFormed
        ? QUANTITY_MESSAGES.malformed
        : refusal
          ? orderRefusalMessage(refusal)
          : null;
  // Said at the field once something is typed; the submit's reason says it from the start.
  const quantityError = typed === '' ? undefined : (quantityProblem ?? undefined);
  const waitReason = paymentSubmitReason({
    processing: flow.processing,
    formProblem: paidTotal ? null : quantityProblem,
    provider: paidTotal ? 'ready' : cardForm.status,
  });
  const shownTotal = paidTotal ?? total;

  return (
    <form
      aria-label="Order"
      noValidate
      className="grid gap-6 md:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (waitReason !== null || !cardForm.cardRef.current || !shownTotal) return;
        const input: OrderPaymentInput =
          target.kind === 'listing'
            ? { kind: 'listing', listingId: target.listing.id, quantity: typed }
            : { kind: 'offer', offerId: target.offer.id };
        void flow.pay({
          input,
          amount: shownTotal,
          title: `${typed} ${unit} of hydrogen from ${supplierName}`,
          card: cardForm.cardRef.current,
        });
      }}
    >
      <div className="grid content-start gap-4 text-sm">
        {listing ? (
          <dl className="grid grid-cols-2 gap-2 rounded-lg border p-3">
            <dt className="text-muted-foreground">Location</dt>
            <dd>{listing.location}</dd>
            <dt className="text-muted-foreground">Availability</dt>
            <dd>{AVAILABILITY_LABELS[listing.availability]}</dd>
            <dt className="text-muted-foreground">Price</dt>
            <dd>{formatUsdCents(listing.pricePerKg)} / kg</dd>
            <dt className="text-muted-foreground">Available</dt>
            <dd>
              {listing.available} {listing.unit}
            </dd>
          </dl>
        ) : target.kind === 'offer' ? (
          <p className="rounded-lg border p-3">
            Offer at {formatUsdCents(target.offer.pricePerKg)} / kg for {target.rfq.quantity}{' '}
            {target.rfq.unit}, delivered to {target.rfq.destinationPort}.
          </p>
        ) : null}
        <Field
          id={quantityId}
          label={`Quantity (${unit})`}
          error={quantityError}
          hint={listing ? `Minimum order ${listing.minOrder} ${listing.unit}` : undefined}
        >
          <Input
            {...fieldA11y(quantityId, quantityError, { hint: !!listing })}
            name="quantity"
            inputMode="decimal"
            value={quantity}
            readOnly={!listing || flow.processing || paidTotal !== null}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </Field>
        <p className="flex items-baseline justify-between rounded-lg border border-primary/30 bg-accent/50 p-3">
          <span className="font-medium">Total</span>
          <span className="text-lg font-bold tabular-nums" aria-live="polite">
            {shownTotal ? formatUsdCents(shownTotal) : '—'}
          </span>
        </p>
      </div>
      <div className="grid content-start gap-4">
        <fieldset className="grid gap-3" disabled={flow.processing || paidTotal !== null}>
          <legend className="mb-1 text-sm font-semibold">Payment</legend>
          {paidTotal !== null ? (
            <p className="text-sm text-muted-foreground">
              Your payment of {formatUsdCents(paidTotal)} went through. Try again to place your order.
            </p>
          ) : (
            <CardFields
              cardRef={cardForm.cardRef}
              provider={cardForm.provider}
              amount={total ?? '1.00'}
              onEdit={flow.problem ? flow.clearProblem : undefined}
            />
          )}
        </fieldset>
        <FormAlert message={flow.problem ? (flow.problem.message ?? ORDER_FAILED_FALLBACK) : undefined} />
        <PaymentActions
          label={shownTotal ? `Pay ${formatUsdCents(shownTotal)}` : 'Pay'}
          reason={waitReason}
          processing={flow.processing}
        />
      </div>
    </form>
  );
}
