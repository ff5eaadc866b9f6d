// Error catalogue: one code per failure a client can see, with its HTTP status and message. A message
// may name parts of the situation as {placeholders}; errorMessage() fills them in.
export const ERRORS = {
  VALIDATION: { status: 400, message: 'Invalid request' },
  MALFORMED_JSON: { status: 400, message: 'Request body is not valid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Request body must be JSON' },
  /** The live notification stream answers only clients that take server-sent events. */
  NOT_AN_EVENT_STREAM_CLIENT: {
    status: 406,
    message: 'This address sends server-sent events: open it with an EventSource (Accept: text/event-stream)',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  /** Node's own answers to requests it cannot parse (server/plugins/security.ts clientErrorHandler). */
  MALFORMED_REQUEST: { status: 400, message: 'Malformed HTTP request' },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, message: 'Request headers are too large' },
  REQUEST_TIMEOUT: { status: 408, message: 'Request timed out' },
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
  // Operations (docs/operations.md): GET /metrics takes the operator's token, GET /api/ready says why not.
  METRICS_TOKEN_REQUIRED: { status: 401, message: 'Send the metrics token as Authorization: Bearer <token>' },
  METRICS_TOKEN_INVALID: { status: 403, message: 'The metrics token is not valid' },
  NOT_READY: { status: 503, message: 'Not ready: {checks}' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },

  // Campaign lifecycle (domain/lifecycle.ts): each refusal names the current and the requested status.
  TRANSITION_FORBIDDEN: {
    status: 403,
    message: 'You cannot move this campaign from {current} to {requested}',
  },
  TRANSITION_NOT_ALLOWED: {
    status: 409,
    message: 'This campaign is {current}: it cannot move to {requested}',
  },
  CANCEL_HAS_INVESTMENTS: {
    status: 409,
    message:
      'This campaign is {current} and has investments: it cannot move to {requested} by its trader. Ask an admin to cancel it and refund its investors.',
  },
  LOSS_EXCEEDS_DISBURSED: {
    status: 400,
    message: 'Actual profit cannot be a loss larger than the {disbursed} released to the trade',
  },
  PROFIT_TOO_LARGE: {
    status: 400,
    message: 'Actual profit cannot be more than the sales proceeds of the cargo ({limit}): check the figures',
  },
  WATERFALL_MISMATCH: {
    status: 400,
    message: 'Actual profit must be the sales proceeds less the costs ({profit})',
  },
  DELIVERY_NOT_RECORDED: {
    status: 409,
    message: 'Record the Delivered milestone before declaring the result of the trade',
  },
  SETTLEMENT_EXISTS: {
    status: 409,
    message: 'The result of this trade is already declared ({status}): wait for the admin review',
  },
  SETTLEMENT_NOT_FOUND: { status: 404, message: 'This campaign has no settlement to review' },
  SETTLEMENT_NOT_PENDING: {
    status: 409,
    message: 'This settlement is {status}: only one awaiting review can be approved or rejected',
  },
  SETTLEMENT_NOT_DUE: { status: 409, message: 'This settlement is {status}: nothing is due' },
  CAMPAIGN_DISBURSED: {
    status: 409,
    message:
      'Money of this campaign has gone to the trade already: it ends with its settlement (or in default), not a cancellation',
  },
  BANK_ACCOUNT_REQUIRED: {
    status: 409,
    message:
      'Add a verified bank account (Settings → Bank account) before trading starts: releases are paid to it',
  },
  RELEASE_NOT_AWAITING: { status: 409, message: 'This release is {status}: nothing to confirm' },
  RELEASE_DOCUMENT_REQUIRED: {
    status: 400,
    message: 'A release on {milestone} needs its document (e.g. the bill of lading)',
  },
  ESCROW_DISPUTED: {
    status: 409,
    message: 'An escrow of this campaign is disputed: an admin must resolve it before the campaign completes',
  },
  REFUND_IN_PROGRESS: {
    status: 409,
    message: 'A refund of this campaign is still in progress: try again in a minute',
  },
  NOT_IN_ESCROW: {
    status: 409,
    message: "This investment's money is not held in escrow (it is {status})",
  },
  MILESTONE_NOT_TRADING: {
    status: 409,
    message: 'Shipment milestones are recorded while a campaign is trading; this one is {current}',
  },
  MILESTONE_RECORDED: { status: 409, message: '{milestone} is already recorded for this campaign' },

  // Accounts
  ACCOUNT_SUSPENDED: { status: 403, message: 'Your account is suspended. Contact support to reactivate it.' },
  ROLE_ACCESS_DENIED: {
    status: 403,
    message: "You don't have access to the {role} role. Contact support to add additional roles.",
  },
  ROLE_CHANGE_WAITS: {
    status: 409,
    message:
      'This role change has to wait: the user still has {open}. Approve it once they are finished (paid out, refunded, delivered or settled).',
  },
  ADMIN_EMAIL_TAKEN: { status: 409, message: 'An account with the email {email} already exists.' },
  ACCOUNT_NOT_FOUND: { status: 404, message: 'No account has the username or email {identifier}.' },
  ADMIN_USERNAME_TAKEN: { status: 409, message: 'The username {username} is taken. Choose another one.' },

  // Second factor (docs/security.md): these answers carry `code` too, so the client can react to them.
  TWO_FACTOR_CODE_INVALID: {
    status: 401,
    message:
      'That code is not valid. Enter the current code from your authenticator app, or an unused recovery code.',
    exposeCode: true,
  },
  TWO_FACTOR_PASSKEY_INVALID: {
    status: 401,
    message: 'That passkey could not be verified. Try again, or use a code.',
    exposeCode: true,
  },
  TWO_FACTOR_SIGNIN_EXPIRED: {
    status: 401,
    message: 'Your sign-in expired before the second step. Please sign in again.',
    exposeCode: true,
  },
  TWO_FACTOR_ENROLLMENT_REQUIRED: {
    status: 403,
    message: 'Admins must turn on two-step verification first: set up an authenticator app or a passkey.',
    exposeCode: true,
  },
  STEP_UP_REQUIRED: {
    status: 403,
    message: 'Confirm it is you: enter a code from your authenticator app or use your passkey.',
    exposeCode: true,
  },
  TWO_FACTOR_ALREADY_ON: {
    status: 409,
    message: 'Your authenticator app is already set up. Turn it off first to set up another one.',
  },
  TWO_FACTOR_SETUP_MISSING: { status: 409, message: 'Start the authenticator app setup first.' },
  TWO_FACTOR_ADMIN_KEEPS_ONE: {
    status: 409,
    message: 'Admins must keep a second factor: add another one before removing this one.',
  },
  TWO_FACTOR_NOT_ON: { status: 409, message: 'Two-step verification is not on for your account.' },
  PASSKEY_NOT_FOUND: { status: 404, message: 'Passkey not found' },

  // Identity verification (KYC/KYB): the gate of every money movement (domain/policies.ts)
  KYC_NOT_APPROVED: {
    status: 403,
    message:
      'Complete your KYC verification first: upload your documents on the Verification page. Review takes 1-3 business days.',
  },
  DOCUMENT_REJECTED: { status: 400, message: 'This document cannot be accepted' },
  KYC_NO_DOCUMENTS: {
    status: 409,
    message: 'There are no documents to open: approve once the user has uploaded their documents',
  },
  KYC_DOCUMENTS_NOT_OPENED: {
    status: 409,
    message: 'Open every document before approving: {documents} not opened yet',
  },
  // Identities that stay verified (domain/identity.ts)
  IDENTITY_LOCKED: {
    status: 409,
    message: 'Your verified identity is changed by request on the Verification page',
  },
  COMPANY_IDENTITY_TAKEN: {
    status: 409,
    message:
      'Another verified company is registered as {company} with registration number {number}. If it is yours, contact support.',
  },
  DOCUMENT_TOO_LARGE: { status: 413, message: 'A document is larger than 10 MB' },

  // Email ownership (DESIGN.md §3: verified before moving money or being linked to a social login)
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message:
      'Verify your email address first: open the link we emailed you, or send a new one with Resend email.',
  },
  EMAIL_VERIFICATION_LINK_INVALID: {
    status: 400,
    message: 'This verification link is invalid, has expired or was already used. Ask for a new one.',
  },

  // Social sign-in (Google, LinkedIn): shown on the landing page the browser is sent back to
  SOCIAL_EMAIL_MISSING: {
    status: 400,
    message: '{provider} did not share your email address. Sign up with your email instead.',
  },
  SOCIAL_EMAIL_TAKEN_UNVERIFIED: {
    status: 409,
    message: 'An account with this email already exists. Sign in with your email and password.',
  },
  SOCIAL_SIGNUP_NEEDS_TERMS: {
    status: 400,
    message: 'Choose your role and accept the terms to create an account with {provider}',
  },
  SOCIAL_SIGNUP_NEEDS_RISK: {
    status: 400,
    message: 'Acknowledge the risk disclosure to create an investor account with {provider}',
  },
  SOCIAL_EMAIL_UNVERIFIED: {
    status: 400,
    message:
      'Your {provider} email address is not verified. Verify it with {provider}, or sign up with your email.',
  },
  SOCIAL_ADMIN_REFUSED: {
    status: 403,
    message: 'Admin accounts sign in with their password and second factor, not with {provider}.',
  },
  SOCIAL_FLOW_EXPIRED: {
    status: 400,
    message: 'Your {provider} sign-in expired or was started in another browser. Please try again.',
  },
  SOCIAL_UNAVAILABLE: {
    status: 502,
    message: '{provider} sign-in is unavailable right now. Please try again later.',
  },
  SOCIAL_CANCELLED: { status: 400, message: '{provider} sign-in was cancelled' },
  SOCIAL_FAILED: { status: 400, message: '{provider} sign-in failed. Please try again.' },
  SOCIAL_SIGNUP_RACE: {
    status: 409,
    message: 'An account with this email already exists. Please try signing in again.',
  },

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

  // Money out (docs/money.md)
  BANK_ACCOUNT_NEEDS_KYC: {
    status: 403,
    message: 'Verify your email and complete your KYC verification before adding a bank account',
  },
  BANK_HOLDER_MISMATCH: {
    status: 400,
    message: 'The account must be held by {holder}, as verified: money is only paid to its owner',
  },
  NO_BANK_ACCOUNT: { status: 409, message: 'Add a verified bank account first' },
  OFFER_CLOSED: { status: 409, message: 'This offer can no longer be accepted' },
  RFQ_CLOSED: { status: 409, message: 'This quote request is closed' },
  OFFER_DUPLICATE: { status: 409, message: 'You have already made an offer on this quote request' },
  SUPPLIER_NOT_FOUND: { status: 404, message: 'Supplier not found' },
  MESSAGE_THREAD_NEEDS_SUPPLIER: { status: 400, message: 'Choose the supplier to write to (traderId)' },

  // Reflection period and campaign due diligence (issue 19, domain/diligence.ts)
  INVESTMENT_NOT_FOUND: { status: 404, message: 'Investment not found' },
  REVOKE_SOPHISTICATED: {
    status: 403,
    message:
      'Sophisticated investors have no reflection period: this investment cannot be revoked. Contact support about a problem with it.',
  },
  REVOKE_NOT_HELD: {
    status: 409,
    message: 'This investment is {status}: only an investment held in escrow can be revoked',
  },
  REVOKE_PERIOD_OVER: {
    status: 409,
    message: 'The reflection period ended on {until}: this investment can no longer be revoked',
  },
  REFLECTION_PERIOD_OPEN: {
    status: 409,
    message: 'Trading can start on {until}: investors may still revoke their investments until then',
  },
  REVIEW_NOT_PENDING: {
    status: 409,
    message:
      "This campaign's review is {status}: only a campaign awaiting review can be approved or sent back",
  },
  DILIGENCE_DOCUMENTS_MISSING: {
    status: 409,
    message: 'The trader has not filed the {missing} yet: ask for them (send it back) before approving',
  },
  REVIEW_NOT_REJECTED: {
    status: 409,
    message: 'This campaign is {status}: only a campaign sent back by the reviewer can be resubmitted',
  },
} as const satisfies Record<string, { status: number; message: string; exposeCode?: true }>;

export type ErrorCode = keyof typeof ERRORS;

/** The {names} a message template holds. */
type Placeholders<M extends string> = M extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** What errorMessage(code, …) takes after the code: the values of its placeholders, if it has any. */
export type ErrorParams<C extends ErrorCode> = [Placeholders<(typeof ERRORS)[C]['message']>] extends [never]
  ? []
  : [params: Record<Placeholders<(typeof ERRORS)[C]['message']>, string>];

/** The catalogue message of `code`, its placeholders filled in. */
export function errorMessage<C extends ErrorCode>(code: C, ...[params]: ErrorParams<C>): string {
  const values: Record<string, string> = params ?? {};
  return ERRORS[code].message.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

/** Body of every error response. */
export interface ErrorBody {
  error: string;
}
