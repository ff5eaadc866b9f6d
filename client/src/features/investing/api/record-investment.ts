// POST /api/investments (spec §7, step 3): records the investment of a paid intent. The server re-reads
// the intent from the provider; a replay answers the same investment. Then the investments, the
// campaigns and the platform figures are refreshed.
import type { QueryClient } from '@tanstack/react-query';
import { INVESTMENT_API } from '@domain/endpoints/investments.ts';
import type { Investment, RecordInvestment } from '@domain/investments.ts';
import { invalidateCampaignData } from '@/features/campaigns/index.ts';
import { platformStatsQuery } from '@/lib/platform-stats.ts';
import { callApi } from '@/lib/api.ts';
import { investmentsQuery } from './get-investments.ts';

export const recordInvestment = (input: RecordInvestment) => callApi(INVESTMENT_API.record, { body: input });

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
