import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { investments } from './investments.ts';
import { orders } from './marketplace.ts';
import { campaignReleases, payments, payouts } from './money.ts';

// Double-entry ledger (DESIGN.md §3, docs/money.md): every money movement is one transaction of entries
// whose amounts sum to zero. Accounts are named by key: `clearing:<provider>` (money outside the
// platform, the only accounts that may go negative; `clearing:bank` for bank transfers an admin marked
// received), `escrow:<campaignId>`, `order-escrow:<orderId>`, `settlement:<campaignId>`,
// `platform:fees`, `trader:<userId>`, `investor:<userId>` (the investor's cash account). A positive amount adds to an account's balance. Both tables are append-only:
// the migration adds triggers refusing UPDATE and DELETE, and a deferred check that each
// transaction balances; a correction is a new transaction.
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What moved: investment, refund, payment_refund (a payment that could not be placed), … */
    kind: text('kind').notNull(),
    campaignId: uuid('campaign_id').references(() => campaigns.id),
    investmentId: uuid('investment_id').references(() => investments.id),
    /** A buyer order's payment, release or refund (order escrow). */
    orderId: uuid('order_id').references(() => orders.id),
    /** The provider payment a capture or refund moved (reconciled against the provider). */
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The bank payout a payout or its return moved (reconciled against the provider). */
    payoutId: uuid('payout_id').references(() => payouts.id),
    /** The tranche of a campaign's release schedule a release paid. */
    releaseId: uuid('release_id').references(() => campaignReleases.id),
    memo: text('memo').notNull().default(''),
    /** When the movement happened by the app's clock (server/features/money/ledger/ledger.ts sets it): statements' dates. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An investment moves into escrow at most once, and is refunded at most once.
    uniqueIndex('ledger_transactions_investment_once_key')
      .on(t.kind, t.investmentId)
      .where(sql`${t.kind} in ('investment', 'refund')`),
    // A payment is captured (booked) at most once; a payout is sent and returned at most once; a
    // tranche is released at most once; a campaign's settlement is distributed at most once.
    uniqueIndex('ledger_transactions_payment_once_key')
      .on(t.kind, t.paymentId)
      .where(sql`${t.kind} in ('investment', 'order_payment', 'settlement_payment')`),
    uniqueIndex('ledger_transactions_payout_once_key')
      .on(t.kind, t.payoutId)
      .where(sql`${t.kind} in ('bank_payout', 'payout_return')`),
    uniqueIndex('ledger_transactions_release_once_key')
      .on(t.releaseId)
      .where(sql`${t.kind} = 'release'`),
    uniqueIndex('ledger_transactions_campaign_once_key')
      .on(t.kind, t.campaignId)
      .where(sql`${t.kind} = 'distribution'`),
    index('ledger_transactions_campaign_idx').on(t.campaignId),
    // Statements read an investor's movements by investment, in time order.
    index('ledger_transactions_investment_idx').on(t.investmentId, t.createdAt),
    index('ledger_transactions_payment_idx').on(t.paymentId),
    index('ledger_transactions_payout_idx').on(t.payoutId),
    // An order's payment enters escrow once, and leaves it once (released or refunded).
    uniqueIndex('ledger_transactions_order_once_key')
      .on(t.kind, t.orderId)
      .where(sql`${t.kind} in ('order_payment', 'order_release', 'order_refund')`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account').notNull(),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.account),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    check(
      'ledger_entries_account_format',
      sql`${t.account} ~ '^(clearing:(sandbox|stripe|bank)|platform:fees|(escrow|trader|investor|order-escrow|settlement):[0-9a-f-]{36})$'`,
    ),
  ],
);
