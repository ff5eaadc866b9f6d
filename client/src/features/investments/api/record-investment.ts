// POST /api/investments (spec §7, step 3): records the investment of a paid intent. The server re-reads
// the intent from the provider; a replay answers the same investment. On success the investments, the
// campaigns and the platform figures are refreshed and the spec §8 toast says what was invested where.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Investment, RecordInvestment } from '@domain/investments.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { invalidateCampaignData } from '@/features/campaigns/api/campaigns.ts';
import { platformStatsQuery } from '@/features/platform/api.ts';
import { apiJson } from '@/lib/api.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { INVESTMENTS_PATH, investmentsQuery } from './get-investments.ts';

export function recordInvestment(input: RecordInvestment): Promise<Investment> {
  return apiJson<Investment>('POST', INVESTMENTS_PATH, input);
}

export function useRecordInvestment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordInvestment,
    onSuccess: (investment) => {
      // Not awaited: the modal closes at once, and the lists follow as their refetches land.
      void client.invalidateQueries({ queryKey: investmentsQuery(investment.investorId).queryKey });
      void invalidateCampaignData(client);
      void client.invalidateQueries({ queryKey: platformStatsQuery().queryKey });
      toast({
        title: 'Investment Successful!',
        description: `You invested ${formatUsdCents(investment.amount)} in ${investment.campaignTitle}.`,
      });
    },
  });
}
