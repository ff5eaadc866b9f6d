import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { MILESTONE_KINDS } from '../../../domain/lifecycle.ts';
import {
  PAYMENT_PURPOSES,
  PAYMENT_SOURCES,
  PAYMENT_STATUSES,
  type PaymentEndReason,
  type PaymentPurpose,
  type PaymentSource,
  type PaymentStatus,
} from '../../../domain/payment-lifecycle.ts';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '../../../domain/payments.ts';
import {
  RELEASE_STATUSES,
  SETTLEMENT_STATUSES,
  type ReleaseStatus,
  type ReleaseTrigger,
  type SettlementStatus,
} from '../../../domain/money-out.ts';
import {
  BANK_ACCOUNT_STATUSES,
  PAYOUT_PURPOSES,
  PAYOUT_STATUSES,
  type BankAccountStatus,
  type PayoutPurpose,
  type PayoutStatus,
} from '../../../domain/payouts.ts';
import { campaignDocuments, campaigns } from './campaigns.ts';
import { users } from './users.ts';
import { checkIn, sqlIn } from '../vocabulary.ts';

// The money module's tables (docs/money.md). Money is numeric(15,2), read as strings.

/**
 * One row per payment, whatever it pays for (domain/payment-lifecycle.ts): the provider's intent and
 * where it stands. The subject (investment, order, settlement) points here through its payment_id.
 * The unique intent id is what makes a payment booked at most once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    source: text('source').$type<PaymentSource>().notNull().default('card'),
    /** The card provider; null for a balance or a bank transfer. */
    provider: text('provider').$type<PaymentProviderName>(),
    /** The provider's payment intent (pi_…), once created. */
    intentId: text('intent_id'),
    status: text('status').$type<PaymentStatus>().notNull().default('created'),
    /** Why it was voided or ended unpaid (what the payer is told). */
    endReason: text('end_reason').$type<PaymentEndReason>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_intent_key').on(t.provider, t.intentId),
    // Live holds and recent intents of a payer (the caps).
    index('payments_payer_idx').on(t.payerId, t.status, t.createdAt),
    // The sweep's work, oldest first: unpaid intents to check or expire, provider calls to finish.
    index('payments_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('created', 'authorized', 'voiding', 'refunding')`),
    checkIn('payments_status_check', t.status, PAYMENT_STATUSES),
    checkIn('payments_purpose_check', t.purpose, PAYMENT_PURPOSES),
    checkIn('payments_source_check', t.source, PAYMENT_SOURCES),
    check(
      'payments_provider_check',
      sql`(${t.source} = 'card') = (${t.provider} is not null) and (${t.provider} is null or ${sqlIn(t.provider, PAYMENT_PROVIDERS)})`,
    ),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    // The intent is created first (money/payments.ts openCardPayment): a card payment always has one.
    check('payments_card_intent', sql`${t.source} <> 'card' or ${t.intentId} is not null`),
  ],
);

/** A user's bank account for payouts: one active per user, verified when it is added (docs/money.md). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    holderName: text('holder_name').notNull(),
    /** Electronic format, no spaces (ibantools' electronicFormatIBAN). */
    iban: text('iban').notNull(),
    country: text('country').notNull(),
    status: text('status').$type<BankAccountStatus>().notNull().default('verified'),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** The provider's destination for payouts (Stripe: a connected account; sandbox: ba_sb_…). */
    providerRef: text('provider_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_accounts_active_key')
      .on(t.userId)
      .where(sql`${t.removedAt} is null`),
    checkIn('bank_accounts_status_check', t.status, BANK_ACCOUNT_STATUSES),
  ],
);

/** Money sent to a bank account through the provider: a release to a trader, a withdrawal, a supplier's order. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    purpose: text('purpose').$type<PayoutPurpose>().notNull(),
    campaignId: uuid('campaign_id').references(() => campaigns.id),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    providerPayoutId: text('provider_payout_id'),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_provider_key').on(t.provider, t.providerPayoutId),
    index('payouts_user_idx').on(t.userId, t.createdAt.desc()),
    index('payouts_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'in_transit')`),
    checkIn('payouts_status_check', t.status, PAYOUT_STATUSES),
    checkIn('payouts_purpose_check', t.purpose, PAYOUT_PURPOSES),
    check('payouts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * A campaign's release schedule (docs/money.md): tranches of the raised money, each paid to the trader
 * when its trigger happens — trading starts, or a shipment milestone with its document confirmed by an
 * admin. Set at creation, locked with the terms; percents sum to 100.
 */
export const campaignReleases = pgTable(
  'campaign_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    seq: integer('seq').notNull(),
    trigger: text('trigger').$type<ReleaseTrigger>().notNull(),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
    status: text('status').$type<ReleaseStatus>().notNull().default('scheduled'),
    /** What was released (set when released: the last tranche takes the cents left). */
    amount: numeric('amount', { precision: 15, scale: 2 }),
    documentId: uuid('document_id').references((): AnyPgColumn => campaignDocuments.id),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewNote: text('review_note'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_releases_seq_key').on(t.campaignId, t.seq),
    uniqueIndex('campaign_releases_trigger_key').on(t.campaignId, t.trigger),
    checkIn('campaign_releases_status_check', t.status, RELEASE_STATUSES),
    // Wider than RELEASE_TRIGGERS: the constraint also admits `delivered`, as it always has.
    checkIn('campaign_releases_trigger_check', t.trigger, ['trading', ...MILESTONE_KINDS]),
    check('campaign_releases_percent_range', sql`${t.percent} > 0 and ${t.percent} <= 100`),
  ],
);

/**
 * The trade's result, declared by the trader as a P&L waterfall, reviewed by an admin, paid in by the
 * trader and then distributed (docs/money.md). One live settlement per campaign; rejected ones stay
 * for the record.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    status: text('status').$type<SettlementStatus>().notNull().default('pending_review'),
    actualProfit: numeric('actual_profit', { precision: 15, scale: 2 }).notNull(),
    salesProceeds: numeric('sales_proceeds', { precision: 15, scale: 2 }),
    purchaseCost: numeric('purchase_cost', { precision: 15, scale: 2 }),
    shippingCost: numeric('shipping_cost', { precision: 15, scale: 2 }),
    insuranceCost: numeric('insurance_cost', { precision: 15, scale: 2 }),
    otherCosts: numeric('other_costs', { precision: 15, scale: 2 }),
    invoiceDocumentId: uuid('invoice_document_id').references(() => campaignDocuments.id),
    /** Raised, disbursed and still in escrow when declared; the investors' part of the gross profit; the fee. */
    principal: numeric('principal', { precision: 15, scale: 2 }).notNull(),
    disbursed: numeric('disbursed', { precision: 15, scale: 2 }).notNull(),
    grossProfit: numeric('gross_profit', { precision: 15, scale: 2 }).notNull(),
    fee: numeric('fee', { precision: 15, scale: 2 }).notNull(),
    amountDue: numeric('amount_due', { precision: 15, scale: 2 }).notNull(),
    declaredBy: uuid('declared_by')
      .notNull()
      .references(() => users.id),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull(),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The card step's secret of the approved settlement's intent (the owner pays with it). */
    clientSecret: text('client_secret'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    defaultedAt: timestamp('defaulted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlements_live_key')
      .on(t.campaignId)
      .where(sql`${t.status} <> 'rejected'`),
    uniqueIndex('settlements_payment_key').on(t.paymentId),
    index('settlements_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'approved'`),
    checkIn('settlements_status_check', t.status, SETTLEMENT_STATUSES),
    check('settlements_amount_due_nonnegative', sql`${t.amountDue} >= 0`),
  ],
);
