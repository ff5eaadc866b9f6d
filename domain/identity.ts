// Identities that stay verified (issue 19, docs/verification.md): which fields a KYC approval vouches
// for, when they are locked, the request that changes them, and how two companies are compared.
import { z } from 'zod';
import { textField } from './text.ts';
import type { KycStatus, Role } from './users.ts';

/** The fields an approved KYC vouches for: the legal name, and for a company its name and number. */
export const IDENTITY_FIELDS = ['firstName', 'lastName', 'companyName', 'registrationNumber'] as const;
export type IdentityField = (typeof IDENTITY_FIELDS)[number];
export const IDENTITY_FIELD_LABELS: Record<IdentityField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  companyName: 'Company name',
  registrationNumber: 'Registration number',
};

/** The identity fields a role has (buyers have a company name, traders also a registration number). */
export function identityFieldsOf(role: Role): IdentityField[] {
  if (role === 'trader') return [...IDENTITY_FIELDS];
  if (role === 'buyer') return ['firstName', 'lastName', 'companyName'];
  return ['firstName', 'lastName'];
}

/**
 * Locked while an admin has vouched for them (approved) or is checking them (under review): a change
 * then goes through an identity change request. Before a submission, and after a rejection, the user
 * edits them freely on the profile.
 */
export function isIdentityLocked(kycStatus: KycStatus | string): boolean {
  return kycStatus === 'approved' || kycStatus === 'under_review';
}

export const IDENTITY_CHANGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type IdentityChangeStatus = (typeof IDENTITY_CHANGE_STATUSES)[number];

const field = (label: string, max: number) =>
  textField(label).trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);

/** `POST /api/kyc/identity-change`: the identity asked for (only the role's fields; unchanged ones may repeat). */
export const identityChangeCreateSchema = z.strictObject({
  firstName: field('First name', 60).optional(),
  lastName: field('Last name', 60).optional(),
  companyName: field('Company name', 120).optional(),
  registrationNumber: field('Registration number', 60).optional(),
});
export type IdentityChangeCreate = z.infer<typeof identityChangeCreateSchema>;

export const identityChangeSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(IDENTITY_CHANGE_STATUSES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string().datetime(),
});
export type IdentityChange = z.infer<typeof identityChangeSchema>;

export const IDENTITY_MESSAGES = {
  locked: (fields: string) =>
    `${fields}: verified by KYC, so changed only by an identity change request on the Verification page (your verification is reviewed again)`,
  noChange: 'Nothing to change: these are your verified details',
  pending: 'An identity change is already in review',
  notVerified: 'Only a verified (or in review) identity is changed by request: edit your profile instead',
  notAllowed: (field: string) => `${field} is not part of your identity for this role`,
} as const;

/** A company name compared as people read it: case, spaces and punctuation ignored ("ACME, Ltd." = "acme ltd"). */
export function companyNameKey(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * A registration number compared likewise ("GB 123-456" = "gb123456"): letters and digits of the Latin
 * alphabet only, as the database compares them too (server/features/verification/kyc/identity.ts).
 */
export function registrationKey(number: string | null | undefined): string {
  return (number ?? '')
    .normalize('NFKC')
    .replace(/[^a-zA-Z0-9]+/g, '')
    .toLowerCase();
}

/** Two companies are the same when both their name and their registration number match (normalized). */
export function sameCompany(
  a: { companyName: string | null; registrationNumber: string | null },
  b: { companyName: string | null; registrationNumber: string | null },
): boolean {
  const number = registrationKey(a.registrationNumber);
  const name = companyNameKey(a.companyName);
  return (
    number !== '' &&
    name !== '' &&
    number === registrationKey(b.registrationNumber) &&
    name === companyNameKey(b.companyName)
  );
}

// ---- what is pending (the dashboards' banner, the account menu's dot) ----------------------------

export type PendingStep =
  | 'verify-email'
  | 'upload-documents'
  | 'documents-in-review'
  | 'identity-change-in-review'
  | 'resubmit-documents';

/** What the user has still to do or wait for before money moves, in order; none for an admin. */
export function pendingVerification(
  user: { role: Role; emailVerified: boolean; kycStatus: KycStatus | string },
  identityChangeInReview = false,
): PendingStep[] {
  if (user.role === 'admin') return [];
  const steps: PendingStep[] = [];
  if (!user.emailVerified) steps.push('verify-email');
  if (user.kycStatus === 'pending') steps.push('upload-documents');
  if (user.kycStatus === 'under_review')
    steps.push(identityChangeInReview ? 'identity-change-in-review' : 'documents-in-review');
  if (user.kycStatus === 'rejected') steps.push('resubmit-documents');
  return steps;
}

/** Each step in a sentence, for the banner (plain and specific). */
export const PENDING_STEP_TEXT: Record<PendingStep, string> = {
  'verify-email': 'Verify your email address: open the link we emailed you.',
  'upload-documents': 'Upload your identity documents so that our compliance team can verify you.',
  'documents-in-review': 'Your documents are under review (1-3 business days).',
  'identity-change-in-review':
    'Your change of name or company is under review (1-3 business days); money stays closed until then.',
  'resubmit-documents': 'Your verification was not approved: read the reason and send new documents.',
};
