import { sql } from 'drizzle-orm';
import { check, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  PAYMENT_INTENT_STATUSES,
  PROVIDER_PAYOUT_STATUSES,
  type ProviderPayoutStatus,
  type PaymentIntentStatus,
} from '../../../domain/payments.ts';
import { checkIn } from '../vocabulary.ts';

// The sandbox payment provider's own storage: it plays the part of Stripe's servers when no Stripe
// keys are set. The app reaches it only through the PaymentProvider interface (server/features/money/providers/).
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').$type<PaymentIntentStatus>().notNull().default('requires_payment_method'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    /** SHA-256 of the client secret: the secret itself is only ever in the creator's answer. */
    clientSecretHash: text('client_secret_hash').notNull(),
    /** The hold on the card (manual capture): what capture may take. */
    amountCapturable: numeric('amount_capturable', { precision: 15, scale: 2 }).notNull().default('0'),
    amountCaptured: numeric('amount_captured', { precision: 15, scale: 2 }).notNull().default('0'),
    /** The last card failure (Stripe's last_payment_error), cleared by a success. */
    lastError: text('last_error'),
    amountRefunded: numeric('amount_refunded', { precision: 15, scale: 2 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    checkIn('sandbox_payment_intents_status_check', t.status, PAYMENT_INTENT_STATUSES),
    check(
      'sandbox_payment_intents_refund_range',
      sql`${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amountCaptured}`,
    ),
    check('sandbox_payment_intents_capture_range', sql`${t.amountCaptured} <= ${t.amount}`),
  ],
);

/** The sandbox's payout destinations: a bank account as the provider knows it (ba_sb_…). */
export const sandboxDestinations = pgTable('sandbox_destinations', {
  id: text('id').primaryKey(),
  iban: text('iban').notNull(),
  holderName: text('holder_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's payouts (po_sb_…): paid, or failed by the test IBANs that fail (domain/payments.ts). */
export const sandboxPayouts = pgTable(
  'sandbox_payouts',
  {
    id: text('id').primaryKey(),
    /** The idempotency key it was created with: a retried create answers the first payout. */
    idempotencyKey: text('idempotency_key').notNull(),
    destination: text('destination')
      .notNull()
      .references(() => sandboxDestinations.id),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    status: text('status').$type<ProviderPayoutStatus>().notNull().default('in_transit'),
    failureCode: text('failure_code'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_payouts_idempotency_key').on(t.idempotencyKey),
    checkIn('sandbox_payouts_status_check', t.status, PROVIDER_PAYOUT_STATUSES),
  ],
);

/** Stripe webhook events already handled: Stripe delivers at least once, in any order. */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
