// GET /api/campaigns/:id/kiis: the campaign's key investment information sheet at its current version.
import { useQuery } from '@tanstack/react-query';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import { apiQuery } from '@/lib/api.ts';

export const kiisQuery = (campaignId: string) => apiQuery(CAMPAIGN_API.kiis, { params: { id: campaignId } });

export function useKiis(campaignId: string | undefined) {
  return useQuery({ ...kiisQuery(campaignId ?? ''), enabled: !!campaignId });
}
