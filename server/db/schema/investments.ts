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
import {
  ESCROW_STATUSES,
  INVESTMENT_STATUSES,
  type EscrowStatus,
  type InvestmentStatus,
} from '../../../domain/investments.ts';
import { campaigns } from './campaigns.ts';
import { orders } from './marketplace.ts';
import { payments } from './money.ts';
import { users } from './users.ts';
import { checkIn } from '../vocabulary.ts';

// spec §3 Investment. One row per attempt to invest, created with its payment (money/payments.ts):
// `pending` until the payment is captured, `confirmed` once it is in escrow, then `refunded` or
// `paid_out`; `expired` when never paid, `voided` when the card's hold was released uncharged. The
// terms version is the campaign's when the intent was made: a hold on other terms is voided.
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
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    termsVersion: integer('terms_version').notNull(),
    status: text('status').$type<InvestmentStatus>().notNull().default('pending'),
    profitShare: numeric('profit_share', { precision: 15, scale: 2 }),
    /** The investor's part of the platform fee, set with the profit share at distribution. */
    feeShare: numeric('fee_share', { precision: 15, scale: 2 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('investments_payment_key').on(t.paymentId),
    index('investments_investor_idx').on(t.investorId, t.createdAt.desc()),
    index('investments_campaign_status_idx').on(t.campaignId, t.status),
    // Is this investor already among the campaign's backers (its investor count)?
    index('investments_campaign_investor_idx').on(t.campaignId, t.investorId),
    // The transaction-monitoring export reads payments in time order, a batch at a time (keyset).
    index('investments_created_idx').on(t.createdAt, t.id),
    checkIn('investments_status_check', t.status, INVESTMENT_STATUSES),
    check('investments_amount_positive', sql`${t.amount} > 0`),
    check('investments_shares_range', sql`${t.shares} >= 0 and ${t.shares} <= 1`),
  ],
);

// spec §3 escrow transaction, one model for investments and buyer orders (docs/money.md): one per
// captured investment (its campaign's escrow account) or paid order (its order-escrow account). Held
// until released (to the trade, or to the supplier) or refunded; an investment's record follows its
// campaign's releases (released_amount) and is Released once all of it went to the trade.
export const escrowRecords = pgTable(
  'escrow_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    investmentId: uuid('investment_id').references(() => investments.id),
    orderId: uuid('order_id').references((): AnyPgColumn => orders.id),
    /** The campaign of an investment's record (null for an order). */
    campaignId: uuid('campaign_id').references(() => campaigns.id),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    /** How much of it went to the trade so far (staged releases). */
    releasedAmount: numeric('released_amount', { precision: 15, scale: 2 }).notNull().default('0'),
    status: text('status').$type<EscrowStatus>().notNull().default('held'),
    /** The payer's reason, while Disputed and after (the admin's resolution is in the audit log). */
    disputeReason: text('dispute_reason'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('escrow_records_investment_key').on(t.investmentId),
    uniqueIndex('escrow_records_order_key').on(t.orderId),
    index('escrow_records_campaign_idx').on(t.campaignId),
    index('escrow_records_status_idx').on(t.status, t.createdAt),
    // The admin escrow list, newest first (docs/admin.md).
    index('escrow_records_created_idx').on(t.createdAt.desc(), t.id.desc()),
    checkIn('escrow_records_status_check', t.status, ESCROW_STATUSES),
    check('escrow_records_amount_positive', sql`${t.amount} > 0`),
    check('escrow_records_subject', sql`num_nonnulls(${t.investmentId}, ${t.orderId}) = 1`),
    check('escrow_records_campaign', sql`(${t.investmentId} is null) = (${t.campaignId} is null)`),
    check(
      'escrow_records_released_range',
      sql`${t.releasedAmount} >= 0 and ${t.releasedAmount} <= ${t.amount}`,
    ),
  ],
);
