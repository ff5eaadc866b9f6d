// What a payment form needs from a card form, whichever provider takes the card: the sandbox's
// own fields or Stripe's Payment Element. Each card form exposes this through its ref.

export interface PaymentIntentHandle {
  paymentIntentId: string;
  clientSecret: string;
}

export interface CardPayment {
  /**
   * Checks the card form before anything is reserved. False when the form itself shows what to fix
   * (and has moved focus there): nothing is sent then.
   */
  check(): Promise<boolean>;
  /**
   * Step 2 of spec §4: confirms the intent with the provider. Resolves once the payment succeeded;
   * throws CardError with the provider's message when the card was refused, any other error otherwise.
   */
  confirm(intent: PaymentIntentHandle): Promise<void>;
}

/** The provider refused the card (declined, insufficient funds, expired, invalid): another card may work. */
export class CardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardError';
  }
}
