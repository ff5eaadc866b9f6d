// GET /api/cash-account: the signed-in investor's or trader's HydroBridge balance, the payouts on
// their way and the verified bank account payouts go to (null until one is added).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CashAccount } from '@domain/cash-account.ts';

export const CASH_ACCOUNT_PATH = '/api/cash-account';

export const cashAccountQuery = () => queryOptions<CashAccount>({ queryKey: [CASH_ACCOUNT_PATH] });

export function useCashAccount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...cashAccountQuery(), enabled });
}
