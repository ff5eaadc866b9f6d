// POST /api/payment-intents/:id/cancel: the investor gives up an unpaid intent (the modal closed, or the
// amount changed), so its slice of the campaign is free at once instead of after 15 minutes. Best
// effort: if it is lost, the reservation simply lapses.
import type { InvestmentStatus } from '@domain/investments.ts';
import { apiJson } from '@/lib/api.ts';

export function cancelPaymentIntent(paymentIntentId: string): Promise<{ status: InvestmentStatus }> {
  return apiJson('POST', `/api/payment-intents/${encodeURIComponent(paymentIntentId)}/cancel`);
}

/** Fire and forget: nothing waits for it, and a failure changes nothing the user must know. */
export function releasePaymentIntent(paymentIntentId: string): void {
  cancelPaymentIntent(paymentIntentId).catch((error: unknown) =>
    console.warn('Releasing the payment intent failed; its reservation lapses in 15 minutes', error),
  );
}
