// KYC/KYB verification (spec §1, §4; DESIGN.md §3): the documents each role submits, the file types
// accepted (judged by content, never by name), and the wire shapes of the verification calls.
import { z } from 'zod';
import { identityChangeSchema } from './identity.ts';
import { textField } from './text.ts';
import { KYC_STATUSES, type KycStatus, type Role } from './users.ts';

export const DOCUMENT_KINDS = ['identity', 'address', 'company'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  identity: 'Identity document',
  address: 'Proof of address',
  company: 'Company registration (KYB)',
};

/** Investors prove who they are and where they live; traders and buyers also their company (KYB). */
export function requiredDocuments(role: Role): DocumentKind[] {
  return role === 'trader' || role === 'buyer' ? ['identity', 'address', 'company'] : ['identity', 'address'];
}

export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** At most 10 MB per file. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** One submission holds at most one file per kind. */
export const MAX_DOCUMENTS_PER_SUBMISSION = DOCUMENT_KINDS.length;

/** The spec's review expectation, shown with the status. */
export const KYC_REVIEW_TIME = 'KYC review takes 1-3 business days.';

/**
 * The type of a file by its first bytes (its "magic number"): PDF (%PDF-), JPEG (FF D8 FF) or PNG
 * (89 50 4E 47 0D 0A 1A 0A); null for anything else, whatever the file is called.
 */
export function detectDocumentType(head: Uint8Array): DocumentType | null {
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return null;
}

/** Messages of the upload's refusals (each names the file's field). */
export const KYC_MESSAGES = {
  wrongType: (label: string) => `${label}: only PDF, JPEG or PNG files are accepted`,
  tooLarge: (label: string) => `${label}: the file is larger than 10 MB`,
  empty: (label: string) => `${label}: the file is empty`,
  missing: (label: string) => `${label} is required`,
  unknownField: (name: string) => `Unknown field ${name}: send identity, address or company`,
  tooMany: 'Send one file per document',
  notMultipart: 'Send the documents as multipart/form-data',
  malformed: 'The upload is not a readable multipart/form-data body',
  alreadySubmitted: 'Your documents are already under review',
  alreadyApproved: 'Your verification is already approved',
} as const;

export const verificationDocumentSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.enum(DOCUMENT_TYPES),
  size: z.number().int(),
  createdAt: z.string().datetime(),
});
export type VerificationDocument = z.infer<typeof verificationDocumentSchema>;

/** `GET /api/kyc`: the caller's verification. */
export const verificationSchema = z.object({
  kycStatus: z.enum(KYC_STATUSES),
  kycRejectionReason: z.string().nullable(),
  submittedAt: z.string().datetime().nullable(),
  required: z.array(z.enum(DOCUMENT_KINDS)),
  documents: z.array(verificationDocumentSchema),
  /** The user's identity change in review, or the last one decided (with the reason if declined). */
  identityChange: identityChangeSchema.nullable(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** Text fields a KYB submission may carry with its files (pre-filled from the profile). */
export const kybFieldsSchema = z.strictObject({
  companyName: textField('Company name').trim().min(1, 'Company name is required').max(120).optional(),
  registrationNumber: textField('Registration number')
    .trim()
    .min(1, 'Registration number is required')
    .max(60)
    .optional(),
});

/**
 * May the user submit documents now? Pending or Rejected: yes (a rejected user re-submits); Under
 * Review only for an identity change in review (documents showing the new name or company).
 */
export function maySubmitDocuments(status: KycStatus, identityChangeInReview = false): boolean {
  return (
    status === 'pending' || status === 'rejected' || (status === 'under_review' && identityChangeInReview)
  );
}
