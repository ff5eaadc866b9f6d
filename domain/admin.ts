// The admin console (spec §2 admin dashboard, §3 admin user row, §6 admin abilities): wire shapes of
// the admin calls, the user-management tabs and the dashboard's figures.
import { z } from 'zod';
import { ESCROW_STATUSES } from './investments.ts';
import { percentOf } from './money.ts';
import { textField } from './text.ts';
import { ACCOUNT_STATUSES, KYC_STATUSES, ROLES, SIGNUP_ROLES, type KycStatus } from './users.ts';
import { countOf } from './plural.ts';

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
const reasonField = (label: string) =>
  textField(label, { multiline: true, error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(1000, `${label} is at most 1,000 characters`);
const noteField = textField('Note', { multiline: true }).trim().max(1000, 'Note is at most 1,000 characters');

// ---- user management -----------------------------------------------------------------------------

export const USER_TABS = ['all', 'pending-kyc', 'active', 'suspended'] as const;
export type UserTab = (typeof USER_TABS)[number];
export const USER_TAB_LABELS: Record<UserTab, string> = {
  all: 'All Users',
  'pending-kyc': 'Pending KYC',
  active: 'Active',
  suspended: 'Suspended',
};
/** Spec §8 empty states of the tabs. */
export const USER_TAB_EMPTY: Record<UserTab, string> = {
  all: 'No users found',
  'pending-kyc': 'No pending KYC requests',
  active: 'No active users',
  suspended: 'No suspended users',
};
/** KYC statuses waiting for an admin (the Pending KYC tab, the queue, the Pending KYC stat). */
export const KYC_WAITING: readonly KycStatus[] = ['pending', 'under_review'];

export const PAGE_SIZE = 25;
/** The `page` query parameter of the admin's lists. */
export const page = z.coerce
  .number()
  .int('Page must be a whole number')
  .min(1, 'Page must be at least 1')
  .max(100_000)
  .default(1);

export const userListQuerySchema = z.strictObject({
  tab: z.enum(USER_TABS).default('all'),
  q: textField('Search').trim().max(100, 'Search is at most 100 characters').optional(),
  page,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** Spec §3 admin user row. */
export const adminUserRowSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  kycStatus: z.enum(KYC_STATUSES),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  registrationDate: z.string().datetime(),
  totalTransactions: z.number().int(),
  riskScore: z.number().int().min(0).max(100),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const userListSchema = z.object({
  users: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserList = z.infer<typeof userListSchema>;

export { idParamsSchema } from './ids.ts';

export const kycDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve'), note: noteField.optional() }),
    z.strictObject({
      decision: z.literal('reject'),
      reason: reasonField('Reason'),
      note: noteField.optional(),
    }),
  ],
  { error: 'Decision must be approve or reject' },
);
export type KycDecision = z.infer<typeof kycDecisionSchema>;

export const suspendSchema = z.strictObject({ reason: reasonField('Reason') });
/** The admin's reason form (suspend, reject a request, send evidence or a settlement back). */
export const reasonSchema = z.strictObject({ reason: reasonField('Reason') });
export type ReasonInput = z.infer<typeof reasonSchema>;

/** The KYC review form: one reason and note for both buttons, the reason required only to reject. */
export const kycReviewFormSchema = z
  .strictObject({
    decision: z.enum(['approve', 'reject']),
    reason: textField('Reason', { multiline: true }).trim().max(1000, 'Reason is at most 1,000 characters'),
    note: noteField,
  })
  .refine((v) => v.decision === 'approve' || v.reason !== '', {
    path: ['reason'],
    error: 'Reason is required',
  });
export type KycReviewForm = z.infer<typeof kycReviewFormSchema>;

/** The decision the review form sends: the reason only with a rejection, the note only when written. */
export function kycDecisionOf(form: KycReviewForm): KycDecision {
  const note = form.note ? { note: form.note } : {};
  return form.decision === 'approve'
    ? { decision: 'approve', ...note }
    : { decision: 'reject', reason: form.reason, ...note };
}

export const ADMIN_MESSAGES = {
  notYourself: 'You cannot suspend your own account',
  notAdmin: 'Admins are suspended from the command line, not the console',
  alreadySuspended: 'This account is already suspended',
  notSuspended: 'This account is not suspended',
  kycDecided: 'This verification is already decided',
  userNotFound: 'User not found',
  escrowNotFound: 'Escrow record not found',
  notDisputed: 'Only a disputed escrow record can be resolved',
  notHeld: 'Only funds held in escrow can be disputed',
} as const;

// ---- escrow and disputes -------------------------------------------------------------------------

export const escrowListQuerySchema = z.strictObject({
  status: z.enum(ESCROW_STATUSES).optional(),
  campaignId: z.string().uuid('campaignId must be an id').optional(),
  /** Part of a campaign's title (any case): the records of every campaign whose title holds it. */
  campaign: textField('Campaign').trim().max(100, 'Campaign is at most 100 characters').optional(),
  page,
});

/** One escrow model for investments and buyer orders (docs/money.md): a record names what it holds. */
export const escrowRowSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(['investment', 'order']),
  /** The campaign's title, or the order's ("Order of 150 t from Kandla"). */
  subjectTitle: z.string(),
  campaignId: z.string().uuid().nullable(),
  investmentId: z.string().uuid().nullable(),
  orderId: z.string().uuid().nullable(),
  /** The investor, or the buyer. */
  payerId: z.string().uuid(),
  payerName: z.string(),
  amount: decimalString,
  /** What of it already went to the trade (a campaign's staged releases). */
  releasedAmount: decimalString,
  status: z.enum(ESCROW_STATUSES),
  disputeReason: z.string().nullable(),
  createdAt: z.string().datetime(),
});
export type EscrowRow = z.infer<typeof escrowRowSchema>;

export const escrowListSchema = z.object({
  records: z.array(escrowRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Sums per status of the filtered records (all pages). */
  totals: z.object(
    Object.fromEntries(ESCROW_STATUSES.map((s) => [s, decimalString])) as Record<
      (typeof ESCROW_STATUSES)[number],
      typeof decimalString
    >,
  ),
});
export type EscrowList = z.infer<typeof escrowListSchema>;

export const disputeSchema = z.strictObject({ reason: reasonField('Reason') });
export type DisputeInput = z.infer<typeof disputeSchema>;
export const resolveSchema = z.strictObject({
  outcome: z.enum(['release', 'refund'], { error: 'Outcome must be release or refund' }),
  note: noteField.optional(),
});
export type Resolution = z.infer<typeof resolveSchema>;

// ---- dashboard -----------------------------------------------------------------------------------

export const dashboardSchema = z.object({
  stats: z.object({
    totalUsers: z.number().int(),
    activeUsers: z.number().int(),
    pendingKyc: z.number().int(),
    totalEscrow: decimalString,
    activeDisputes: z.number().int(),
    /** New users in the last 30 days against the users there were before, in percent (1 decimal). */
    monthlyGrowth: z.string(),
  }),
  kycQueue: z.array(adminUserRowSchema),
  escrow: z.array(escrowRowSchema),
  compliance: z.object({
    /** Spec §9: (total − pending) / total, in percent. */
    approvalRate: z.string(),
    /** Users whose KYC was rejected or whose account is suspended, in percent of all users. */
    flaggedRate: z.string(),
    paymentsLast30Days: z.number().int(),
    disputedRecords: z.number().int(),
  }),
});
export type AdminDashboard = z.infer<typeof dashboardSchema>;

/** A percentage of counts with one decimal ("85.0"), exact (`percentOf`); 0 of 0 is "0.0". */
export function percentText(part: number, whole: number): string {
  return whole === 0 ? '0.0' : percentOf(part, whole);
}

/** Spec §9 approval rate: (total − pending) / total, "pending" being every user still waiting. */
export function approvalRate(total: number, waiting: number): string {
  return percentText(total - waiting, total);
}

// ---- role change requests (spec §1 "users may add further roles later in their profile", §3) -----

export const roleRequestSchema = z.strictObject({
  newRole: z.enum(SIGNUP_ROLES, { error: 'Choose investor, trader or buyer' }),
});
export const roleRequestDecisionSchema = z.strictObject({
  decision: z.enum(['approve', 'decline'], { error: 'Decision must be approve or decline' }),
  reason: textField('Reason', { multiline: true }).trim().max(1000).optional(),
});
/** A role change request: waiting for an admin, or decided. */
export const ROLE_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type RoleRequestStatus = (typeof ROLE_REQUEST_STATUSES)[number];

export const roleRequestRowSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string().nullable(),
  currentRole: z.enum(ROLES),
  newRole: z.enum(ROLES),
  status: z.enum(ROLE_REQUEST_STATUSES),
  createdAt: z.string().datetime(),
});
export type RoleRequestRow = z.infer<typeof roleRequestRowSchema>;
export const roleRequestListSchema = z.object({
  requests: z.array(roleRequestRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RoleRequestList = z.infer<typeof roleRequestListSchema>;
export const ROLE_REQUEST_MESSAGES = {
  sameRole: 'You already have this role',
  pending: 'You already asked for a role change; an admin will answer it',
  decided: 'This request is already decided',
  notFound: 'Role request not found',
} as const;

/** What keeps a user's role from changing: money still in flight under the role it was committed with. */
export interface RoleChangeBlockers {
  openOrders: number;
  liveInvestments: number;
  unfinishedCampaigns: number;
  settlementsDue: number;
}

/** "2 open orders and 1 live investment"; null when nothing blocks the change. */
export function roleChangeBlockersText(b: RoleChangeBlockers): string | null {
  const parts = [
    b.openOrders && countOf(b.openOrders, 'open order'),
    b.liveInvestments && countOf(b.liveInvestments, 'live investment'),
    b.unfinishedCampaigns &&
      countOf(b.unfinishedCampaigns, 'campaign not finished', 'campaigns not finished'),
    b.settlementsDue && countOf(b.settlementsDue, 'settlement due', 'settlements due'),
  ].filter((p): p is string => !!p);
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
