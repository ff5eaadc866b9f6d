// GET /api/payments/config: which provider takes the card — the built-in sandbox, or Stripe with its
// publishable key (DESIGN.md §4). Read once per visit: the server's provider does not change while it runs.
import { useQuery } from '@tanstack/react-query';
import { PAYMENTS_API } from '@domain/endpoints/account.ts';
import { apiQuery } from '@/lib/api.ts';

export const paymentsConfigQuery = () => apiQuery(PAYMENTS_API.config);

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQuery());
}
