// The due-diligence review (issue 19): the queue of campaigns awaiting review, one campaign with its
// documents, and the decision (fixed contract: POST /api/admin/campaigns/:id/review). The queue's key is
// under the admin prefix, so every admin action refreshes it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import type { CampaignReviewDecision, ReviewQueueItem } from '@domain/diligence.ts';
import type { CampaignDocument } from '@domain/money-out.ts';
import { apiJson } from '@/lib/api.ts';
import { ADMIN_PREFIX } from './admin.ts';
import { useAdminAction } from './use-admin-action.ts';

export const reviewQueueQuery = () =>
  queryOptions<ReviewQueueItem[]>({ queryKey: [`${ADMIN_PREFIX}/campaign-reviews`] });
export const useReviewQueue = () => useQuery(reviewQueueQuery());

export const useReviewedCampaign = (id: string | null) =>
  useQuery({ ...queryOptions<CampaignDetail>({ queryKey: [`/api/campaigns/${id}`] }), enabled: !!id });

export const useReviewDocuments = (id: string | null) =>
  useQuery({
    ...queryOptions<CampaignDocument[]>({ queryKey: [`/api/campaigns/${id}/documents`] }),
    enabled: !!id,
  });

export const useCampaignReview = () =>
  useAdminAction(
    ({ id, ...decision }: CampaignReviewDecision & { id: string }) =>
      apiJson<CampaignDetail>('POST', `${ADMIN_PREFIX}/campaigns/${id}/review`, decision),
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
