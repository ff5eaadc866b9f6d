// The admin's reports and the audit log (docs/admin.md): the compliance exports and their range, and
// the audit log as a person reads it — who did what to whom, with the changes in words.
import { z } from 'zod';
import { identityChangeSchema } from './identity.ts';
import { adminUserRowSchema, page } from './admin.ts';

export const REPORTS = ['kyc-audit', 'transactions', 'risk-assessment'] as const;
export type Report = (typeof REPORTS)[number];
export const REPORT_LABELS: Record<Report, string> = {
  'kyc-audit': 'KYC audit',
  transactions: 'Transaction monitoring',
  'risk-assessment': 'Risk assessment',
};

const isoDate = z.iso.date({ error: 'Use a date like 2026-01-31' });
export const reportQuerySchema = z
  .strictObject({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const AUDIT_ACTIONS = [
  'kyc.approve',
  'kyc.reject',
  'user.suspend',
  'user.reactivate',
  'escrow.resolve',
  'campaign.cancel',
  'report.export',
  'role.approve',
  'role.decline',
  'settlement.approve',
  'settlement.reject',
  'settlement.bank_transfer',
  'release.approve',
  'release.reject',
  'complaint.file',
  'complaint.decide',
  'campaign.approve',
  'campaign.reject',
  'classification.approve',
  'classification.reject',
  'job.retry',
  'certificate.approve',
  'certificate.reject',
  'question.hide',
  'answer.hide',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an admin did, in words: "<actor> <phrase> <target>" reads as a sentence. */
export const AUDIT_ACTION_PHRASES: Record<AuditAction, string> = {
  'kyc.approve': 'approved the KYC of',
  'kyc.reject': 'rejected the KYC of',
  'user.suspend': 'suspended',
  'user.reactivate': 'reactivated',
  'escrow.resolve': 'resolved the escrow dispute in',
  'campaign.cancel': 'cancelled',
  'report.export': 'exported',
  'role.approve': 'approved a role request of',
  'role.decline': 'declined a role request of',
  'settlement.approve': 'approved the settlement of',
  'settlement.reject': 'rejected the settlement of',
  'settlement.bank_transfer': 'recorded the bank transfer of',
  'release.approve': 'approved a release of',
  'release.reject': 'rejected a release of',
  'complaint.file': 'filed',
  'complaint.decide': 'decided',
  'campaign.approve': 'approved',
  'campaign.reject': 'rejected',
  'classification.approve': 'approved the professional classification of',
  'classification.reject': 'rejected the professional classification of',
  'job.retry': 'retried',
  'certificate.approve': 'approved',
  'certificate.reject': 'rejected',
  'question.hide': 'hid a question on',
  'answer.hide': 'hid an answer on',
};

/** The phrase of an action; an action this build does not know reads as its code. */
export function auditActionPhrase(action: string): string {
  return (AUDIT_ACTION_PHRASES as Record<string, string>)[action] ?? action;
}

/** One field an audited action changed (or recorded), as text: `status: pending → approved`. */
export interface AuditChange {
  field: string;
  /** The value before, as text; null when the action recorded no value before. */
  from: string | null;
  /** The value after, as text; null when the action recorded no value after. */
  to: string | null;
}

const auditValue = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An audit row's before/after as readable changes, field by field in the order written: the fields in
 * both with the same value are left out (they did not change); a field only before or only after has
 * the other side null. A before/after that is not an object is the field "value".
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const from = isRecord(before) ? before : before == null ? {} : { value: before };
  const to = isRecord(after) ? after : after == null ? {} : { value: after };
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields.flatMap((field) => {
    const a = field in from ? auditValue(from[field]) : null;
    const b = field in to ? auditValue(to[field]) : null;
    return a === b ? [] : [{ field, from: a, to: b }];
  });
}

/** `status: pending → approved`; a value only after: `amount: 10`; only before: `queue: emails (before)`. */
export function auditChangeText({ field, from, to }: AuditChange): string {
  if (from === null) return `${field}: ${to}`;
  if (to === null) return `${field}: ${from} (before)`;
  return `${field}: ${from} → ${to}`;
}

export const auditEntrySchema = z.object({
  seq: z.number().int(),
  actorId: z.string().nullable(),
  actor: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string().datetime(),
  /** The actor's name now (null once the account is gone: `actor` keeps their email as it was). */
  actorName: z.string().nullable(),
  /** What the target is called now: a person's name, a campaign's title, a report's name (null if gone). */
  targetName: z.string().nullable(),
});
export type AuditEntryRow = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditList = z.infer<typeof auditListSchema>;
export const auditListQuerySchema = z.strictObject({ page });

/** The admin's view of one user: the row, the profile fields KYB checks, and the documents. */
export const adminUserDetailSchema = adminUserRowSchema.extend({
  companyName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  country: z.string().nullable(),
  kycRejectionReason: z.string().nullable(),
  kycSubmittedAt: z.string().datetime().nullable(),
  /** The verified legal name (the row's `name` may be a username). */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  documents: z.array(
    z.object({
      id: z.string().uuid(),
      kind: z.string(),
      fileName: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      createdAt: z.string().datetime(),
      /** The admin asking has opened it (approval needs every document opened). */
      opened: z.boolean(),
    }),
  ),
  /** The identity change in review (or the last one decided), beside the verified values above. */
  identityChange: identityChangeSchema.nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
