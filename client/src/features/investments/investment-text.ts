// The investment modal's words: spec §8's toasts verbatim, and what the form says about an amount or
// a card field (the amount messages are the server's own refusals, so both read the same).
import type { InvestmentAmountProblem, InvestmentBounds } from '@domain/investment-form.ts';
import { formatUsdCents } from '@/lib/format.ts';

export const INVESTMENT_TOASTS = {
  paymentFailed: (providerMessage: string) => ({
    title: 'Payment Failed',
    description: providerMessage,
    variant: 'destructive' as const,
  }),
  investmentFailed: {
    title: 'Investment Failed',
    description: 'There was an error processing your investment. Please try again.',
  },
};

export function amountProblemText(problem: InvestmentAmountProblem, bounds: InvestmentBounds): string {
  switch (problem) {
    case 'required':
      return 'Amount is required';
    case 'not-a-number':
      return 'Amount must be a number';
    case 'too-precise':
      return 'Amount can have at most 2 decimal places';
    case 'below-minimum':
      return `The minimum investment for this campaign is ${formatUsdCents(bounds.minimum)}`;
    case 'above-remaining':
      return `Only ${formatUsdCents(bounds.remaining)} is still open in this campaign`;
  }
}

/** Stripe's wording for a card field left empty (the sandbox form speaks as Stripe's would). */
export const CARD_INCOMPLETE = {
  number: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  cvc: "Your card's security code is incomplete.",
} as const;

/** The sandbox's test card, grouped as printed on a card. */
export const SANDBOX_CARD_DISPLAY = '4242 4242 4242 4242';
