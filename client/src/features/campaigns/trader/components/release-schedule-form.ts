// The release schedule as the create form and the edit modal hold it (docs/money.md): all at once
// when trading starts (the default), or staged on shipment milestones. Each tranche's percent is text
// as typed; the rules are the server's own (releaseScheduleIssue), checked once every percent reads
// as a number.
import { RELEASE_TRIGGERS, releaseScheduleIssue, trancheAmount } from '@domain/money-out.ts';
import { dec } from '@domain/money.ts';

export type ScheduleMode = 'single' | 'staged';
/** What may release a tranche: trading, or a milestone before delivery. */
export type Trigger = (typeof RELEASE_TRIGGERS)[number];
export interface Tranche {
  trigger: Trigger;
  percent: string;
}

export interface ScheduleDraft {
  mode: ScheduleMode;
  /** The staged tranches as typed (kept while "all at once" is chosen, so switching back restores them). */
  tranches: Tranche[];
}

/** What a trader starts from when staging: 40% to buy the cargo, 60% once it is loaded. */
export const STAGED_EXAMPLE: readonly Tranche[] = [
  { trigger: 'trading', percent: '40' },
  { trigger: 'loaded', percent: '60' },
];

export const ALL_AT_ONCE: readonly Tranche[] = [{ trigger: 'trading', percent: '100' }];

export const DEFAULT_SCHEDULE: ScheduleDraft = { mode: 'single', tranches: [...STAGED_EXAMPLE] };

/** The milestones a later tranche may wait on, in the order of the shipment. */
export const MILESTONE_TRIGGERS: readonly Trigger[] = RELEASE_TRIGGERS.filter((t) => t !== 'trading');

export const SCHEDULE_MESSAGES = {
  percentRequired: 'Enter the percent of this tranche',
  percentMalformed: 'Enter a percent with at most 2 decimals, e.g. 40',
  allMilestonesUsed: 'Every milestone already releases a tranche',
} as const;

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** A campaign's schedule as the form shows it. */
export function draftOf(releases: ReadonlyArray<{ trigger: string; percent: string }>): ScheduleDraft {
  const tranches = releases.map((r) => ({
    trigger: r.trigger as Trigger,
    percent: dec(r.percent).toString(),
  }));
  const single = tranches.length <= 1;
  return { mode: single ? 'single' : 'staged', tranches: single ? [...STAGED_EXAMPLE] : tranches };
}

/** What is sent as `releaseSchedule`. */
export function schedulePayload(draft: ScheduleDraft): Tranche[] {
  return draft.mode === 'single'
    ? [...ALL_AT_ONCE]
    : draft.tranches.map((t) => ({ trigger: t.trigger, percent: t.percent.trim() }));
}

export interface ScheduleProblems {
  /** Per tranche, what is wrong with its percent. */
  rows: Array<string | undefined>;
  /** What is wrong with the schedule as a whole, once every percent reads. */
  issue: string | undefined;
}

export function scheduleProblems(draft: ScheduleDraft): ScheduleProblems {
  if (draft.mode === 'single') return { rows: [], issue: undefined };
  const rows = draft.tranches.map((t) => {
    const text = t.percent.trim();
    if (!text) return SCHEDULE_MESSAGES.percentRequired;
    return PERCENT.test(text) ? undefined : SCHEDULE_MESSAGES.percentMalformed;
  });
  const issue = rows.some(Boolean) ? undefined : releaseScheduleIssue(schedulePayload(draft));
  return { rows, issue };
}

export const hasProblems = (p: ScheduleProblems) => p.rows.some(Boolean) || p.issue !== undefined;

/** The milestone a new tranche waits on: the first after the last tranche's, if one is left. */
export function nextTrigger(tranches: readonly Tranche[]): Trigger | undefined {
  const last = tranches.at(-1)?.trigger ?? 'trading';
  const after = last === 'trading' ? 0 : MILESTONE_TRIGGERS.indexOf(last) + 1;
  return MILESTONE_TRIGGERS.slice(after).find((t) => !tranches.some((x) => x.trigger === t));
}

/** The same schedule (a "40" and a "40.00" are the same percent). */
export function sameSchedule(a: readonly Tranche[], b: readonly Tranche[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (t, i) =>
        t.trigger === b[i]!.trigger &&
        PERCENT.test(t.percent.trim()) &&
        PERCENT.test(b[i]!.percent.trim()) &&
        dec(t.percent.trim()).eq(dec(b[i]!.percent.trim())),
    )
  );
}

/**
 * Each tranche's amount of the target as typed, when the target and every percent read as numbers
 * (what each release pays if the campaign raises its target); null otherwise.
 */
export function plannedAmounts(target: unknown, tranches: readonly Tranche[]): string[] | null {
  const text = typeof target === 'string' ? target.trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text) || !dec(text).gt(0)) return null;
  if (!tranches.every((t) => PERCENT.test(t.percent.trim()))) return null;
  const schedule = tranches.map((t) => ({ percent: t.percent.trim() }));
  return schedule.map((_t, i) => trancheAmount(text, schedule, i));
}
