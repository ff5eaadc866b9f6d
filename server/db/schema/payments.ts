import { sql } from 'drizzle-orm';
import { check, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PaymentIntentStatus } from '../../../domain/payments.ts';

// The sandbox payment provider's own storage: it plays the part of Stripe's servers when no Stripe
// keys are set. The app reaches it only through the PaymentProvider interface (server/payments/).
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
    /** The last card failure (Stripe's last_payment_error), cleared by a success. */
    lastError: text('last_error'),
    amountRefunded: numeric('amount_refunded', { precision: 15, scale: 2 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'sandbox_payment_intents_status_check',
      sql`${t.status} in ('requires_payment_method', 'processing', 'succeeded', 'canceled')`,
    ),
    check(
      'sandbox_payment_intents_refund_range',
      sql`${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amount}`,
    ),
  ],
);

/** Stripe webhook events already handled: Stripe delivers at least once, in any order. */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
