// PUT /api/bank-account: the account payouts (and a trader's releases) go to, verified as it is added;
// it replaces the one before. The cash account then shows it. With a second factor on, it needs a
// fresh proof (useStepUp asks for it).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountCreate } from '@domain/cash-account.ts';
import { CASH_API } from '@domain/endpoints/account.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { useStepUp } from '@/features/accounts/index.ts';
import { callApi } from '@/lib/api.ts';
import { cashAccountQuery } from './get-cash-account.ts';

export const setBankAccount = (input: BankAccountCreate) => callApi(CASH_API.setBankAccount, { body: input });

export function useSetBankAccount() {
  const client = useQueryClient();
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: (input: BankAccountCreate) => withStepUp(() => setBankAccount(input)),
    onSuccess: (account) => {
      toast({
        title: 'Bank account verified',
        description: `Payouts go to ${account.ibanMasked}, held by ${account.holderName}.`,
      });
      return client.invalidateQueries({ queryKey: cashAccountQuery().queryKey });
    },
  });
}
