// GET /api/cash-account: the balance, what is on its way to the bank, the bank account, recent payouts.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashAccount } from '@domain/cash-account.ts';

export const CASH_ACCOUNT_PATH = '/api/cash-account';

export const cashAccountQuery = () => queryOptions<CashAccount>({ queryKey: [CASH_ACCOUNT_PATH] });

export function useCashAccount(enabled = true) {
  return useQuery({ ...cashAccountQuery(), enabled });
}
