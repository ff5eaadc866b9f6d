// The "Release schedule" section of the campaign form: all at once when trading starts (the default),
// or staged on shipment milestones — each later tranche released when an admin confirms the
// milestone's document. Checked live with the server's rules; locked with the financial terms.
import { Lock, Plus, X } from 'lucide-react';
import { RELEASE_TRIGGER_LABELS } from '@domain/money-out.ts';
import { trancheLabel } from '@domain/money-out-views.ts';
import { Button } from '@/components/ui/button.tsx';
import { errorId, FieldError, fieldA11y } from '@/components/ui/form-field.tsx';
import { Input, Label, NativeSelect } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';
import { formatUsd } from '@/lib/format.ts';
import {
  MILESTONE_TRIGGERS,
  nextTrigger,
  plannedAmounts,
  SCHEDULE_MESSAGES,
  scheduleProblems,
  schedulePayload,
  type ScheduleDraft,
  type ScheduleMode,
  type Tranche,
} from './release-schedule-form.ts';

const MODES: ReadonlyArray<{ mode: ScheduleMode; title: string; text: string }> = [
  {
    mode: 'single',
    title: '100% when trading starts',
    text: 'Everything raised is released to you at once, to buy the cargo.',
  },
  {
    mode: 'staged',
    title: 'Staged on shipment milestones',
    text: 'A first part when trading starts; each later part once an admin confirms the milestone against its document (e.g. the bill of lading).',
  },
];

/** Moves focus to what is wrong with the schedule: the first bad percent, or the section itself. */
export function focusScheduleProblem(idPrefix: string, draft: ScheduleDraft) {
  const row = scheduleProblems(draft).rows.findIndex(Boolean);
  document.getElementById(`${idPrefix}-schedule-${row >= 0 ? `${row}-percent` : 'fieldset'}`)?.focus();
}

