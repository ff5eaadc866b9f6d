import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EscrowStatus, InvestmentStatus } from '../../../domain/investments.ts';
import type { PaymentProviderName } from '../../../domain/payments.ts';
import { campaigns } from './campaigns.ts';
import { users } from './users.ts';

// spec §3 Investment. One row per payment intent: `pending` while its amount is reserved (until
// `reservedUntil`), `confirmed` once the provider's payment was verified, then `refunded` or
// `paid_out`; `expired` when the reservation lapsed unpaid (the intent was cancelled). The unique
// payment intent id is what makes recording a payment happen at most once.
export const investments = pgTable(
  'investments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    investorId: uuid('investor_id')
      .notNull()
      .references(() => users.id),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    /** amount / target (spec §9), fixed when the investment is confirmed. */
    shares: numeric('shares', { precision: 10, scale: 6 }).notNull().default('0'),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** The provider's payment intent (spec: stripePaymentId); set once the provider created it. */
    stripePaymentId: text('stripe_payment_id'),
    status: text('status').$type<InvestmentStatus>().notNull().default('pending'),
    profitShare: numeric('profit_share', { precision: 15, scale: 2 }),
    /** A pending investment holds its amount of the campaign until then. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('investments_payment_key').on(t.provider, t.stripePaymentId),
    index('investments_investor_idx').on(t.investorId, t.createdAt.desc()),
    index('investments_campaign_status_idx').on(t.campaignId, t.status),
    // Is this investor already among the campaign's backers (its investor count)?
    index('investments_campaign_investor_idx').on(t.campaignId, t.investorId),
    // The transaction-monitoring export reads payments in time order, a batch at a time (keyset).
    index('investments_created_idx').on(t.createdAt, t.id),
    // The sweep's work list: reservations to expire and payments to finish.
    index('investments_open_idx')
      .on(t.reservedUntil)
      .where(sql`${t.status} in ('pending', 'refunding')`),
    check(
      'investments_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'refunding', 'refunded', 'paid_out', 'expired')`,
    ),
    check('investments_provider_check', sql`${t.provider} in ('sandbox', 'stripe')`),
    check('investments_amount_positive', sql`${t.amount} > 0`),
    check('investments_shares_range', sql`${t.shares} >= 0 and ${t.shares} <= 1`),
  ],
);

// spec §3 escrow transaction: one per confirmed investment, Held until the campaign settles.
export const escrowRecords = pgTable(
  'escrow_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    investmentId: uuid('investment_id')
      .notNull()
      .references(() => investments.id),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    status: text('status').$type<EscrowStatus>().notNull().default('held'),
    /** The investor's reason, while Disputed and after (the admin's resolution is in the audit log). */
    disputeReason: text('dispute_reason'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('escrow_records_investment_key').on(t.investmentId),
    index('escrow_records_campaign_idx').on(t.campaignId),
    index('escrow_records_status_idx').on(t.status, t.createdAt),
    // The admin escrow list, newest first (docs/admin.md).
    index('escrow_records_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('escrow_records_status_check', sql`${t.status} in ('held', 'released', 'disputed', 'refunded')`),
    check('escrow_records_amount_positive', sql`${t.amount} > 0`),
  ],
);
