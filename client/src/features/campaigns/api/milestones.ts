// A campaign's milestones (the shipment's steps) and its investor list (the trader's). Typed by the
// endpoints the routes declare (domain/endpoints/): no response type is written here. The trader's
// writes (transitions, milestones, documents) have a file each.
import { useQuery } from '@tanstack/react-query';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import { apiQuery } from '@/lib/api.ts';

export const milestonesQuery = (campaignId: string) =>
  apiQuery(CAMPAIGN_API.milestones, { params: { id: campaignId } });

export function useMilestones(campaignId: string | undefined) {
  return useQuery({ ...milestonesQuery(campaignId ?? ''), enabled: !!campaignId });
}

export function useCampaignInvestors(campaignId: string | undefined) {
  return useQuery({
    ...apiQuery(CAMPAIGN_API.investors, { params: { id: campaignId ?? '' } }),
    enabled: !!campaignId,
  });
}
