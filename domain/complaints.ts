// Complaints (ECSP art. 7; docs/complaints.md): what a user files, the reference they quote, the
// deadline we hold ourselves to, and the admin's outcome. Pure: shared by the server and the client.
import { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from './kyc.ts';
import { textField } from './text.ts';

export const COMPLAINT_CATEGORIES = [
  'investment',
  'payment',
  'campaign',
  'order',
  'account',
  'platform_conduct',
  'other',
] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];
export const COMPLAINT_CATEGORY_LABELS: Record<ComplaintCategory, string> = {
  investment: 'An investment',
  payment: 'A payment or withdrawal',
  campaign: 'A campaign or its trader',
  order: 'A hydrogen order',
  account: 'My account or verification',
  platform_conduct: 'How HydroBridge or its staff acted',
  other: 'Something else',
};

export const COMPLAINT_STATUSES = ['open', 'decided'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
export const COMPLAINT_STATUS_LABELS: Record<ComplaintStatus, string> = {
  open: 'Being reviewed',
  decided: 'Decided',
};

export const COMPLAINT_OUTCOMES = ['upheld', 'partly_upheld', 'rejected'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];
export const COMPLAINT_OUTCOME_LABELS: Record<ComplaintOutcome, string> = {
  upheld: 'Upheld',
  partly_upheld: 'Partly upheld',
  rejected: 'Rejected',
};

/** We decide within 15 business days of receipt (the acknowledgement leaves at once, by email). */
export const COMPLAINT_DECISION_BUSINESS_DAYS = 15;
export const COMPLAINT_TEXT_MIN = 20;
export const COMPLAINT_TEXT_MAX = 5000;
export const COMPLAINT_RESPONSE_MIN = 20;
export const COMPLAINT_RESPONSE_MAX = 5000;

/**
 * `days` business days after `from` (Monday to Friday, UTC; public holidays are not skipped, so the
 * deadline errs on the early side), at the same time of day.
 */
export function addBusinessDays(from: Date, days: number): Date {
  const at = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    at.setUTCDate(at.getUTCDate() + 1);
    const day = at.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return at;
}

/** A complaint's reference: HB-C-<year>-<six digits, counted per year>. */
export function complaintReference(year: number, n: number): string {
  return `HB-C-${year}-${String(n).padStart(6, '0')}`;
}

export const COMPLAINT_MESSAGES = {
  category: 'Choose what your complaint is about',
  textShort: `Describe your complaint in at least ${COMPLAINT_TEXT_MIN} characters`,
  textLong: `Keep your complaint under ${COMPLAINT_TEXT_MAX} characters`,
  responseShort: `Write the response to the complainant in at least ${COMPLAINT_RESPONSE_MIN} characters`,
  responseLong: `Keep the response under ${COMPLAINT_RESPONSE_MAX} characters`,
  outcome: 'Choose an outcome: upheld, partly upheld or rejected',
  attachmentType: 'Attachment: only PDF, JPEG or PNG files are accepted',
  attachmentLarge: 'Attachment: the file is larger than 10 MB',
  attachmentEmpty: 'Attachment: the file is empty',
  attachmentField: 'Attach one file in the field "attachment"',
  notMultipart: 'Send the complaint as JSON, or as multipart/form-data with an attachment',
  malformed: 'The upload is not a readable multipart/form-data body',
  alreadyDecided: 'This complaint is decided already',
  notFound: 'Complaint not found',
} as const;

/** `POST /api/complaints` (JSON, or the same fields as multipart/form-data with an `attachment`). */
export const complaintCreateSchema = z.strictObject({
  category: z.enum(COMPLAINT_CATEGORIES, { error: COMPLAINT_MESSAGES.category }),
  text: textField('Complaint', { multiline: true, error: COMPLAINT_MESSAGES.textShort })
    .trim()
    .min(COMPLAINT_TEXT_MIN, COMPLAINT_MESSAGES.textShort)
    .max(COMPLAINT_TEXT_MAX, COMPLAINT_MESSAGES.textLong),
});
export type ComplaintCreate = z.infer<typeof complaintCreateSchema>;

/** The complaint form: the API's fields and the optional attachment (a browser File), at most 10 MB. */
export const complaintFormSchema = complaintCreateSchema.extend({
  attachment: z
    .custom<{ size: number }>(
      (v) => typeof v === 'object' && v !== null && typeof Reflect.get(v, 'size') === 'number',
      COMPLAINT_MESSAGES.attachmentField,
    )
    .refine((file) => file.size <= MAX_DOCUMENT_BYTES, COMPLAINT_MESSAGES.attachmentLarge)
    .optional(),
});
export type ComplaintForm = z.infer<typeof complaintFormSchema>;

/** `POST /api/admin/complaints/:id/outcome`. */
export const complaintOutcomeSchema = z.strictObject({
  outcome: z.enum(COMPLAINT_OUTCOMES, { error: COMPLAINT_MESSAGES.outcome }),
  response: textField('Response', { multiline: true, error: COMPLAINT_MESSAGES.responseShort })
    .trim()
    .min(COMPLAINT_RESPONSE_MIN, COMPLAINT_MESSAGES.responseShort)
    .max(COMPLAINT_RESPONSE_MAX, COMPLAINT_MESSAGES.responseLong),
});
export type ComplaintOutcomeInput = z.infer<typeof complaintOutcomeSchema>;

export const complaintSchema = z.object({
  id: z.string().uuid(),
  reference: z.string(),
  category: z.enum(COMPLAINT_CATEGORIES),
  text: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  receivedAt: z.string().datetime(),
  acknowledgedAt: z.string().datetime().nullable(),
  decisionDueAt: z.string().datetime(),
  overdue: z.boolean(),
  attachment: z.object({ fileName: z.string(), contentType: z.string(), size: z.number().int() }).nullable(),
  outcome: z.enum(COMPLAINT_OUTCOMES).nullable(),
  response: z.string().nullable(),
  decidedAt: z.string().datetime().nullable(),
});
export type Complaint = z.infer<typeof complaintSchema>;

/** What an admin sees in the queue: the complaint and who filed it. */
export const adminComplaintSchema = complaintSchema.extend({
  complainant: z.object({
    id: z.string().uuid(),
    name: z.string(),
    email: z.string().nullable(),
    role: z.string(),
  }),
  decidedBy: z.string().nullable(),
});
export type AdminComplaint = z.infer<typeof adminComplaintSchema>;

/** Open and past its decision deadline. */
export function isOverdue(c: { status: ComplaintStatus; decisionDueAt: Date | string }, now: Date): boolean {
  return c.status === 'open' && new Date(c.decisionDueAt).getTime() < now.getTime();
}

/** `GET /api/complaints` (the user's) and `GET /api/admin/complaints` (the queue). */
export const complaintListSchema = z.array(complaintSchema);
export const adminComplaintListSchema = z.array(adminComplaintSchema);
