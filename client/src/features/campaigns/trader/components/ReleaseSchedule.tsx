// The release schedule of a campaign as its trader sees it (the shared list, components/
// release-schedule.tsx): each tranche with its status, amount (released, or planned from what was
// raised) and evidence; a tranche whose evidence an admin sent back shows the admin's note and, in the
// trader's workspace, the form to file it again (react-hook-form with the domain's document field).
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import { documentField } from '@domain/document-file.ts';
import type { MilestoneKind } from '@domain/lifecycle.ts';
import { MILESTONE_LABELS } from '@domain/lifecycle.ts';
import type { Release } from '@domain/money-out.ts';
import { ReleaseSchedule as SharedReleaseSchedule } from '@/components/release-schedule.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useFileReleaseEvidence } from '../../api/file-release-evidence.ts';
import { DocumentInput } from './DocumentInput.tsx';

export function ReleaseSchedule({
  campaign,
  canRefile = false,
}: {
  campaign: CampaignDetail;
  /** The trader's workspace: evidence sent back can be filed again. */
  canRefile?: boolean;
}) {
  return (
    <section aria-labelledby={`releases-${campaign.id}`} className="grid gap-2">
      <h3 id={`releases-${campaign.id}`} className="font-semibold">
        Release schedule
      </h3>
      <SharedReleaseSchedule
        releases={campaign.releases}
        title={campaign.title}
        raisedAmount={campaign.raisedAmount}
        campaignId={campaign.id}
        renderExtra={(release, state) =>
          state === 'sent_back' && (
            <div className="grid gap-2 rounded-md border border-red-300 bg-red-50 p-3 dark:border-red-800 dark:bg-red-950">
              <p>
                <span className="font-medium">An admin sent the evidence back:</span> {release.reviewNote}
              </p>
              {canRefile && <RefileEvidence campaignId={campaign.id} release={release} />}
            </div>
          )
        }
      />
    </section>
  );
}

function RefileEvidence({ campaignId, release }: { campaignId: string; release: Release }) {
  const refile = useFileReleaseEvidence(campaignId);
  const id = `refile-${release.id}`;
  const milestone = MILESTONE_LABELS[release.trigger as MilestoneKind];
  const schema = useMemo(
    () => z.object({ evidence: documentField<File>(`Attach the corrected evidence of ${milestone}`) }),
    [milestone],
  );
  const {
    handleSubmit,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { evidence: null },
    reValidateMode: 'onSubmit',
  });
  const error = errors.evidence?.message;
  const submit = handleSubmit(
    ({ evidence }) => refile.mutate({ release, file: evidence }),
    () => document.getElementById(id)?.focus(),
  );
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="grid gap-2"
      aria-label={`File the evidence of ${milestone} again`}
    >
      <DocumentInput
        id={id}
        label={`Corrected evidence of ${milestone}`}
        error={error}
        disabled={refile.isPending}
        onChange={(file) => {
          setValue('evidence', file);
          clearErrors('evidence');
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
