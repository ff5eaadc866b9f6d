// POST /api/campaigns/:id/documents: the owning trader files a milestone's evidence (the bill of
// lading…) or the sales invoice — multipart (the browser's FormData, never JSON): the file, its kind
// and, for evidence, the milestone. The answer's id is what a milestone, a release or the declared
// result then names.
import type { MilestoneKind } from '@domain/lifecycle.ts';
import type { CampaignDocument, CampaignDocumentKind } from '@domain/money-out.ts';
import { ApiError } from '@/lib/api.ts';

export async function uploadCampaignDocument(
  campaignId: string,
  { file, kind, milestone }: { file: File; kind: CampaignDocumentKind; milestone?: MilestoneKind },
): Promise<CampaignDocument> {
  const form = new FormData();
  form.append('kind', kind);
  if (milestone) form.append('milestone', milestone);
  form.append('file', file);
  const res = await fetch(`/api/campaigns/${campaignId}/documents`, {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (await res.json()) as CampaignDocument;
}

/**
 * Uploads a file once: a form submitted again after a later step failed (e.g. the milestone call)
 * names the document already filed instead of filing the same file twice.
 */
export function uploadOnce() {
  let last: { file: File; document: CampaignDocument } | null = null;
  return async (campaignId: string, input: Parameters<typeof uploadCampaignDocument>[1]) => {
    if (last?.file === input.file) return last.document;
    const document = await uploadCampaignDocument(campaignId, input);
    last = { file: input.file, document };
    return document;
  };
}
