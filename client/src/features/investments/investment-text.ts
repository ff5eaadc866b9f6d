// The investment modal's words: spec §8's toasts verbatim, and what the card form says about a field
// left empty. (What it says about an amount is domain/investment-form.ts's, the server's words.)

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

/** Stripe's wording for a card field left empty (the sandbox form speaks as Stripe's would). */
export const CARD_INCOMPLETE = {
  number: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  cvc: "Your card's security code is incomplete.",
} as const;
