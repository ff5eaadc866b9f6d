// POST /api/create-payment-intent (spec §7, step 1 of the investment flow): answers the intent the card
// is then confirmed on. The amount is a decimal string.
import { INVESTMENT_API } from '@domain/endpoints/investments.ts';
import type { CreatePaymentIntentInput } from '@domain/investments.ts';
import { callApi } from '@/lib/api.ts';

export const createPaymentIntent = (input: CreatePaymentIntentInput) =>
  callApi(INVESTMENT_API.createPaymentIntent, { body: input });
