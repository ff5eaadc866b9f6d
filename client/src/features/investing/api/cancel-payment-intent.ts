// POST /api/payment-intents/:id/cancel: the investor gives up an unpaid intent (the modal closed, or the
// amount changed), so its slice of the campaign is free at once instead of after 15 minutes. Best
// effort: if it is lost, the reservation simply lapses.
import { INVESTMENT_API } from '@domain/endpoints/investments.ts';
import { callApi } from '@/lib/api.ts';

export const cancelPaymentIntent = (paymentIntentId: string) =>
  callApi(INVESTMENT_API.cancelPayment, { params: { id: paymentIntentId } });

/** Fire and forget: nothing waits for it, and a failure changes nothing the user must know. */
export function releasePaymentIntent(paymentIntentId: string): void {
  cancelPaymentIntent(paymentIntentId).catch((error: unknown) =>
    console.warn('Releasing the payment intent failed; its reservation lapses in 15 minutes', error),
  );
}
