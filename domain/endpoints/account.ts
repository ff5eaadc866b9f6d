// The user's own money and records outside investing (the cash account, KYC, complaints), the card
// step of a payment and the platform's public figures, as both sides see them (docs/api.md "Types for
// the client"). Types only from the schema modules. Uploads (KYC documents, a complaint's attachment)
// are multipart, not JSON: they stay `fetch` calls with a FormData.
import { endpoint } from '../endpoint.ts';
import type * as C from '../cash-account.ts';
import type { complaintListSchema } from '../complaints.ts';
import type { identityChangeCreateSchema, identityChangeSchema } from '../identity.ts';
import type { verificationSchema } from '../kyc.ts';
import type * as P from '../payments.ts';
import type { platformStatsSchema } from '../platform.ts';

export const CASH_API = {
  account: endpoint('GET', '/api/cash-account').answers<typeof C.cashAccountSchema>(),
  setBankAccount: endpoint('PUT', '/api/bank-account')
    .takes<typeof C.bankAccountCreateSchema>()
    .answers<typeof C.bankAccountSchema>(),
  withdraw: endpoint('POST', '/api/withdrawals')
    .takes<typeof C.withdrawalSchema>()
    .answers<typeof C.payoutSchema>(),
};

export const KYC_API = {
  verification: endpoint('GET', '/api/kyc').answers<typeof verificationSchema>(),
  requestIdentityChange: endpoint('POST', '/api/kyc/identity-change')
    .takes<typeof identityChangeCreateSchema>()
    .answers<typeof identityChangeSchema>(),
};

export const COMPLAINT_API = {
  mine: endpoint('GET', '/api/complaints').answers<typeof complaintListSchema>(),
};

export const PAYMENTS_API = {
  /** Which provider takes the card: the sandbox, or Stripe with its publishable key. */
  config: endpoint('GET', '/api/payments/config').answers<typeof P.paymentsConfigSchema>(),
  /** The sandbox's card step (DESIGN §5, present without Stripe keys). */
  confirmSandbox: endpoint('POST', '/api/sandbox/payment-intents/:id/confirm')
    .takes<typeof P.sandboxConfirmSchema>()
    .answers<typeof P.sandboxConfirmResultSchema>(),
};

export const PLATFORM_API = {
  stats: endpoint('GET', '/api/stats/platform').answers<typeof platformStatsSchema>(),
};
