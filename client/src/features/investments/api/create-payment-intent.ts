// POST /api/create-payment-intent (spec §7, step 1 of the investment flow): answers the intent the card
// is then confirmed on. The amount is a decimal string.
import type { CreatePaymentIntentInput, PaymentIntentCreated } from '@domain/investments.ts';
import { apiJson } from '@/lib/api.ts';

export function createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentCreated> {
  return apiJson<PaymentIntentCreated>('POST', '/api/create-payment-intent', input);
}
