// POST /api/withdrawals {amount}: part of the balance to the investor's verified bank account. With a
// second factor on, it needs a fresh proof (useStepUp asks for it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CASH_API } from '@domain/endpoints/account.ts';
import { usdText } from '@domain/money.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { useStepUp } from '@/features/accounts/index.ts';
import { callApi } from '@/lib/api.ts';
import { cashAccountQuery } from './get-cash-account.ts';

export function useWithdraw() {
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: (amount: string) => withStepUp(() => callApi(CASH_API.withdraw, { body: { amount } })),
    onSuccess: (payout) => {
      toast({
        title: 'Withdrawal on its way',
        description: `${usdText(payout.amount)} is being paid to your bank account.`,
      });
      return Promise.all([
        client.invalidateQueries(cashAccountQuery()),
        client.invalidateQueries({ queryKey: ['/api/portfolio'] }),
        client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/statements') }),
      ]);
    },
  });
}
