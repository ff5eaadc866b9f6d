// POST /api/investments/from-balance: invests from the investor's HydroBridge balance, no card (the
// server locks the balance and places the money in escrow at once), then refreshes what it changes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVESTMENT_API } from '@domain/endpoints/investments.ts';
import type { CreatePaymentIntentInput } from '@domain/investments.ts';
import { invalidateCampaignData } from '@/features/campaigns/index.ts';
import { cashAccountQuery } from '@/features/money/index.ts';
import { platformStatsQuery } from '@/lib/platform-stats.ts';
import { callApi } from '@/lib/api.ts';
import { investmentsQuery } from './get-investments.ts';

export function useInvestFromBalance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePaymentIntentInput) => callApi(INVESTMENT_API.fromBalance, { body: input }),
    onSuccess: (investment) => {
      void client.invalidateQueries({ queryKey: investmentsQuery(investment.investorId).queryKey });
      void client.invalidateQueries(cashAccountQuery());
      void client.invalidateQueries({ queryKey: ['/api/portfolio'] });
      void invalidateCampaignData(client);
      void client.invalidateQueries({ queryKey: platformStatsQuery().queryKey });
    },
  });
}
