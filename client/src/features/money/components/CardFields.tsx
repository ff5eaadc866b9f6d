// The card fields of the configured provider, for any payment form (an investment, an order, a
// settlement): the sandbox's own fields, or Stripe's Payment Element in a chunk of its own that loads
// only in Stripe mode, and only with a payment form.
import { lazy, Suspense, type Ref } from 'react';
import { FormAlert } from '@/components/ui/form-field.tsx';
import type { CardPayment } from '../card-payment.ts';
import type { CardProvider } from '../use-card-form.ts';
import { SandboxCardFields } from './SandboxCardFields.tsx';

const StripeCardFields = lazy(() => import('./StripeCardFields.tsx'));

const loading = (
  <p aria-busy="true" className="text-sm text-muted-foreground">
    Loading the payment form…
  </p>
);

export function CardFields({
  cardRef,
  provider: { config, onStripeStatus },
  amount,
  onEdit,
}: {
  /** useCardForm's cardRef: what the submit pays with. */
  cardRef: Ref<CardPayment>;
  provider: CardProvider;
  /** The amount to pay in dollars, a valid one (Stripe's form shows it; pass a placeholder otherwise). */
  amount: string;
  /** Called when the payer edits the card (e.g. to clear a refusal shown for the previous card). */
  onEdit?: () => void;
}) {
  if (config.isPending) return loading;
  if (config.isError)
    return <FormAlert message={`The payment form could not be loaded. ${config.error.message}`} />;
  if (config.data.provider === 'stripe')
    return (
      <Suspense fallback={loading}>
        <StripeCardFields
          ref={cardRef}
          publishableKey={config.data.publishableKey}
          amount={amount}
          onStatusChange={onStripeStatus}
        />
      </Suspense>
    );
  return <SandboxCardFields ref={cardRef} onEdit={onEdit} />;
}
