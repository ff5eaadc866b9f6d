// Roles, statuses and option lists of the User entity (spec §3, §6).
export const ROLES = ['investor', 'trader', 'buyer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a visitor may pick at sign-up: admins are created from the CLI only. */
export const SIGNUP_ROLES = ['investor', 'trader', 'buyer'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  investor: 'Investor',
  trader: 'Trader',
  buyer: 'Buyer',
  admin: 'Admin',
};

export const KYC_STATUSES = ['pending', 'under_review', 'approved', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
/** Named groups of KYC statuses (domain/status-groups.ts). */
export const KYC_STATUS_GROUPS = {
  /** Waiting on the user or on an admin: not decided yet. */
  undecided: ['pending', 'under_review'],
} as const satisfies Record<string, readonly KycStatus[]>;
export const KYC_STATUS_LABELS: Record<KycStatus, string> = {
  pending: 'Pending',
  under_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const COUNTRIES = ['US', 'CA', 'GB', 'DE', 'FR', 'JP', 'AU', 'IN', 'CN', 'BR'] as const;
export const BUYER_INDUSTRIES = [
  'steel',
  'chemicals',
  'fertilizer',
  'refining',
  'transportation',
  'power',
  'other',
] as const;

/** Name shown in the top bar: the first name, or the username when there is none (spec §2). */
export function displayName(user: { firstName?: string | null; username: string }): string {
  return user.firstName?.trim() || user.username;
}

/** Browser storage key of the last role used (spec §3). */
export const PREFERRED_ROLE_STORAGE_KEY = 'hydrobridge-preferred-role';

/** How long an emailed email-verification link works (docs/decisions/0001-email-verification.md). */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
