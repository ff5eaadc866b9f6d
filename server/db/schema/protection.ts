import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CLASSIFICATION_STATUSES,
  PERSON_TYPES,
  type ClassificationStatus,
  type PersonType,
} from '../../../domain/investor-protection.ts';
import { campaigns } from './campaigns.ts';
import { storedFiles } from './files.ts';
import { investments } from './investments.ts';
import { users } from './users.ts';
import { checkIn } from '../vocabulary.ts';

// Investor protection (docs/investor-protection.md). Every row is kept: a new test or application
// adds a row, so what an investor answered and declared when they invested stays on record.

/** The entry knowledge test and loss simulation, one row per time it was taken (the latest counts). */
export const appropriatenessAssessments = pgTable(
  'appropriateness_assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** questionId → optionId, as answered. */
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    passed: boolean('passed').notNull(),
    /** The questions answered wrong, whose warnings were shown. */
    wrong: text('wrong').array().notNull(),
    /** Given when the test was failed: the investor confirmed reading the warnings. */
    acknowledged: boolean('acknowledged').notNull(),
    income: numeric('income', { precision: 15, scale: 2 }).notNull(),
    liquidAssets: numeric('liquid_assets', { precision: 15, scale: 2 }).notNull(),
    commitments: numeric('commitments', { precision: 15, scale: 2 }).notNull(),
    /** income + liquid assets − commitments (may be negative). */
    netWorth: numeric('net_worth', { precision: 16, scale: 2 }).notNull(),
    /** 10% of a positive net worth. */
    maxLoss: numeric('max_loss', { precision: 15, scale: 2 }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('appropriateness_user_idx').on(t.userId, t.takenAt.desc())],
);

/** An application to be treated as a sophisticated investor, reviewed by an admin. */
export const classificationApplications = pgTable(
  'classification_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personType: text('person_type').$type<PersonType>().notNull(),
    criteria: text('criteria').array().notNull(),
    statement: text('statement'),
    status: text('status').$type<ClassificationStatus>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    /** Approved: the sophisticated status holds until then (two years). */
    validUntil: timestamp('valid_until', { withTimezone: true }),
  },
  (t) => [
    index('classification_user_idx').on(t.userId, t.submittedAt.desc()),
    index('classification_queue_idx').on(t.status, t.submittedAt),
    checkIn('classification_person_type_check', t.personType, PERSON_TYPES),
    checkIn('classification_status_check', t.status, CLASSIFICATION_STATUSES),
  ],
);

/** The evidence of an application: uploaded files (server/uploads, as KYC documents are stored). */
export const classificationDocuments = pgTable(
  'classification_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => classificationApplications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As uploaded (shown to admins only, never trusted: the type is read from the content). */
    fileName: text('file_name').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('classification_documents_app_idx').on(t.applicationId)],
);

/** The trader's disclosure for the KIIS: risk factors and declared costs (part of the campaign's terms). */
export const campaignDisclosures = pgTable(
  'campaign_disclosures',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    riskFactors: text('risk_factors').notNull().default(''),
    conversionCost: numeric('conversion_cost', { precision: 15, scale: 2 }).notNull().default('0'),
    shippingCost: numeric('shipping_cost', { precision: 15, scale: 2 }).notNull().default('0'),
    insuranceCost: numeric('insurance_cost', { precision: 15, scale: 2 }).notNull().default('0'),
    feesCost: numeric('fees_cost', { precision: 15, scale: 2 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'campaign_disclosures_costs_nonnegative',
      sql`${t.conversionCost} >= 0 and ${t.shippingCost} >= 0 and ${t.insuranceCost} >= 0 and ${t.feesCost} >= 0`,
    ),
  ],
);

/** What the investor acknowledged for an investment, written with its payment intent (or balance payment). */
export const investmentAcknowledgements = pgTable('investment_acknowledgements', {
  investmentId: uuid('investment_id')
    .primaryKey()
    .references(() => investments.id, { onDelete: 'cascade' }),
  /** The KIIS version (the campaign's terms version) the investor read. */
  kiisVersion: integer('kiis_version').notNull(),
  /** The risk warning was shown and confirmed (the amount was above the threshold). */
  riskWarning: boolean('risk_warning').notNull(),
  /** The threshold in force then (the higher of $1,000 or 5% of net worth); null for a sophisticated investor. */
  riskWarningAbove: numeric('risk_warning_above', { precision: 16, scale: 2 }),
  sophisticated: boolean('sophisticated').notNull(),
  /** The knowledge test that stood when investing (null for a sophisticated investor). */
  assessmentId: uuid('assessment_id').references(() => appropriatenessAssessments.id),
  acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull(),
});
