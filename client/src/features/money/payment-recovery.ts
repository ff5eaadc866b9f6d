// What became of a payment that went through at the card step while its record call did not answer
// (the page was reloaded or left, the modal closed after a network failure): the purpose's record
// call is asked again — the server answers a replay with the same investment or order, or a 4xx
// saying the card was not charged or the money was refunded — and the payer is told, once.
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store.ts';
import { ApiError, serverMessageOf } from '@/lib/api.ts';
import type { PaymentPurposeLoaders, RecordCall } from './payment-purpose.ts';
import { PENDING_PAYMENT_NOTICES } from './payment-text.ts';
import { forgetPayment, pendingPaymentsOf, type PendingPayment } from './pending-payments.ts';

/**
 * The server's last word on a payment: a 4xx other than "sign in" (401), "timed out" (408) and "too
 * many requests" (429), which a later try may turn into an answer. A network failure or a 5xx is not
 * one either: the payment may be recorded by then, and asking again is safe.
 */
export function isFinalAnswer(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  );
}

/** Tells the payer what became of a remembered payment, and forgets it once that is known. */
export function tellOutcome(entry: PendingPayment, outcome: { recorded: true } | { error: unknown }): void {
  if ('recorded' in outcome) {
    forgetPayment(entry.paymentIntentId);
    toast(PENDING_PAYMENT_NOTICES.recorded(entry.amount, entry.title));
  } else if (isFinalAnswer(outcome.error)) {
    forgetPayment(entry.paymentIntentId);
    toast(PENDING_PAYMENT_NOTICES.refused(entry.amount, entry.title, serverMessageOf(outcome.error)));
  } else {
    // Kept: the next page load asks again.
    toast(PENDING_PAYMENT_NOTICES.unknown(entry.amount, entry.title));
  }
}

// Intents being asked about in this page, so that two callers (a closing modal, the page load) do
// not ask twice and say it twice.
const asking = new Set<string>();

/** Asks the purpose's record call about one remembered payment, then tells the payer. */
export async function settleRememberedPayment(
  entry: PendingPayment,
  purpose: RecordCall,
  client: QueryClient,
): Promise<void> {
  const stillWaiting = pendingPaymentsOf(entry.payerId).some(
    (e) => e.paymentIntentId === entry.paymentIntentId,
  );
  if (!stillWaiting || asking.has(entry.paymentIntentId)) return;
  asking.add(entry.paymentIntentId);
  try {
    await purpose.record({ paymentIntentId: entry.paymentIntentId, ref: entry.ref }, client);
    tellOutcome(entry, { recorded: true });
  } catch (error) {
    console.warn('A remembered payment could not be recorded', error);
    tellOutcome(entry, { error });
  } finally {
    asking.delete(entry.paymentIntentId);
  }
}

/** On a page load: every payment `payerId` made in this tab that still waits for its answer. */
export async function recoverPendingPayments(
  payerId: string,
  purposes: PaymentPurposeLoaders,
  client: QueryClient,
): Promise<void> {
  for (const entry of pendingPaymentsOf(payerId)) {
    const load = purposes[entry.purpose];
    if (!load) continue;
    await settleRememberedPayment(entry, await load(), client);
  }
}
