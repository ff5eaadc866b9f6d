// Payouts (docs/money.md): why money leaves to a bank account, the states of a payout with their
// groups and labels, and the states of a bank account.

export const PAYOUT_PURPOSES = ['disbursement', 'withdrawal', 'supplier'] as const;
export type PayoutPurpose = (typeof PAYOUT_PURPOSES)[number];
export const PAYOUT_PURPOSE_LABELS: Record<PayoutPurpose, string> = {
  disbursement: 'Campaign release',
  withdrawal: 'Withdrawal',
  /** A trader's releases and order payments that waited for a bank account, sent once it is added. */
  supplier: 'Balance held for your bank account',
};

/**
 * - `pending`: booked out of the balance; the provider has not been asked yet (or could not be reached).
 * - `in_transit`: the provider accepted it.
 * - `paid`: arrived. `failed`: the bank refused it: the money is back in the balance.
 */
export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** Named groups of payout statuses (domain/status-groups.ts). */
export const PAYOUT_STATUS_GROUPS = {
  /** Sent or being sent: the provider has not answered for good yet (the sweep and the metrics watch these). */
  underway: ['pending', 'in_transit'],
} as const satisfies Record<string, readonly PayoutStatus[]>;

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Being sent',
  in_transit: 'On its way',
  paid: 'Paid',
  failed: 'Failed — returned to your balance',
};

export const BANK_ACCOUNT_STATUSES = ['verified', 'removed'] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];
