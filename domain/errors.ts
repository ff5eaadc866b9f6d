// Error catalogue: one code per failure a client can see, with its HTTP status and message.
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Invalid request' },
  MALFORMED_JSON: { status: 400, message: 'Request body is not valid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Request body must be JSON' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do that' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CONFLICT: { status: 409, message: 'This conflicts with the current state' },
  CAMPAIGN_NOT_FOUND: { status: 404, message: 'Campaign not found' },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again later' },
  // Investing (the card's answers are Stripe's test-card messages, domain/payments.ts).
  CARD_DECLINED: { status: 402, message: 'Your card was declined.' },
  CARD_INSUFFICIENT_FUNDS: { status: 402, message: 'Your card has insufficient funds.' },
  CARD_NUMBER_INVALID: { status: 400, message: 'Your card number is invalid.' },
  CARD_EXPIRED: { status: 402, message: 'Your card has expired.' },
  PAYMENT_NOT_FOUND: { status: 404, message: 'Payment not found' },
  PAYMENT_EXPIRED: {
    status: 409,
    message: 'This payment has expired and nothing was charged. Please start your investment again.',
  },
  PAYMENT_NOT_SUCCEEDED: {
    status: 409,
    message: 'This payment has not succeeded, so no investment was recorded.',
  },
  PAYMENT_MISMATCH: { status: 409, message: 'This payment was made for another investment.' },
  PAYMENT_REFUNDED: {
    status: 409,
    message:
      'The campaign filled up before your payment could be recorded, so your payment has been refunded in full.',
  },
  INVESTOR_MISMATCH: { status: 403, message: 'You can only invest and see investments as yourself' },
  NOT_AN_INVESTOR: { status: 403, message: 'Only investors can invest in campaigns' },
  BELOW_MINIMUM: { status: 400, message: 'The amount is below the minimum investment' },
  ABOVE_OPEN_AMOUNT: { status: 409, message: 'The amount is more than the campaign still needs' },
  CAMPAIGN_NOT_OPEN: { status: 409, message: 'This campaign is not open for investment' },
  PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'The payment provider could not be reached. Nothing was charged; please try again.',
  },
  UNAVAILABLE: { status: 503, message: 'Service unavailable' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Body of every error response. */
export interface ErrorBody {
  error: string;
}
