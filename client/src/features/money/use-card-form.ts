// The card form of the configured provider (GET /api/payments/config: the built-in sandbox, or
// Stripe's Payment Element) as a payment form holds it: the handle its submit pays with, whether the
// provider is ready to take a card, and what CardFields needs to show it.
import { useRef, useState } from 'react';
import { usePaymentsConfig } from './api/get-payments-config.ts';
import type { CardPayment } from './card-payment.ts';

/** Whether the provider's card form can take a card: the submit waits while it is not ready. */
export type ProviderStatus = 'loading' | 'ready' | 'failed';

export function useCardForm() {
  const config = usePaymentsConfig();
  const cardRef = useRef<CardPayment>(null);
  // Stripe's Payment Element reports when it is ready (or failed to load); the sandbox form is at once.
  const [stripeStatus, setStripeStatus] = useState<ProviderStatus>('loading');
  const status: ProviderStatus = config.isPending
    ? 'loading'
    : config.isError
      ? 'failed'
      : config.data.provider === 'sandbox'
        ? 'ready'
        : stripeStatus;
  return { cardRef, status, provider: { config, onStripeStatus: setStripeStatus } };
}

/** What CardFields needs from useCardForm besides the ref. */
export type CardProvider = ReturnType<typeof useCardForm>['provider'];
