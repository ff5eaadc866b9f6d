// Accounts: sign-in, second factor, identity verification, email ownership, social sign-in. Part of the error catalogue (domain/errors.ts).
import type { ErrorCatalogue } from './catalogue.ts';

export const ACCOUNT_ERRORS = {
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
} as const satisfies ErrorCatalogue;
