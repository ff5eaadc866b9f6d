// POST /api/campaigns/:id/milestones: the owning trader records a step of the shipment. Where a
// tranche of the release schedule waits on it, its evidence is uploaded first and named by id; the
// tranche then waits for an admin's confirmation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import type { MilestoneCreate } from '@domain/lifecycle.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi } from '@/lib/api.ts';
import { invalidateCampaignData } from './campaigns.ts';
import { uploadOnce } from './upload-campaign-document.ts';

export const recordMilestone = (campaignId: string, body: MilestoneCreate) =>
  callApi(CAMPAIGN_API.recordMilestone, { params: { id: campaignId }, body });

export function useRecordMilestone(campaignId: string) {
  const client = useQueryClient();
  const [upload] = useState(uploadOnce);
  return useMutation({
    mutationFn: async ({ evidence, ...body }: MilestoneCreate & { evidence?: File }) => {
      const document = evidence
        ? await upload(campaignId, { file: evidence, kind: 'milestone', milestone: body.kind })
        : undefined;
      return recordMilestone(campaignId, { ...body, ...(document && { documentId: document.id }) });
    },
    onSuccess: (_milestone, { evidence }) => {
      toast({
        title: 'Milestone recorded',
        description: evidence
          ? 'Investors see it on the shipment timeline. Its release waits for an admin to confirm the evidence.'
          : 'Investors see it on the shipment timeline.',
      });
      // The milestones, and the release schedule on the campaign's answer.
      return invalidateCampaignData(client);
    },
  });
}
