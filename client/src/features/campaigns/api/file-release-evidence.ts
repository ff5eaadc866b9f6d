// POST /api/campaigns/:id/releases/:releaseId/evidence: the trader files again the evidence an admin
// sent back (uploaded first as a milestone document); the tranche waits for an admin's confirmation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import type { Release } from '@domain/money-out.ts';
import type { MilestoneKind } from '@domain/lifecycle.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi } from '@/lib/api.ts';
import { campaignQuery, invalidateCampaignData } from './campaigns.ts';
import { uploadOnce } from './upload-campaign-document.ts';

export const fileReleaseEvidence = (campaignId: string, releaseId: string, documentId: string) =>
  callApi(CAMPAIGN_API.fileReleaseEvidence, { params: { id: campaignId, releaseId }, body: { documentId } });

export function useFileReleaseEvidence(campaignId: string) {
  const client = useQueryClient();
  const [upload] = useState(uploadOnce);
  return useMutation({
    mutationFn: async ({ release, file }: { release: Pick<Release, 'id' | 'trigger'>; file: File }) => {
      const document = await upload(campaignId, {
        file,
        kind: 'milestone',
        milestone: release.trigger as MilestoneKind,
      });
      return fileReleaseEvidence(campaignId, release.id, document.id);
    },
    onSuccess: (campaign) => {
      client.setQueryData(campaignQuery(campaignId).queryKey, campaign);
      toast({ title: 'Evidence filed', description: 'The release waits for an admin to confirm it.' });
      return invalidateCampaignData(client);
    },
  });
}
