// The create form's release schedule: all at once by default, staged checked by the server's rules.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHEDULE,
  draftOf,
  nextTrigger,
  plannedAmounts,
  sameSchedule,
  SCHEDULE_MESSAGES,
  scheduleProblems,
  schedulePayload,
} from './release-schedule-form.ts';

describe('the release schedule form', () => {
  it('sends 100% when trading starts by default', () => {
    expect(schedulePayload(DEFAULT_SCHEDULE)).toEqual([{ trigger: 'trading', percent: '100' }]);
    expect(scheduleProblems(DEFAULT_SCHEDULE)).toEqual({ rows: [], issue: undefined });
  });

  it('stages 40% at trading and 60% on loaded, as sent', () => {
    const staged = { ...DEFAULT_SCHEDULE, mode: 'staged' as const };
    expect(schedulePayload(staged)).toEqual([
      { trigger: 'trading', percent: '40' },
      { trigger: 'loaded', percent: '60' },
    ]);
    expect(scheduleProblems(staged).issue).toBeUndefined();
  });

  it('says what is wrong: a percent at its row, the sum and the order in the server words', () => {
    const draft = (tranches: Array<{ trigger: 'trading' | 'loaded' | 'arrived'; percent: string }>) => ({
      mode: 'staged' as const,
      tranches,
    });
    expect(
      scheduleProblems(
        draft([
          { trigger: 'trading', percent: '' },
          { trigger: 'loaded', percent: '6o' },
        ]),
      ).rows,
    ).toEqual([SCHEDULE_MESSAGES.percentRequired, SCHEDULE_MESSAGES.percentMalformed]);
    expect(
      scheduleProblems(
        draft([
          { trigger: 'trading', percent: '40' },
          { trigger: 'loaded', percent: '50' },
        ]),
      ).issue,
    ).toBe('The tranches must add up to 100% (they add up to 90.00%)');
    expect(
      scheduleProblems(
        draft([
          { trigger: 'trading', percent: '40' },
          { trigger: 'arrived', percent: '30' },
          { trigger: 'loaded', percent: '30' },
        ]),
      ).issue,
    ).toBe('Tranches follow the shipment: each milestone after the one before');
  });

  it('adds the next milestone of the shipment, none once all are used', () => {
    expect(nextTrigger([{ trigger: 'trading', percent: '100' }])).toBe('loaded');
    expect(
      nextTrigger([
        { trigger: 'trading', percent: '40' },
        { trigger: 'arrived', percent: '60' },
      ]),
    ).toBe('customs_cleared');
    expect(
      nextTrigger([
        { trigger: 'trading', percent: '40' },
        { trigger: 'customs_cleared', percent: '60' },
      ]),
    ).toBeUndefined();
  });

  it("reads a campaign's schedule back, and compares percents as numbers", () => {
    expect(draftOf([{ trigger: 'trading', percent: '100.00' }]).mode).toBe('single');
    const staged = draftOf([
      { trigger: 'trading', percent: '40.00' },
      { trigger: 'loaded', percent: '60.00' },
    ]);
    expect(staged).toEqual({
      mode: 'staged',
      tranches: [
        { trigger: 'trading', percent: '40' },
        { trigger: 'loaded', percent: '60' },
      ],
    });
    expect(
      sameSchedule(staged.tranches, [{ trigger: 'trading', percent: '40.0' }, staged.tranches[1]!]),
    ).toBe(true);
  });

  it('shows each tranche of the target once target and percents read', () => {
    expect(
      plannedAmounts('1000000', [
        { trigger: 'trading', percent: '40' },
        { trigger: 'loaded', percent: '60' },
      ]),
    ).toEqual(['400000.00', '600000.00']);
    expect(plannedAmounts('0', [{ trigger: 'trading', percent: '100' }])).toBeNull();
    expect(plannedAmounts('1000', [{ trigger: 'trading', percent: 'x' }])).toBeNull();
  });
});
