// POST /api/sandbox/payment-intents/:id/confirm (DESIGN.md §5, a fixed contract; step 2 of the flow
// when no Stripe keys are configured): pays the intent with a test card. Card failures answer 402 or
// 400 with the provider's message; a failed attempt leaves the intent payable with another card.
import { useMutation } from '@tanstack/react-query';
import { PAYMENTS_API } from '@domain/endpoints/account.ts';
import type { SandboxConfirm } from '@domain/payments.ts';
import { callApi } from '@/lib/api.ts';

export const confirmSandboxPayment = (paymentIntentId: string, body: SandboxConfirm) =>
  callApi(PAYMENTS_API.confirmSandbox, { params: { id: paymentIntentId }, body });

export function useConfirmSandboxPayment() {
  return useMutation({
    mutationFn: ({ paymentIntentId, ...body }: SandboxConfirm & { paymentIntentId: string }) =>
      confirmSandboxPayment(paymentIntentId, body),
  });
}
