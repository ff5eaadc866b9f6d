import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_STATUSES,
  KYC_STATUSES,
  ROLES,
  type AccountStatus,
  type KycStatus,
  type Role,
} from '../../../domain/users.ts';
import { checkIn } from '../vocabulary.ts';

// spec §3 User. One role per user; `password` holds the password hash, never the password.
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    role: text('role').$type<Role>().notNull().default('investor'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    /** Proven by a link sent to the address, by a social login that vouches for it, or by the operator. */
    emailVerified: boolean('email_verified').notNull().default(false),
    phone: text('phone'),
    country: text('country'),
    companyName: text('company_name'),
    registrationNumber: text('registration_number'),
    buyerIndustry: text('buyer_industry'),
    /** Sophisticated investor (ECSP), approved by an admin; read with isSophisticated (domain/investor-protection.ts). */
    isAccredited: boolean('is_accredited').notNull().default(false),
    /** When the sophisticated status ends (two years after approval); the flag counts only before it. */
    accreditedUntil: timestamp('accredited_until', { withTimezone: true }),
    kycStatus: text('kyc_status').$type<KycStatus>().notNull().default('pending'),
    kycDocuments: text('kyc_documents')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The admin's reason, shown to the user while the status is `rejected`. */
    kycRejectionReason: text('kyc_rejection_reason'),
    /** When the documents were last submitted: the review queue is oldest first. */
    kycSubmittedAt: timestamp('kyc_submitted_at', { withTimezone: true }),
    accountStatus: text('account_status').$type<AccountStatus>().notNull().default('active'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    /** Notification emails the user turned off on /settings (domain/notifications.ts kinds). */
    emailOptOuts: text('email_opt_outs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    riskDisclosureAccepted: boolean('risk_disclosure_accepted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Sign-in accepts either spelling, so uniqueness ignores case.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    checkIn('users_role_check', t.role, ROLES),
    checkIn('users_kyc_status_check', t.kycStatus, KYC_STATUSES),
    checkIn('users_account_status_check', t.accountStatus, ACCOUNT_STATUSES),
    // The admin console's tabs and queue read these without scanning every user.
    index('users_kyc_queue_idx').on(t.kycStatus, t.kycSubmittedAt, t.createdAt),
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
