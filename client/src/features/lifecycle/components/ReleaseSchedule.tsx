// The release schedule of a campaign as its trader sees it: each tranche with its status, amount
// (released, or planned from what was raised) and evidence; a tranche whose evidence an admin sent
// back shows the admin's note and, in the trader's workspace, the form to file it again.
import { useState, type FormEvent } from 'react';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import type { MilestoneKind } from '@domain/lifecycle.ts';
import { MILESTONE_LABELS } from '@domain/lifecycle.ts';
import type { Release } from '@domain/money-out.ts';
import {
  RELEASE_STATE_LABELS,
  releaseState,
  trancheAmounts,
  trancheLabel,
  type ReleaseState,
} from '@domain/money-out-views.ts';
import { DocumentLink } from '@/components/document-link.tsx';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { useFileReleaseEvidence } from '../api/file-release-evidence.ts';
import { documentProblem } from '../document-file.ts';
import { DocumentInput } from './DocumentInput.tsx';

const STATE_TONES: Record<ReleaseState, BadgeTone> = {
  scheduled: 'neutral',
  sent_back: 'red',
  awaiting_review: 'amber',
  released: 'green',
};

export function ReleaseSchedule({
  campaign,
  canRefile = false,
  headingLevel = 3,
}: {
  campaign: CampaignDetail;
  /** The trader's workspace: evidence sent back can be filed again. */
  canRefile?: boolean;
  headingLevel?: 3 | 4;
}) {
  const amounts = trancheAmounts(campaign.raisedAmount, campaign.releases);
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={`releases-${campaign.id}`} className="grid gap-2">
      <Heading id={`releases-${campaign.id}`} className="font-semibold">
        Release schedule
      </Heading>
      <ol className="grid gap-2" aria-label="Release schedule">
        {campaign.releases.map((release, i) => {
          const state = releaseState(release);
          return (
            <li key={release.id} className="grid gap-2 rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="font-medium">{trancheLabel(release)}</span>
                <span className="flex flex-wrap items-center gap-2">
                  <span className="tabular-nums">
                    {formatUsdCents(amounts[i]!)}
                    {state !== 'released' && <span className="text-muted-foreground"> planned</span>}
                  </span>
                  <Badge tone={STATE_TONES[state]}>{RELEASE_STATE_LABELS[state]}</Badge>
                </span>
              </div>
              {(release.releasedAt || release.document) && (
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground">
                  {release.releasedAt && <span>Released {formatDate(release.releasedAt)}</span>}
                  {release.document && (
                    <DocumentLink campaignId={campaign.id} document={release.document} label="Evidence" />
                  )}
                </div>
              )}
              {state === 'sent_back' && (
                <div className="grid gap-2 rounded-md border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950">
                  <p>
                    <span className="font-medium">An admin sent the evidence back:</span> {release.reviewNote}
                  </p>
                  {canRefile && <RefileEvidence campaignId={campaign.id} release={release} />}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function RefileEvidence({ campaignId, release }: { campaignId: string; release: Release }) {
  const refile = useFileReleaseEvidence(campaignId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const id = `refile-${release.id}`;
  const milestone = MILESTONE_LABELS[release.trigger as MilestoneKind];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = documentProblem(file, `Attach the corrected evidence of ${milestone}`);
    setError(problem);
    if (problem) return document.getElementById(id)?.focus();
    refile.mutate({ release, file: file! });
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-2"
      aria-label={`File the evidence of ${milestone} again`}
    >
      <DocumentInput
        id={id}
        label={`Corrected evidence of ${milestone}`}
        error={error}
        disabled={refile.isPending}
        onChange={(f) => {
          setFile(f);
          setError(undefined);
        }}
      />
      <FormAlert
        message={refile.error ? (serverMessageOf(refile.error) ?? 'Please try again.') : undefined}
      />
      <div>
        <Button type="submit" size="sm" disabled={refile.isPending}>
          {refile.isPending ? 'Filing…' : 'File the evidence again'}
        </Button>
      </div>
    </form>
  );
}
