// The trader's side of the due-diligence review (issue 19): the campaign's filed documents, filing one
// (the same multipart upload as a milestone's evidence: POST /api/campaigns/:id/documents), and
// resubmitting a campaign the reviewer sent back. Every campaign view is stale after a write.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiligenceDocumentKind } from '@domain/diligence.ts';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import type { CampaignDocument } from '@domain/money-out.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { ApiError, apiQuery, callApi } from '@/lib/api.ts';
import { CAMPAIGNS_PATH, invalidateCampaignData } from './campaigns.ts';

export const campaignDocumentsQuery = (campaignId: string) =>
  apiQuery(CAMPAIGN_API.documents, { params: { id: campaignId } });
export const useCampaignDocuments = (campaignId: string) => useQuery(campaignDocumentsQuery(campaignId));

async function fileDocument(campaignId: string, kind: DiligenceDocumentKind, file: File) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  const res = await fetch(`${CAMPAIGNS_PATH}/${campaignId}/documents`, {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (await res.json()) as CampaignDocument;
}

export function useFileDiligenceDocument(campaignId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: DiligenceDocumentKind; file: File }) =>
      fileDocument(campaignId, kind, file),
    onSuccess: () => invalidateCampaignData(client),
  });
}

export function useResubmitCampaign(campaignId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(CAMPAIGN_API.resubmit, { params: { id: campaignId } }),
    onSuccess: () => {
      toast({
        title: 'Submitted for review',
        description: 'An admin reviews it again; you hear of the decision by email.',
      });
      return invalidateCampaignData(client);
    },
  });
}
