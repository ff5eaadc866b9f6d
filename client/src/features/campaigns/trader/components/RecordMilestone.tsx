// Record a shipment milestone (a trading campaign): the step, its date, a note and a reference. Where
// a tranche of the release schedule waits on that milestone, its evidence (the bill of lading…) is
// required: uploaded first, then named by the milestone; the tranche waits for an admin. The form:
// react-hook-form with the domain's record-milestone schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import {
  MILESTONE_KINDS,
  MILESTONE_LABELS,
  milestoneFormSchema,
  nextMilestone,
  type Milestone,
} from '@domain/lifecycle.ts';
import { releaseWaitingOn, trancheAmounts, trancheLabel } from '@domain/money-out-views.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input, NativeSelect } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { useRecordMilestone } from '../../api/record-milestone.ts';
import { DocumentInput } from './DocumentInput.tsx';

const EVIDENCE_ID = 'milestone-evidence';
type FormSchema = ReturnType<typeof milestoneFormSchema<File>>;
const EMPTY = { kind: '', date: '', note: '', documentRef: '', evidence: null } as const;

export function RecordMilestone({
  campaign,
  milestones,
}: {
  campaign: CampaignDetail;
  milestones: readonly Milestone[];
}) {
  const record = useRecordMilestone(campaign.id);
  const open = MILESTONE_KINDS.filter((k) => !milestones.some((m) => m.kind === k));
  const { register, control, handleSubmit, setValue, clearErrors, reset, formState } = useForm<
    z.input<FormSchema>,
    unknown,
    z.output<FormSchema>
  >({
    // The evidence is asked for where a tranche waits on the chosen milestone (read at each submit).
    resolver: (values, context, options) => {
      const kind = values.kind && open.includes(values.kind) ? values.kind : nextMilestone(milestones);
      const evidenceFor = kind && releaseWaitingOn(campaign.releases, kind) ? kind : null;
      return zodResolver(milestoneFormSchema<File>(evidenceFor))(values, context, options);
    },
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const kind = useWatch({ control, name: 'kind' });
  const errors = formState.errors;
  const chosen = kind && open.includes(kind) ? kind : nextMilestone(milestones);
  if (!chosen) return <p className="text-sm text-muted-foreground">Every shipment milestone is recorded.</p>;
  const waiting = releaseWaitingOn(campaign.releases, chosen);
  const waitingAmount = waiting
    ? trancheAmounts(campaign.raisedAmount, campaign.releases)[campaign.releases.indexOf(waiting)]!
    : null;
  const evidenceError = errors.evidence?.message;
  const noteError = errors.note?.message;
  const documentError = errors.documentRef?.message;

  const submit = handleSubmit(
    ({ date, note, documentRef, evidence }) =>
      record.mutate(
        {
          kind: chosen,
          ...(date && { at: new Date(`${date}T12:00:00Z`).toISOString() }),
          ...(note && { note }),
          ...(documentRef && { documentRef }),
          ...(evidence && { evidence }),
        },
        { onSuccess: () => reset(EMPTY) },
      ),
    (found) => {
      const first = (['note', 'documentRef', 'evidence'] as const).find((k) => found[k]);
      const ids = { note: 'milestone-note', documentRef: 'milestone-document', evidence: EVIDENCE_ID };
      if (first) document.getElementById(ids[first])?.focus();
    },
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-3"
      aria-labelledby="record-milestone-heading"
    >
      <h3 id="record-milestone-heading" className="font-semibold">
        Record a milestone
      </h3>
      <div className="grid gap-3 sm:grid-cols-2 [&>*]:content-start">
        <Field id="milestone-kind" label="Milestone">
          <NativeSelect
            id="milestone-kind"
            {...register('kind', { onChange: () => clearErrors('evidence') })}
            value={chosen}
          >
            {open.map((k) => (
              <option key={k} value={k}>
                {MILESTONE_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="milestone-date" label="Date" hint="Today when left empty">
          <Input
            id="milestone-date"
            type="date"
            aria-describedby="milestone-date-hint"
            {...register('date')}
          />
        </Field>
        <Field id="milestone-note" label="Note (optional)" error={noteError}>
          <Input maxLength={1000} {...register('note')} {...fieldA11y('milestone-note', noteError)} />
        </Field>
        <Field id="milestone-document" label="Document reference (optional)" error={documentError}>
          <Input
            maxLength={200}
            placeholder="Bill of lading, customs entry…"
            {...register('documentRef')}
            {...fieldA11y('milestone-document', documentError)}
          />
        </Field>
      </div>
      {waiting && (
        <div className="grid gap-3 rounded-md border border-primary/30 bg-accent/40 p-3">
          <p className="text-sm">
            {trancheLabel(waiting)} (<span className="tabular-nums">{formatUsdCents(waitingAmount!)}</span>)
            is released on this milestone, once an admin confirms its evidence.
          </p>
          <DocumentInput
            id={EVIDENCE_ID}
            label={`Evidence of ${MILESTONE_LABELS[chosen]} (e.g. the bill of lading)`}
            error={evidenceError}
            disabled={record.isPending}
            onChange={(file) => {
              setValue('evidence', file);
              clearErrors('evidence');
            }}
          />
        </div>
      )}
      <FormAlert
        message={record.error ? (serverMessageOf(record.error) ?? 'Please try again.') : undefined}
      />
      <div>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? 'Recording…' : `Record ${MILESTONE_LABELS[chosen]}`}
        </Button>
      </div>
    </form>
  );
}
