// The payment sweep: finishes what browsers and crashes left (holds to capture or release, refunds,
// unpaid intents to ask about or end), each step through advancePayment.
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import {
  INTENT_LIFETIME_MINUTES,
  PAYMENT_STATUS_GROUPS,
  type PaymentStatus,
} from '../../../domain/payment-lifecycle.ts';
import { payments } from '../../db/schema/index.ts';
import { ProviderUnavailableError } from './providers/provider.ts';
import type { Money, PaymentRow } from './context.ts';
import { sqlIn } from '../../db/vocabulary.ts';
import { advancePayment, MINUTE_MS } from './payments.ts';

export interface PaymentSweepReport {
  captured: number;
  voided: number;
  expired: number;
  refunded: number;
}

/**
 * Finishes what browsers and crashes left, oldest first: provider work first (holds to capture or
 * release, refunds), so a flood of unpaid intents cannot delay a paid one; then unpaid intents older
 * than a minute (asked at the provider: a hold is recorded; one unpaid for INTENT_LIFETIME_MINUTES is
 * cancelled there and ends). Each step is advancePayment: several instances may sweep at once.
 */
export async function sweepPayments(money: Money): Promise<PaymentSweepReport> {
  const now = money.clock();
  const report: PaymentSweepReport = { captured: 0, voided: 0, expired: 0, refunded: 0 };
  const count = (before: PaymentStatus, after: PaymentRow) => {
    if (after.status === before) return;
    if (after.status === 'captured') report.captured++;
    if (after.status === 'voided') report.voided++;
    if (after.status === 'expired') report.expired++;
    if (after.status === 'refunded') report.refunded++;
  };
  const work = await money.db
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(sqlIn(payments.status, PAYMENT_STATUS_GROUPS.providerWork))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(500);
  let failure: unknown;
  for (const item of work) {
    try {
      count(item.status, (await advancePayment(money, item.id)).payment);
    } catch (error) {
      failure ??= error;
      if (error instanceof ProviderUnavailableError) break;
    }
  }

  const unpaid = await money.db
    .select({
      id: payments.id,
      purpose: payments.purpose,
      createdAt: payments.createdAt,
      intentId: payments.intentId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'created'),
        sql`${payments.intentId} is not null`,
        lte(payments.createdAt, new Date(now.getTime() - MINUTE_MS)),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(500);
  for (const item of failure instanceof ProviderUnavailableError ? [] : unpaid) {
    try {
      let after = (await advancePayment(money, item.id)).payment;
      // A settlement stays due until it is paid (in default too): its card step never lapses.
      const lapsed =
        item.purpose !== 'settlement' &&
        item.createdAt.getTime() + INTENT_LIFETIME_MINUTES * MINUTE_MS <= now.getTime();
      if (after.status === 'created' && lapsed) {
        const intent = await money.provider.cancelIntent(item.intentId!);
        after = (await advancePayment(money, item.id, intent)).payment;
      }
      count('created', after);
    } catch (error) {
      failure ??= error;
      if (error instanceof ProviderUnavailableError) break;
    }
  }
  if (failure) throw failure;
  return report;
}
