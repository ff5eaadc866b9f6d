// Campaigns: the lifecycle's refusals, reviews, the reflection period and due diligence. Part of the error catalogue (domain/errors.ts).
import type { ErrorCatalogue } from './catalogue.ts';

export const CAMPAIGN_ERRORS = {
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
} as const satisfies ErrorCatalogue;
