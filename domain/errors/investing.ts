// Investing: intents, holds, cards, caps and the investor's protection steps. Part of the error catalogue (domain/errors.ts).
import type { ErrorCatalogue } from './catalogue.ts';

export const INVESTING_ERRORS = {
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
  TOO_MANY_HOLDS: {
    status: 409,
    message:
      'You have 3 card payments being captured right now. Please wait a moment for them to finish, then try again.',
  },
  /** A hold released uncharged: the message is the reason's (domain/payment-lifecycle.ts). */
  PAYMENT_VOIDED: { status: 409, message: 'Your card was not charged' },
  INSUFFICIENT_BALANCE: {
    status: 409,
    message: 'Your HydroBridge balance is {balance}: not enough for {amount}',
  },
  INVESTOR_MISMATCH: { status: 403, message: 'You can only invest and see investments as yourself' },
  NOT_AN_INVESTOR: { status: 403, message: 'Only investors can invest in campaigns' },
  /** Investor protection (docs/investor-protection.md); the answer also carries `code`. */
  APPROPRIATENESS_REQUIRED: {
    status: 403,
    message:
      'Before your first investment, take the short knowledge test and the loss simulation (they take about two minutes)',
    exposeCode: true,
  },
  ACKNOWLEDGEMENT_REQUIRED: {
    status: 428,
    message:
      'Before you invest, read and acknowledge the key investment information sheet and, for a large amount, the risk warning',
    exposeCode: true,
  },
  INVESTING_NEEDS_KYC: { status: 403, message: 'Complete your KYC verification before investing' },
  CAMPAIGN_PAUSED: {
    status: 409,
    message: 'This campaign is paused and takes no new investments at the moment',
  },
  BELOW_MINIMUM: { status: 400, message: 'The minimum investment for this campaign is {minimum}' },
  BELOW_MINIMUM_LAST_SLICE: {
    status: 400,
    message: 'The minimum investment for this campaign is {minimum}, or exactly the {open} still open',
  },
  ABOVE_OPEN_AMOUNT: { status: 409, message: 'Only {open} is still open in this campaign' },
  NOTHING_OPEN: {
    status: 409,
    message:
      'Nothing is open in this campaign right now: other investors are paying for the rest. Please try again in a few minutes.',
  },
  CAMPAIGN_FULLY_FUNDED: { status: 409, message: 'This campaign is fully funded' },
  CAMPAIGN_FUNDING_CLOSED: { status: 409, message: 'Funding for this campaign has closed' },
  PROVIDER_UNAVAILABLE: {
    status: 502,
    message: 'The payment provider could not be reached. Nothing was charged; please try again.',
  },
  UNAVAILABLE: { status: 503, message: 'Service unavailable' },
} as const satisfies ErrorCatalogue;
