// The card form when the server runs on Stripe: Stripe Elements' Payment Element, in Stripe's
// "deferred intent" mode (the form shows before the intent exists: the intent is created on submit,
// after elements.submit() checked the card). Its own chunk: Stripe.js loads from js.stripe.com only
// when a payment form opens in Stripe mode. Not exercised by the test suite (Stripe's servers
// cannot be reached from it); the sandbox form takes the same CardPayment calls.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementsOptionsMode } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { toMinorUnits } from '@domain/payments.ts';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { CardError, type CardPayment } from '../card-payment.ts';
import type { ProviderStatus } from '../use-card-form.ts';

const LOAD_FAILED =
  'The card form could not be loaded from Stripe. Check your connection and try again; nothing was charged.';

// One Stripe.js instance per publishable key for the whole visit, as Stripe recommends. A failed load
// resolves to null (Elements must not see a rejected promise) and is forgotten, so the next opening
// of the modal tries again.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      console.error('Stripe.js did not load', error);
      return null;
    });
    stripes.set(publishableKey, stripe);
    void stripe.then((loaded) => {
      if (!loaded) stripes.delete(publishableKey);
    });
  }
  return stripe;
}

export default function StripeCardFields({
  ref,
  publishableKey,
  amount,
  onStatusChange,
}: {
  ref: Ref<CardPayment>;
  publishableKey: string;
  /** The amount to pay, in dollars (a valid amount: the form passes a placeholder otherwise). */
  amount: string;
  onStatusChange: (status: ProviderStatus) => void;
}) {
  // Fixed for the life of the form: Elements refuses a change of its stripe prop.
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [loadError, setLoadError] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => {
      if (live && !loaded) {
        setLoadError(true);
        onStatusChange('failed');
      }
    });
    return () => {
      live = false;
      onStatusChange('loading');
    };
  }, [stripe, onStatusChange]);

  const dark = document.documentElement.classList.contains('dark');
  const options = useMemo<StripeElementsOptionsMode>(
    () => ({
      mode: 'payment',
      currency: 'usd',
      amount: toMinorUnits(amount),
      paymentMethodTypes: ['card'],
      appearance: { theme: dark ? 'night' : 'stripe' },
    }),
    [amount, dark],
  );

  if (loadError) return <FormAlert message={LOAD_FAILED} />;
  return (
    <Elements stripe={stripe} options={options}>
      <PaymentFields
        ref={ref}
        onReady={() => onStatusChange('ready')}
        onLoadError={() => {
          setLoadError(true);
          onStatusChange('failed');
        }}
      />
    </Elements>
  );
}

function PaymentFields({
  ref,
  onReady,
  onLoadError,
}: {
  ref: Ref<CardPayment>;
  onReady: () => void;
  onLoadError: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();

  useImperativeHandle(
    ref,
    () => ({
      async check() {
        if (!elements) return false;
        // Stripe shows what is missing or wrong inside the Payment Element itself.
        const { error } = await elements.submit();
        return !error;
      },
      async confirm({ clientSecret }) {
        if (!stripe || !elements) throw new Error('The card form is not ready yet');
        const { error, paymentIntent } = await stripe.confirmPayment({
          elements,
          clientSecret,
          redirect: 'if_required',
          // Only a redirect-based method would use it; the form offers cards, which confirm in place.
          confirmParams: { return_url: window.location.href },
        });
        if (error) {
          if (error.type === 'card_error' || error.type === 'validation_error')
            throw new CardError(error.message ?? 'Your card was declined.');
          throw new Error(error.message ?? 'The payment could not be confirmed');
        }
        if (paymentIntent?.status !== 'succeeded')
          throw new Error(`The payment did not succeed (${paymentIntent?.status ?? 'no answer'})`);
      },
    }),
    [stripe, elements],
  );

  return <PaymentElement options={{ layout: 'tabs' }} onReady={onReady} onLoadError={onLoadError} />;
}
