// The due-diligence review (issue 19): the queue of campaigns awaiting review, one campaign with its
// documents, and the decision (fixed contract: POST /api/admin/campaigns/:id/review). The queue's key is
// under the admin prefix, so every admin action refreshes it.
import { useQuery } from '@tanstack/react-query';
import type { CampaignReviewDecision } from '@domain/diligence.ts';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import { apiQuery, callApi } from '@/lib/api.ts';
import { useAdminAction } from './use-admin-action.ts';

export const reviewQueueQuery = () => apiQuery(CAMPAIGN_API.reviewQueue);
export const useReviewQueue = () => useQuery(reviewQueueQuery());

export const useReviewedCampaign = (id: string | null) =>
  useQuery({ ...apiQuery(CAMPAIGN_API.detail, { params: { id: id ?? '' } }), enabled: !!id });

export const useReviewDocuments = (id: string | null) =>
  useQuery({
    ...apiQuery(CAMPAIGN_API.documents, { params: { id: id ?? '' } }),
    enabled: !!id,
  });

export const useCampaignReview = () =>
  useAdminAction(
    ({ id, ...decision }: CampaignReviewDecision & { id: string }) =>
      callApi(CAMPAIGN_API.review, { params: { id }, body: decision }),
    (campaign) => ({
      title: campaign.review.status === 'approved' ? 'Campaign Approved' : 'Campaign Sent Back',
      description:
        campaign.review.status === 'approved'
          ? `${campaign.title} is now open to investors. The trader has been told by email.`
          : `${campaign.title} went back to its trader with your reasons.`,
    }),
    // The public list and the campaign's own page change with the decision.
    (client) =>
      client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/campaigns') }),
  );
