// Every campaign of one trader (drafts included when the trader asks): the list call with
// `traderId` at its largest page size, paging through when the trader has more than one page. Each
// page is the list call's own query, so campaign writes invalidate it like any other list view.
import { useQueries, useQuery } from '@tanstack/react-query';
import type { Campaign } from '@domain/campaign-schemas.ts';
import { CAMPAIGN_PAGE_SIZE } from '@domain/campaigns.ts';
import { campaignPageQuery } from './campaigns.ts';

const pageOf = (traderId: string, page: number) =>
  campaignPageQuery({ traderId, limit: CAMPAIGN_PAGE_SIZE.max, page, sort: 'newest' });

export interface TraderCampaigns {
  campaigns: Campaign[] | undefined;
  isPending: boolean;
  error: Error | null;
}

export function useTraderCampaigns(traderId: string | undefined): TraderCampaigns {
  const first = useQuery({ ...pageOf(traderId ?? '', 1), enabled: !!traderId });
  const pages = first.data ? Math.ceil(first.data.total / CAMPAIGN_PAGE_SIZE.max) : 1;
  const rest = useQueries({
    queries: Array.from({ length: Math.max(0, pages - 1) }, (_, i) => ({
      ...pageOf(traderId ?? '', i + 2),
      enabled: !!traderId,
    })),
  });
  const error = first.error ?? rest.find((q) => q.error)?.error ?? null;
  const isPending = first.isPending || rest.some((q) => q.isPending);
  const campaigns =
    first.data && !isPending && !error
      ? [first.data, ...rest.map((q) => q.data!)].flatMap((p) => p.campaigns)
      : undefined;
  return { campaigns, isPending: isPending && !error, error };
}
