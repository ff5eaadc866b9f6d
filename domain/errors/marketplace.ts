// The buyer marketplace: listings, orders, quote requests and offers. Part of the error catalogue (domain/errors.ts).
import type { ErrorCatalogue } from './catalogue.ts';

export const MARKETPLACE_ERRORS = {
  // The buyer marketplace (listings, orders, quote requests)
  LISTING_NOT_FOUND: { status: 404, message: 'Listing not found' },
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found' },
  /** Guarantees of Origin (docs/carbon.md). */
  CERTIFICATE_NOT_FOUND: { status: 404, message: 'Certificate not found' },
  CERTIFICATE_ALREADY_REVIEWED: { status: 409, message: 'This certificate has been checked already' },
  CERTIFICATE_NOT_YOURS: {
    status: 403,
    message: 'You can only enter certificates for your own campaigns and listings',
  },
  STATEMENT_NOT_FOUND: { status: 404, message: 'No certificate has been cancelled for this order' },
  VERIFICATION_NOT_FOUND: { status: 404, message: 'No cancellation statement has this verification code' },
  /** Campaign updates and questions (docs/updates.md). */
  UPDATE_NOT_FOUND: { status: 404, message: 'Update not found' },
  UPDATE_NOT_YOURS: { status: 403, message: 'Only the campaign’s trader can post its updates' },
  ATTACHMENTS_FULL: { status: 409, message: 'An update holds at most {max} files' },
  QUESTION_NOT_FOUND: { status: 404, message: 'Question not found' },
  ANSWER_NOT_YOURS: { status: 403, message: 'Only the campaign’s trader can answer its questions' },
  QUESTION_ALREADY_ANSWERED: { status: 409, message: 'This question has been answered already' },
  NOTHING_TO_HIDE: { status: 409, message: 'This {part} is hidden already, or there is no answer yet' },
  SAVED_SEARCH_NOT_FOUND: { status: 404, message: 'Saved search not found' },
  SAVED_SEARCHES_FULL: {
    status: 409,
    message: 'You can save at most {max} searches: remove one first',
  },
  RFQ_NOT_FOUND: { status: 404, message: 'Quote request not found' },
  OFFER_NOT_FOUND: { status: 404, message: 'Offer not found' },
  NOT_A_BUYER: { status: 403, message: 'Only buyers can order hydrogen' },
  NOT_A_SUPPLIER: { status: 403, message: 'Only suppliers (traders) can do that' },
  NOT_LISTING_OWNER: { status: 403, message: 'You can only change your own listings' },
  ORDERING_NEEDS_KYC: { status: 403, message: 'Complete your KYC verification before buying' },
  LISTING_UNAVAILABLE: { status: 409, message: 'This listing is no longer available' },
  BELOW_MIN_ORDER: { status: 400, message: 'The minimum order for this listing is {minimum}' },
  ABOVE_AVAILABLE: { status: 409, message: 'Only {available} is still available on this listing' },
  ORDER_TOTAL_TOO_LARGE: { status: 400, message: 'The order total is larger than a single payment can be' },
  LISTING_QUANTITY_BELOW_RESERVED: {
    status: 409,
    message: 'Open orders hold {reserved} of this listing: the quantity cannot go below that',
  },
  LISTING_CAMPAIGN_INVALID: {
    status: 400,
    message: 'A listing can only be tied to one of your own campaigns that is funded or trading',
  },
  ORDER_TRANSITION_REFUSED: {
    status: 409,
    message: 'An order that is {from} cannot be moved to {to} by you',
  },
  ORDER_NOT_DELIVERED: { status: 409, message: 'Only a delivered order can be {action}' },
  ORDER_ALREADY_RATED: { status: 409, message: 'You have rated this order already' },
  ORDER_PAYMENT_UNPAID: { status: 409, message: 'This order has not been paid, so it was not placed.' },
  ORDER_PAYMENT_EXPIRED: {
    status: 409,
    message: 'This payment has expired and nothing was charged. Please place your order again.',
  },
  ORDER_PAYMENT_MISMATCH: { status: 409, message: 'This payment was made for another order.' },
  ORDER_DISPUTED: {
    status: 409,
    message: 'A dispute about this order is open: an admin decides where its money goes',
  },
  ORDER_NOT_DISPUTABLE: {
    status: 409,
    message: 'Only an order paid into escrow and not yet confirmed as received can be disputed',
  },
} as const satisfies ErrorCatalogue;
