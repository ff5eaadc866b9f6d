// What the payment forms say, whatever is paid: a card field left empty (in Stripe's words, as the
// sandbox form speaks as Stripe's would), why the submit waits, and what happened to a payment that
// went through while its record call did not come back (a reload, a closed modal).
import { formatUsdCents } from '@/lib/format.ts';
import type { ProviderStatus } from './use-card-form.ts';

export const CARD_INCOMPLETE = {
  number: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  cvc: "Your card's security code is incomplete.",
} as const;

/** Why the submit waits, beyond what the form's own fields say (spec §5: processing, provider not ready). */
export const PAYMENT_WAITS = {
  processing: 'Your payment is being processed. Please wait.',
  loading: 'The payment form is still loading.',
  failed: 'The payment form could not be loaded. Reload the page to try again; nothing was charged.',
} as const;

/**
 * The reason a payment form's submit is disabled, or null when it may be pressed: a payment running
 * first, then what the form says about its own fields (e.g. the amount's catalogue message), then the
 * card provider not ready.
 */
export function paymentSubmitReason({
  processing,
  formProblem,
  provider,
}: {
  processing: boolean;
  formProblem: string | null | undefined;
  provider: ProviderStatus;
}): string | null {
  if (processing) return PAYMENT_WAITS.processing;
  if (formProblem) return formProblem;
  if (provider !== 'ready') return PAYMENT_WAITS[provider];
  return null;
}

/** What the payer is told about a payment that went through before its record call answered. */
export const PENDING_PAYMENT_NOTICES = {
  recorded: (amount: string, title: string) => ({
    title: 'Payment recorded',
    description: `Your payment of ${formatUsdCents(amount)} for ${title} was recorded.`,
  }),
  /** The server's final answer (e.g. "The campaign filled up: your card was not charged"), as it is. */
  refused: (amount: string, title: string, serverMessage: string | undefined) => ({
    title: 'Payment not recorded',
    description:
      serverMessage ?? `Your payment of ${formatUsdCents(amount)} for ${title} could not be recorded.`,
    variant: 'destructive' as const,
  }),
  unknown: (amount: string, title: string) => ({
    title: 'Payment being recorded',
    description: `Your payment of ${formatUsdCents(amount)} for ${title} went through, and we could not confirm its record yet. HydroBridge records it, or refunds it, on its own; we will check again on your next visit.`,
  }),
};
