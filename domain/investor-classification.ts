// Investor classification (ECSP art. 21, Annex II; docs/investor-protection.md): who counts as a
// sophisticated investor, the criteria and evidence of an application, and the admin's decision.
import { z } from 'zod';

/**
 * The one rule: an investor is sophisticated while the flag is set (`isAccredited`, spec §3) and its
 * end date, if it has one, has not passed. An admin's approval always sets the end (two years); a flag
 * without one was set by the operator (or a test) and holds until cleared. Read at every use with the
 * caller's clock: an expired status is non-sophisticated even before the sweep clears the flag.
 */
export function isSophisticated(
  user: { isAccredited: boolean; accreditedUntil: Date | string | null },
  now: Date,
): boolean {
  if (!user.isAccredited) return false;
  return user.accreditedUntil === null || new Date(user.accreditedUntil).getTime() > now.getTime();
}

export const PERSON_TYPES = ['natural', 'legal'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

/** ECSP Annex II criteria: a natural person meets at least two, a legal person at least one. */
export const CLASSIFICATION_CRITERIA = {
  natural: {
    incomeOrPortfolio:
      'My personal gross income is at least €60,000 a year, or my financial instrument portfolio (cash deposits included) is worth more than €100,000',
    professionalExperience:
      'I work or have worked for at least one year in the financial sector in a professional position that requires knowledge of the transactions or services envisaged',
    significantTransactions:
      'I have carried out transactions of significant size on capital markets at an average frequency of 10 per quarter over the previous four quarters',
  },
  legal: {
    ownFunds: 'The company has own funds of at least €100,000',
    turnover: 'The company has a net turnover of at least €2,000,000',
    balanceSheet: 'The company has a balance sheet total of at least €1,000,000',
  },
} as const;
export type NaturalCriterion = keyof (typeof CLASSIFICATION_CRITERIA)['natural'];
export type LegalCriterion = keyof (typeof CLASSIFICATION_CRITERIA)['legal'];
export type ClassificationCriterion = NaturalCriterion | LegalCriterion;
export const CRITERIA_NEEDED: Record<PersonType, number> = { natural: 2, legal: 1 };

export const CLASSIFICATION_MESSAGES = {
  tooFewNatural: 'Tick at least two of the criteria that apply to you',
  tooFewLegal: 'Tick at least one of the criteria that apply to the company',
  criterionUnknown: 'That criterion does not apply to this kind of investor',
  evidenceRequired: 'Attach at least one document that shows the criteria you ticked',
  alreadyPending: 'Your application is already waiting for review',
  notInvestor: 'Only investors can apply to be treated as sophisticated',
  decided: 'This application has already been decided',
  notFound: 'Application not found',
  reasonRequired: 'Give the investor a reason (at least 5 characters)',
} as const;

export function criteriaOf(type: PersonType): ClassificationCriterion[] {
  return Object.keys(CLASSIFICATION_CRITERIA[type]) as ClassificationCriterion[];
}

/** Why this set of criteria does not qualify; undefined when it does. */
export function classificationIssue(type: PersonType, criteria: readonly string[]): string | undefined {
  const allowed = criteriaOf(type) as string[];
  if (criteria.some((c) => !allowed.includes(c))) return CLASSIFICATION_MESSAGES.criterionUnknown;
  if (new Set(criteria).size < CRITERIA_NEEDED[type])
    return type === 'natural' ? CLASSIFICATION_MESSAGES.tooFewNatural : CLASSIFICATION_MESSAGES.tooFewLegal;
  return undefined;
}

/** The multipart fields of `POST /api/investor/classification` (the evidence files come beside them). */
export const classificationFieldsSchema = z
  .object({
    personType: z.enum(PERSON_TYPES, { error: 'Choose whether you apply as a person or as a company' }),
    /** Comma-separated criterion ids (multipart fields are text). */
    criteria: z
      .string({ error: CLASSIFICATION_MESSAGES.tooFewNatural })
      .max(200)
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    statement: z.string().trim().max(2000, 'Keep the explanation under 2,000 characters').optional(),
  })
  .superRefine((v, ctx) => {
    const issue = classificationIssue(v.personType, v.criteria);
    if (issue) ctx.addIssue({ code: 'custom', path: ['criteria'], message: issue });
  });

/**
 * The application form: the same rules as the server's fields, the criteria as the ticked list and the
 * evidence as the chosen files (at least one, not empty). One problem at a time, the criteria first.
 */
export const classificationFormSchema = z
  .object({
    personType: z.enum(PERSON_TYPES, { error: 'Choose whether you apply as a person or as a company' }),
    criteria: z.array(z.string()),
    evidence: z.array(z.custom<{ size: number }>((v) => typeof v === 'object' && v !== null && 'size' in v)),
    statement: z.string().trim().max(2000, 'Keep the explanation under 2,000 characters'),
  })
  .superRefine((v, ctx) => {
    const issue = classificationIssue(v.personType, v.criteria);
    if (issue) ctx.addIssue({ code: 'custom', path: ['criteria'], message: issue });
    else if (!v.evidence.some((file) => file.size > 0))
      ctx.addIssue({ code: 'custom', path: ['evidence'], message: CLASSIFICATION_MESSAGES.evidenceRequired });
  });
export type ClassificationForm = z.infer<typeof classificationFormSchema>;

export const CLASSIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClassificationStatus = (typeof CLASSIFICATION_STATUSES)[number];
export const CLASSIFICATION_STATUS_LABELS: Record<ClassificationStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
};

const documentSchema = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const classificationApplicationSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  personType: z.enum(PERSON_TYPES),
  criteria: z.array(z.string()),
  statement: z.string().nullable(),
  status: z.enum(CLASSIFICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().datetime(),
  decidedAt: z.string().datetime().nullable(),
  validUntil: z.string().datetime().nullable(),
  documents: z.array(documentSchema),
});
export type ClassificationApplication = z.infer<typeof classificationApplicationSchema>;

/** `GET /api/investor/classification`: where the investor stands, and their latest application. */
export const classificationViewSchema = z.object({
  sophisticated: z.boolean(),
  /** When the sophisticated status ends (null while non-sophisticated). */
  validUntil: z.string().datetime().nullable(),
  latest: classificationApplicationSchema.nullable(),
});
export type ClassificationView = z.infer<typeof classificationViewSchema>;

/** The admin's queue: pending applications with who applied. */
export const classificationQueueSchema = z.array(
  classificationApplicationSchema.extend({ investorName: z.string(), investorEmail: z.string().nullable() }),
);
export type ClassificationQueue = z.infer<typeof classificationQueueSchema>;

export const classificationDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve') }),
    z.strictObject({
      decision: z.literal('reject'),
      reason: z
        .string({ error: CLASSIFICATION_MESSAGES.reasonRequired })
        .trim()
        .min(5, CLASSIFICATION_MESSAGES.reasonRequired)
        .max(500, 'Keep the reason under 500 characters'),
    }),
  ],
  { error: 'decision must be "approve" or "reject"' },
);
export type ClassificationDecision = z.infer<typeof classificationDecisionSchema>;
