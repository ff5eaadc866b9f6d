// GET /api/payments/config: which provider takes the card — the built-in sandbox, or Stripe with its
// publishable key (DESIGN.md §4). Read once per visit: the server's provider does not change while it runs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '@domain/payments.ts';

export const paymentsConfigQuery = () => queryOptions<PaymentsConfig>({ queryKey: ['/api/payments/config'] });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery());
}
