// Record a shipment milestone (a trading campaign): the step, its date, a note and a reference. Where
// a tranche of the release schedule waits on that milestone, its evidence (the bill of lading…) is
// required: uploaded first, then named by the milestone; the tranche waits for an admin.
import { useState, type FormEvent } from 'react';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import {
  MILESTONE_KINDS,
  MILESTONE_LABELS,
  nextMilestone,
  type Milestone,
  type MilestoneKind,
} from '@domain/lifecycle.ts';
import { releaseWaitingOn, trancheAmounts, trancheLabel } from '@domain/money-out-views.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, FormAlert } from '@/components/ui/form-field.tsx';
import { Input, NativeSelect } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { useRecordMilestone } from '../../api/record-milestone.ts';
import { documentProblem } from './document-file.ts';
import { DocumentInput } from './DocumentInput.tsx';

const EVIDENCE_ID = 'milestone-evidence';

export function RecordMilestone({
  campaign,
  milestones,
}: {
  campaign: CampaignDetail;
  milestones: readonly Milestone[];
}) {
  const record = useRecordMilestone(campaign.id);
  const open = MILESTONE_KINDS.filter((k) => !milestones.some((m) => m.kind === k));
  const [kind, setKind] = useState<MilestoneKind | ''>('');
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [documentRef, setDocumentRef] = useState('');
  const [evidence, setEvidence] = useState<File | null>(null);
  const [evidenceError, setEvidenceError] = useState<string>();
  const chosen = kind && open.includes(kind) ? kind : nextMilestone(milestones);
  if (!chosen) return <p className="text-sm text-muted-foreground">Every shipment milestone is recorded.</p>;
  const waiting = releaseWaitingOn(campaign.releases, chosen);
  const waitingAmount = waiting
    ? trancheAmounts(campaign.raisedAmount, campaign.releases)[campaign.releases.indexOf(waiting)]!
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = waiting
      ? documentProblem(evidence, `Attach the evidence of ${MILESTONE_LABELS[chosen]}: its release needs it`)
      : undefined;
    setEvidenceError(problem);
    if (problem) return document.getElementById(EVIDENCE_ID)?.focus();
    record.mutate(
      {
        kind: chosen,
        ...(date && { at: new Date(`${date}T12:00:00Z`).toISOString() }),
        ...(note.trim() && { note: note.trim() }),
        ...(documentRef.trim() && { documentRef: documentRef.trim() }),
        ...(waiting && evidence && { evidence }),
      },
      {
        onSuccess: () => {
          setKind('');
          setDate('');
          setNote('');
          setDocumentRef('');
          setEvidence(null);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-labelledby="record-milestone-heading">
      <h3 id="record-milestone-heading" className="font-semibold">
        Record a milestone
      </h3>
      <div className="grid gap-3 sm:grid-cols-2 [&>*]:content-start">
        <Field id="milestone-kind" label="Milestone">
          <NativeSelect
            id="milestone-kind"
            value={chosen}
            onChange={(e) => {
              setKind(e.target.value as MilestoneKind);
              setEvidenceError(undefined);
            }}
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
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </Field>
        <Field id="milestone-note" label="Note (optional)">
          <Input
            id="milestone-note"
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        <Field id="milestone-document" label="Document reference (optional)">
          <Input
            id="milestone-document"
            value={documentRef}
            maxLength={200}
            placeholder="Bill of lading, customs entry…"
            onChange={(e) => setDocumentRef(e.target.value)}
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
              setEvidence(file);
              setEvidenceError(undefined);
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
