// Due diligence for the campaign's trader (issue 19, docs/campaigns.md): where the review stands (and
// the reviewer's reasons when sent back), the three documents it needs — supply contract, offtake
// contract, latest financials — each filed from here, and Resubmit once a sent-back campaign is fixed.
import { useState } from 'react';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import {
  DILIGENCE_DOCUMENT_KINDS,
  DILIGENCE_DOCUMENT_LABELS,
  REVIEW_STATUS_LABELS,
  REVIEW_TEXT,
  type DiligenceDocumentKind,
} from '@domain/diligence.ts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Field, FormAlert, fieldA11y } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatDate } from '@/lib/format.ts';
import { useCampaignDocuments, useFileDiligenceDocument, useResubmitCampaign } from '../api/diligence.ts';

export const REVIEW_TONES = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
} as const satisfies Record<CampaignDetail['review']['status'], BadgeTone>;

export function DiligencePanel({ campaign }: { campaign: CampaignDetail }) {
  const documents = useCampaignDocuments(campaign.id);
  const resubmit = useResubmitCampaign(campaign.id);
  const { review } = campaign;
  return (
    <Card aria-labelledby="diligence-heading">
      <CardHeader>
        <CardTitle id="diligence-heading" className="flex flex-wrap items-center gap-2">
          Due diligence{' '}
          <Badge tone={REVIEW_TONES[review.status]}>{REVIEW_STATUS_LABELS[review.status]}</Badge>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {review.status === 'pending' && <p>{REVIEW_TEXT.pendingForTrader}</p>}
        {review.status === 'rejected' && (
          <p
            role="note"
            className="rounded-md border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950"
          >
            {REVIEW_TEXT.rejectedForTrader(review.reason ?? '')}
          </p>
        )}
        {review.status === 'approved' && <p>Approved: investors can see and back this campaign.</p>}
        <ul className="grid gap-3">
          {DILIGENCE_DOCUMENT_KINDS.map((kind) => (
            <DocumentRow
              key={kind}
              campaignId={campaign.id}
              kind={kind}
              filed={(documents.data ?? []).filter((d) => d.kind === kind)}
            />
          ))}
        </ul>
        {review.status === 'rejected' && (
          <div className="grid gap-2">
            <FormAlert message={resubmit.error ? serverMessageOf(resubmit.error) : undefined} />
            <Button
              className="justify-self-start"
              disabled={resubmit.isPending}
              onClick={() => resubmit.mutate()}
            >
              {resubmit.isPending ? 'Submitting…' : 'Submit for review again'}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DocumentRow({
  campaignId,
  kind,
  filed,
}: {
  campaignId: string;
  kind: DiligenceDocumentKind;
  filed: Array<{ id: string; fileName: string; createdAt: string }>;
}) {
  const upload = useFileDiligenceDocument(campaignId);
  const [file, setFile] = useState<File | null>(null);
  const id = `diligence-${kind}`;
  const error = upload.error ? serverMessageOf(upload.error) : undefined;
  return (
    <li className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap justify-between gap-2">
        <span className="font-medium">{DILIGENCE_DOCUMENT_LABELS[kind]}</span>
        {filed.length === 0 ? (
          <span className="text-muted-foreground">Not filed yet</span>
        ) : (
          <span className="flex flex-wrap gap-3">
            {filed.map((d) => (
              <a
                key={d.id}
                href={`/api/campaigns/${campaignId}/documents/${d.id}`}
                target="_blank"
                rel="noreferrer"
                className="text-primary underline-offset-4 hover:underline"
              >
                {d.fileName} ({formatDate(d.createdAt)})
              </a>
            ))}
          </span>
        )}
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (file) upload.mutate({ kind, file }, { onSuccess: () => setFile(null) });
        }}
      >
        <Field
          id={id}
          label={`${filed.length ? 'Replace or add' : 'File'} the ${DILIGENCE_DOCUMENT_LABELS[kind].toLowerCase()}`}
          error={error}
          hint="A PDF, JPEG or PNG of at most 10 MB."
          className="min-w-0 flex-1"
        >
          <Input
            {...fieldA11y(id, error, { hint: true })}
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            className="h-auto py-1.5"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        <Button type="submit" variant="outline" disabled={!file || upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload'}
        </Button>
      </form>
    </li>
  );
}
