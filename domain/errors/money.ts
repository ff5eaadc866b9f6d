// Money out: releases, settlements, payouts and cash accounts (docs/money.md). Part of the error catalogue (domain/errors.ts).
import type { ErrorCatalogue } from './catalogue.ts';

export const MONEY_ERRORS = {
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
} as const satisfies ErrorCatalogue;
