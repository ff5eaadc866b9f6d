// The order modal: the listing (or the accepted offer), the quantity with its exact total, and the
// card form of the configured provider (the investment modal's own card components). Paying places
// the order: (1) the server reserves the quantity and opens an intent, (2) the card pays it, (3) the
// server checks the payment with the provider and holds it in escrow until delivery.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { AVAILABILITY_LABELS, type Listing } from '@domain/listings.ts';
import { dec, orderTotal } from '@domain/money.ts';
import { orderRefusal, orderRefusalMessage, type OrderPlaced } from '@domain/orders.ts';
import { type Offer, type Rfq } from '@domain/rfqs.ts';
import type { PublicUser as User } from '@domain/auth.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { usePaymentsConfig } from '@/features/investments/api/get-payments-config.ts';
import { CardError, type CardPayment } from '@/features/investments/card-payment.ts';
import { SandboxCardFields } from '@/features/investments/components/SandboxCardFields.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { abandonOrder, acceptOffer, placeOrder, useRecordOrderPayment } from '../api/orders.ts';

const StripeCardFields = lazy(() => import('@/features/investments/components/StripeCardFields.tsx'));

export type OrderTarget = { kind: 'listing'; listing: Listing } | { kind: 'offer'; offer: Offer; rfq: Rfq };

const QUANTITY = /^\d+(\.\d{1,2})?$/;

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
  const listing = target.kind === 'listing' ? target.listing : null;
  const unit = listing ? listing.unit : target.kind === 'offer' ? target.rfq.unit : 'tonnes';
  const price = listing ? listing.pricePerKg : target.kind === 'offer' ? target.offer.pricePerKg : '0';
  const [quantity, setQuantity] = useState(() =>
    listing ? listing.minOrder : target.kind === 'offer' ? target.rfq.quantity : '',
  );
  const [placed, setPlaced] = useState<OrderPlaced | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [stripeReady, setStripeReady] = useState(false);
  const card = useRef<CardPayment>(null);
  const config = usePaymentsConfig();
  // An order placed but not paid when the modal closes gives its quantity back at once.
  const unpaid = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (unpaid.current) abandonOrder(unpaid.current);
    },
    [],
  );
  const record = useRecordOrderPayment();

  const wellFormed = QUANTITY.test(quantity.trim()) && dec(quantity.trim()).gt(0);
  const refusal = orderRefusal(
    { ...user, accountStatus: 'active' },
    listing ? { ...listing, reserved: dec(listing.quantity).minus(listing.available).toFixed(2) } : null,
    wellFormed ? quantity.trim() : null,
  );
  const total = wellFormed ? orderTotal(quantity.trim(), unit, price) : null;
  const quantityError =
    !wellFormed && quantity !== '' ? 'Enter a quantity with at most 2 decimals' : undefined;
  const providerReady =
    config.data?.provider === 'sandbox' || (config.data?.provider === 'stripe' && stripeReady);
  const canSubmit = wellFormed && !refusal && !processing && providerReady;

  async function submit() {
    if (!canSubmit || !card.current) return;
    if (!(await card.current.check())) return;
    setProcessing(true);
    onBusyChange(true);
    setProblem(null);
    try {
      // The same intent is paid again after a refused card: one order, one reservation.
      const order =
        placed ??
        (target.kind === 'listing'
          ? await placeOrder({ listingId: target.listing.id, quantity: quantity.trim() })
          : await acceptOffer(target.offer.id));
      setPlaced(order);
      unpaid.current = order.order.id;
      await card.current.confirm(order);
      unpaid.current = null;
      const paid = await record.mutateAsync({
        orderId: order.order.id,
        paymentIntentId: order.paymentIntentId,
      });
      toast({
        title: 'Order Placed',
        description: `${formatUsdCents(paid.totalAmount)} is held in escrow until you confirm delivery.`,
      });
      onDone();
    } catch (error) {
      const message = error instanceof CardError ? error.message : (serverMessageOf(error) ?? String(error));
      setProblem(message);
      if (!(error instanceof CardError))
        toast({ title: 'Order Failed', description: message, variant: 'destructive' });
    } finally {
      setProcessing(false);
      onBusyChange(false);
    }
  }

  return (
    <form
      aria-label="Order"
      noValidate
      className="grid gap-6 md:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
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
          id={`${id}-quantity`}
          label={`Quantity (${unit})`}
          error={quantityError ?? (refusal && wellFormed ? orderRefusalMessage(refusal) : undefined)}
          hint={listing ? `Minimum order ${listing.minOrder} ${listing.unit}` : undefined}
        >
          <Input
            {...fieldA11y(`${id}-quantity`, quantityError, { hint: !!listing })}
            name="quantity"
            inputMode="decimal"
            value={quantity}
            readOnly={!listing || processing || placed !== null}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </Field>
        <p className="flex items-baseline justify-between rounded-lg border border-primary/30 bg-accent/50 p-3">
          <span className="font-medium">Total</span>
          <span className="text-lg font-bold tabular-nums" aria-live="polite">
            {total ? formatUsdCents(total.toFixed(2)) : '—'}
          </span>
        </p>
      </div>
      <div className="grid content-start gap-4">
        <fieldset className="grid gap-3" disabled={processing}>
          <legend className="mb-1 text-sm font-semibold">Payment</legend>
          {config.isPending ? (
            <p className="text-sm text-muted-foreground">Loading the payment form…</p>
          ) : config.data?.provider === 'stripe' ? (
            <Suspense fallback={<p className="text-sm text-muted-foreground">Loading the payment form…</p>}>
              <StripeCardFields
                ref={card}
                publishableKey={config.data.publishableKey}
                amount={total ? total.toFixed(2) : '1.00'}
                onReadyChange={setStripeReady}
              />
            </Suspense>
          ) : (
            <SandboxCardFields ref={card} onEdit={problem ? () => setProblem(null) : undefined} />
          )}
        </fieldset>
        <FormAlert message={problem ?? undefined} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={processing}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            type="submit"
            aria-disabled={!canSubmit}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          >
            {processing ? 'Processing…' : total ? `Pay ${formatUsdCents(total.toFixed(2))}` : 'Pay'}
          </Button>
        </div>
      </div>
    </form>
  );
}