export function ReleaseScheduleFields({
  idPrefix,
  value,
  onChange,
  targetAmount,
  showAllErrors,
  locked,
}: {
  idPrefix: string;
  value: ScheduleDraft;
  onChange: (next: ScheduleDraft) => void;
  /** The target as typed: each tranche shows its part of it. */
  targetAmount: unknown;
  /** After a submit: an empty percent is an error too (before, only a malformed one is). */
  showAllErrors: boolean;
  /** The schedule is locked with the terms: shown, not editable. */
  locked?: string;
}) {
  const id = (name: string) => `${idPrefix}-schedule-${name}`;
  const problems = scheduleProblems(value);
  const amounts = plannedAmounts(targetAmount, schedulePayload(value));
  const setTranches = (tranches: Tranche[]) => onChange({ ...value, tranches });
  const update = (index: number, change: Partial<Tranche>) =>
    setTranches(value.tranches.map((t, i) => (i === index ? { ...t, ...change } : t)));
  const next = nextTrigger(value.tranches);

  if (locked)
    return (
      <section aria-labelledby={id('heading')} className="grid gap-2">
        <h2 id={id('heading')} className="text-sm font-semibold">
          Release schedule
        </h2>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground" id={id('locked')}>
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {locked}
        </p>
        <ol className="grid gap-1 text-sm" aria-label="Release schedule">
          {schedulePayload(value).map((t, i) => (
            <li
              key={t.trigger}
              className="flex flex-wrap justify-between gap-x-4 rounded-md border px-3 py-2"
            >
              <span>{trancheLabel(t)}</span>
              {amounts && (
                <span className="text-muted-foreground tabular-nums">{formatUsd(amounts[i]!)}</span>
              )}
            </li>
          ))}
        </ol>
      </section>
    );

  return (
    <fieldset
      id={id('fieldset')}
      tabIndex={-1}
      className="grid min-w-0 gap-3 rounded-lg border p-3 sm:p-4"
      aria-describedby={id('hint')}
    >
      <legend className="px-1 text-sm font-semibold">Release schedule</legend>
      <p id={id('hint')} className="-mt-1 text-sm text-muted-foreground">
        When the money raised is released to you. Investors see it before they invest; it locks with the
        financial terms.
      </p>
      <div className="grid gap-2 sm:grid-cols-2" role="radiogroup" aria-label="How the money is released">
        {MODES.map((m) => (
          <label
            key={m.mode}
            className={cn(
              'flex cursor-pointer items-start gap-2.5 rounded-md border p-3 text-sm',
              value.mode === m.mode && 'border-primary bg-accent/50',
            )}
          >
            <input
              type="radio"
              name={id('mode')}
              value={m.mode}
              checked={value.mode === m.mode}
              onChange={() => onChange({ ...value, mode: m.mode })}
              className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
            />
            <span>
              <span className="block font-medium">{m.title}</span>
              <span className="block text-muted-foreground">{m.text}</span>
            </span>
          </label>
        ))}
      </div>
      {value.mode === 'staged' && (
        <>
          <ol className="grid gap-3" aria-label="Tranches">
            {value.tranches.map((t, i) => {
              const rowError = t.percent.trim() || showAllErrors ? problems.rows[i] : undefined;
              const percentId = id(`${i}-percent`);
              const triggerId = id(`${i}-trigger`);
              return (
                <li key={i}>
                  <div
                    role="group"
                    aria-label={`Tranche ${i + 1}`}
                    className="grid gap-2 rounded-md bg-muted/40 p-3"
                  >
                    <div className="flex min-h-9 items-center justify-between gap-2">
                      <span aria-hidden className="text-sm font-semibold">
                        Tranche {i + 1}
                      </span>
                      {i > 0 && (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Remove tranche ${i + 1}`}
                          onClick={() => setTranches(value.tranches.filter((_t, k) => k !== i))}
                        >
                          <X className="h-4 w-4" aria-hidden />
                          Remove
                        </Button>
                      )}
                    </div>
                    <div className="grid items-start gap-2 sm:grid-cols-[minmax(0,1fr)_9rem]">
                      <div className="grid gap-1.5">
                        {i === 0 ? (
                          <>
                            <span className="text-sm font-medium">Released</span>
                            <p className="flex h-10 items-center text-sm">{RELEASE_TRIGGER_LABELS.trading}</p>
                          </>
                        ) : (
                          <>
                            <Label htmlFor={triggerId}>Released on</Label>
                            <NativeSelect
                              id={triggerId}
                              value={t.trigger}
                              onChange={(e) => update(i, { trigger: e.target.value as Tranche['trigger'] })}
                            >
                              {MILESTONE_TRIGGERS.map((trigger) => (
                                <option key={trigger} value={trigger}>
                                  {RELEASE_TRIGGER_LABELS[trigger]}
                                </option>
                              ))}
                            </NativeSelect>
                          </>
                        )}
                      </div>
                      <div className="grid gap-1.5">
                        <Label htmlFor={percentId}>Percent</Label>
                        <div className="relative">
                          <Input
                            {...fieldA11y(percentId, rowError)}
                            inputMode="decimal"
                            value={t.percent}
                            className="pr-8"
                            onChange={(e) => update(i, { percent: e.target.value })}
                          />
                          <span
                            aria-hidden
                            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
                          >
                            %
                          </span>
                        </div>
                        {amounts && !rowError && (
                          <p className="text-xs text-muted-foreground tabular-nums">
                            {formatUsd(amounts[i]!)} of the target
                          </p>
                        )}
                        <FieldError id={percentId} message={rowError} />
                      </div>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button
              variant="outline"
              size="sm"
              aria-disabled={!next}
              aria-describedby={next ? undefined : id('add-reason')}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
              onClick={() => next && setTranches([...value.tranches, { trigger: next, percent: '' }])}
            >
              <Plus className="h-4 w-4" aria-hidden />
              Add a tranche
            </Button>
            {!next && (
              <span id={id('add-reason')} className="text-sm text-muted-foreground">
                {SCHEDULE_MESSAGES.allMilestonesUsed}
              </span>
            )}
          </div>
        </>
      )}
      <p
        id={errorId(id('fieldset'))}
        role="status"
        className={cn('text-sm font-medium text-destructive', !problems.issue && 'sr-only')}
      >
        {problems.issue ?? ''}
      </p>
    </fieldset>
  );
}
