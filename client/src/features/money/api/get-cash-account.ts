// GET /api/cash-account: the balance, what is on its way to the bank, the bank account, recent payouts.
import { useQuery } from '@tanstack/react-query';
import { CASH_API } from '@domain/endpoints/account.ts';
import { apiQuery } from '@/lib/api.ts';

export const cashAccountQuery = () => apiQuery(CASH_API.account);

export function useCashAccount(enabled = true) {
  return useQuery({ ...cashAccountQuery(), enabled });
}
