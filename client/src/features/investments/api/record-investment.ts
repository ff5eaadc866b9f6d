// POST /api/investments (spec §7, step 3): records the investment of a paid intent. The server re-reads
// the intent from the provider; a replay answers the same investment. Then the investments, the
// campaigns and the platform figures are refreshed.
import type { QueryClient } from '@tanstack/react-query';
import type { Investment, RecordInvestment } from '@domain/investments.ts';
import { invalidateCampaignData } from '@/features/campaigns/api/campaigns.ts';
import { platformStatsQuery } from '@/features/platform/api.ts';
import { apiJson } from '@/lib/api.ts';
import { INVESTMENTS_PATH, investmentsQuery } from './get-investments.ts';

export function recordInvestment(input: RecordInvestment): Promise<Investment> {
  return apiJson<Investment>('POST', INVESTMENTS_PATH, input);
}

/** Records the investment, then refreshes what it changes (not awaited: the modal closes at once). */
export async function recordInvestmentAndRefresh(
  input: RecordInvestment,
  client: QueryClient,
): Promise<Investment> {
  const investment = await recordInvestment(input);
  void client.invalidateQueries({ queryKey: investmentsQuery(investment.investorId).queryKey });
  void invalidateCampaignData(client);
  void client.invalidateQueries({ queryKey: platformStatsQuery().queryKey });
  return investment;
}
