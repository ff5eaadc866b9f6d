// GET /api/campaigns/:id/kiis: the campaign's key investment information sheet at its current version.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Kiis } from '@domain/kiis.ts';
import { getJson, keyToUrl } from '@/lib/api.ts';
import { CAMPAIGNS_PATH } from './campaigns.ts';

export const kiisQuery = (campaignId: string) =>
  queryOptions<Kiis>({
    queryKey: [CAMPAIGNS_PATH, campaignId, 'kiis'],
    queryFn: ({ queryKey, signal }) => getJson<Kiis>(keyToUrl(queryKey), { signal }),
  });

export function useKiis(campaignId: string | undefined) {
  return useQuery({ ...kiisQuery(campaignId ?? ''), enabled: !!campaignId });
}
