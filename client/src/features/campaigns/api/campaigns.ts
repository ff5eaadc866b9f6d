// Campaign calls (spec §7): the list (one page with the matching total), one campaign, the trader's
// stats, and create/edit. Types only from the schema module: the landing page imports this file and
// must not load the schema library.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Campaign,
  CampaignCreateInput,
  CampaignListQueryInput,
  CampaignPatchInput,
} from '@domain/campaign-schemas.ts';
import { TOTAL_COUNT_HEADER } from '@domain/campaigns.ts';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { apiQuery, apiUrl, callApi, keyToUrl, readApi } from '@/lib/api.ts';
import { CACHE_TIME } from '@/lib/query-client.ts';

export const CAMPAIGNS_PATH = '/api/campaigns';

/**
 * Spec §7's failure messages of the campaign calls. The trader calls (list by trader, stats) fail with
 * theirs instead of "<status>: <body>"; the status and the server's text stay on the ApiError. A single
 * campaign keeps the generic message (its page tells 404 from other failures and shows the status),
 * and the campaign page heads its failure with this one.
 */
export const CAMPAIGN_CALL_ERRORS = {
  traderCampaigns: 'Failed to fetch trader campaigns',
  campaign: 'Failed to fetch campaign',
  traderStats: 'Failed to fetch trader stats',
} as const;

/** The filters that are set ('all' is no filter). */
const setFilters = (query: CampaignListQueryInput): CampaignListQueryInput =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== 'all'));

/** The list URL with only the options that are set, in a stable order (one cache entry per view). */
export function campaignListUrl(query: CampaignListQueryInput = {}): string {
  return apiUrl(CAMPAIGN_API.list, { query: setFilters(query) });
}

export interface CampaignPage {
  campaigns: Campaign[];
  /** Campaigns matching the filters over all pages (the X-Total-Count header). */
  total: number;
}

/** One page of the list; the key is the URL (spec §7: the query key joined with '/' is the path). */
export const campaignPageQuery = (query: CampaignListQueryInput = {}) =>
  queryOptions({
    queryKey: [campaignListUrl(query)],
    staleTime: CACHE_TIME.campaignList,
    queryFn: async ({ signal }): Promise<CampaignPage> => {
      const { data, headers } = await readApi(
        CAMPAIGN_API.list,
        { query: setFilters(query) },
        { signal, errorMessage: query.traderId ? CAMPAIGN_CALL_ERRORS.traderCampaigns : undefined },
      );
      return { campaigns: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
    },
  });

export function useCampaignPage(query: CampaignListQueryInput = {}) {
  return useQuery(campaignPageQuery(query));
}

export const campaignQuery = (id: string) =>
  queryOptions({ ...apiQuery(CAMPAIGN_API.detail, { params: { id } }), staleTime: CACHE_TIME.campaign });

export function useCampaign(id: string | undefined) {
  return useQuery({ ...campaignQuery(id ?? ''), enabled: !!id });
}

export const traderStatsQuery = (traderId: string) =>
  apiQuery(
    CAMPAIGN_API.traderStats,
    { params: { traderId } },
    { errorMessage: CAMPAIGN_CALL_ERRORS.traderStats },
  );

export function useTraderStats(traderId: string | undefined) {
  return useQuery({ ...traderStatsQuery(traderId ?? ''), enabled: !!traderId });
}

/** Every campaign view (lists, pages, stats) is stale after a write. */
export function invalidateCampaignData(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (query) => {
      const url = keyToUrl(query.queryKey);
      return url.startsWith(CAMPAIGNS_PATH) || url.startsWith('/api/trader/stats');
    },
  });
}

// Spec §2 toasts of the trader's writes. The caller still gets the rejection (the form shows the
// server's field errors at their fields).
export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignCreateInput) => callApi(CAMPAIGN_API.create, { body: input }),
    onSuccess: () => {
      toast({
        title: 'Campaign Created Successfully',
        description: 'Your hydrogen trading campaign is now live and available for investors.',
      });
      return invalidateCampaignData(client);
    },
    onError: () =>
      toast({
        title: 'Failed to Create Campaign',
        description: 'There was an error creating your campaign. Please try again.',
        variant: 'destructive',
      }),
  });
}

export function useUpdateCampaign(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: CampaignPatchInput) => callApi(CAMPAIGN_API.update, { params: { id }, body: patch }),
    onSuccess: () => {
      toast({
        title: 'Campaign Updated Successfully',
        description: 'Your campaign changes have been saved.',
      });
      return invalidateCampaignData(client);
    },
    onError: () =>
      toast({
        title: 'Failed to Update Campaign',
        description: 'There was an error updating your campaign. Please try again.',
        variant: 'destructive',
      }),
  });
}
