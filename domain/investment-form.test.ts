import { describe, expect, it } from 'vitest';
import { fundingWindow } from './campaign-figures.ts';
import {
  investmentAmountForWire,
  investmentAmountMessage,
  investmentAmountProblem,
  investmentBounds,
  investmentPreview,
  sharePercent,
  suggestedAmount,
} from './investment-form.ts';

const campaign = {
  minimumInvestment: '1000.00',
  targetAmount: '750000.00',
  raisedAmount: '562500.00',
  buyPrice: '1.40',
  sellPrice: '5.60',
};

describe('investmentBounds', () => {
  it("takes the campaign's minimum when it is above the $100 floor, and what is still to raise", () => {
    expect(investmentBounds(campaign)).toEqual({
      minimum: '1000.00',
      remaining: '187500.00',
      lastSliceOnly: false,
    });
  });

  it('never goes below the $100 floor of spec §5', () => {
    expect(investmentBounds({ ...campaign, minimumInvestment: '50' }).minimum).toBe('100.00');
    expect(investmentBounds({ ...campaign, minimumInvestment: '100' }).minimum).toBe('100.00');
  });

  it('has nothing remaining once the target is reached or passed', () => {
    expect(investmentBounds({ ...campaign, raisedAmount: '800000' }).remaining).toBe('0.00');
  });
});

describe('investmentAmountProblem', () => {
  const bounds = investmentBounds(campaign);
  it('accepts an amount in cents between the minimum and what is still open', () => {
    for (const amount of ['1000', '1000.00', ' 2500.5 ', '187500', '187500.00'])
      expect(investmentAmountProblem(amount, bounds), amount).toBeNull();
  });

  it('names why an amount cannot be sent', () => {
    expect(investmentAmountProblem('', bounds)).toBe('required');
    expect(investmentAmountProblem('  ', bounds)).toBe('required');
    expect(investmentAmountProblem('1e3', bounds)).toBe('not-a-number');
    expect(investmentAmountProblem('-1000', bounds)).toBe('not-a-number');
    expect(investmentAmountProblem('1,000', bounds)).toBe('not-a-number');
    expect(investmentAmountProblem('1000.005', bounds)).toBe('too-precise');
    expect(investmentAmountProblem('999.99', bounds)).toBe('below-minimum');
    expect(investmentAmountProblem('100', bounds)).toBe('below-minimum');
    expect(investmentAmountProblem('187500.01', bounds)).toBe('above-remaining');
  });

  it('compares exactly, with no float rounding at the edges', () => {
    const tight = investmentBounds({ ...campaign, raisedAmount: '749899.70' }); // 100.30 open
    expect(investmentAmountProblem('100.30', { ...tight, minimum: '100.00' })).toBeNull();
    expect(investmentAmountProblem('100.31', { ...tight, minimum: '100.00' })).toBe('above-remaining');
  });
});

describe('the last slice of a campaign', () => {
  // $50 still open, with a $1,000 minimum: only exactly $50 can fill it.
  const lastSlice = investmentBounds({ ...campaign, raisedAmount: '749950.00' });

  it('may be smaller than the minimum, when it is exactly what is open', () => {
    expect(lastSlice.lastSliceOnly).toBe(true);
    expect(investmentAmountProblem('50', lastSlice)).toBeNull();
    expect(investmentAmountProblem('50.00', lastSlice)).toBeNull();
    expect(investmentAmountProblem('49.99', lastSlice)).toBe('below-minimum');
    expect(investmentAmountProblem('50.01', lastSlice)).toBe('above-remaining');
  });

  it('is what the amount field suggests; otherwise it suggests the minimum', () => {
    expect(suggestedAmount(lastSlice)).toBe('50.00');
    expect(suggestedAmount(investmentBounds(campaign))).toBe('1000.00');
  });
});

describe('investmentAmountMessage', () => {
  const bounds = investmentBounds(campaign);
  it('words each refusal as the server does (naming the minimum and the open amount)', () => {
    expect(investmentAmountMessage('below-minimum', bounds)).toBe(
      'The minimum investment for this campaign is $1,000.00',
    );
    expect(investmentAmountMessage('above-remaining', { ...bounds, remaining: '12500.00' })).toBe(
      'Only $12,500.00 is still open in this campaign',
    );
    expect(
      investmentAmountMessage('below-minimum', { ...bounds, remaining: '50.00', lastSliceOnly: true }),
    ).toBe('The minimum investment for this campaign is $1,000.00, or exactly the $50.00 still open');
    expect(investmentAmountMessage('too-precise', bounds)).toBe('Amount can have at most 2 decimal places');
  });
});

describe('investmentAmountForWire', () => {
  it('sends a decimal string with cents', () => {
    expect(investmentAmountForWire('500')).toBe('500.00');
    expect(investmentAmountForWire(' 1234.5 ')).toBe('1234.50');
    expect(investmentAmountForWire('0.10')).toBe('0.10');
  });

  it('refuses what is not an amount in cents', () => {
    expect(() => investmentAmountForWire('1e3')).toThrow(RangeError);
    expect(() => investmentAmountForWire('1.001')).toThrow(RangeError);
  });
});

describe('investmentPreview', () => {
  it('shows the projected profit from $100 up (spec §2), with the expected ROI and the share bought', () => {
    // (5.60 − 1.40) / 1.40 = 300%: $1,000 projects $3,000; 1,000 / 750,000 = 0.13%.
    expect(investmentPreview('1000', campaign)).toEqual({
      projectedProfit: '3000.00',
      expectedRoiPercent: '300.0',
      sharePercent: '0.13',
    });
    expect(investmentPreview('100', campaign)?.projectedProfit).toBe('300.00');
  });

  it('shows nothing below $100, even where the campaign minimum is higher, or for text that is no amount', () => {
    expect(investmentPreview('99.99', campaign)).toBeNull();
    expect(investmentPreview('', campaign)).toBeNull();
    expect(investmentPreview('abc', campaign)).toBeNull();
    expect(investmentPreview('100.001', campaign)).toBeNull();
    // Below this campaign's $1,000 minimum, the preview still helps choose.
    expect(investmentPreview('500', campaign)?.projectedProfit).toBe('1500.00');
  });

  it('computes in decimals: no float error in the cents', () => {
    const odd = { buyPrice: '1.45', sellPrice: '5.50', targetAmount: '750000' };
    // 333.33 × 4.05 / 1.45 = 931.0251… → 931.03
    expect(investmentPreview('333.33', odd)?.projectedProfit).toBe('931.03');
  });
});

describe('sharePercent', () => {
  it('reads a 6-decimal share as a percent with 2 decimals', () => {
    expect(sharePercent('0.006667')).toBe('0.67');
    expect(sharePercent('0.250000')).toBe('25.00');
    expect(sharePercent('1.000000')).toBe('100.00');
    expect(sharePercent('0')).toBe('0.00');
  });

  it('says <0.01 for a share too small to show, never a misleading 0.00', () => {
    expect(sharePercent('0.000001')).toBe('<0.01');
    expect(sharePercent('0.000049')).toBe('<0.01');
    expect(sharePercent('0.000050')).toBe('0.01');
  });
});

describe('fundingWindow', () => {
  const base = {
    createdAt: '2027-01-01T00:00:00.000Z',
    deadline: '2027-01-11T00:00:00.000Z',
    status: 'active' as const,
    raisedAmount: '0',
    targetAmount: '1000',
  };

  it('tells how much of the funding window has passed while funding is open', () => {
    expect(fundingWindow(base, new Date('2027-01-01T00:00:00Z')).elapsedPercent).toBe(0);
    expect(fundingWindow(base, new Date('2027-01-04T00:00:00Z'))).toMatchObject({
      elapsedPercent: 30,
      fundingState: 'open',
      openedAt: base.createdAt,
      closesAt: base.deadline,
    });
  });

  it('is complete once funding ended: funded before the deadline, closed, or cancelled', () => {
    const early = new Date('2027-01-04T00:00:00Z');
    expect(fundingWindow({ ...base, status: 'funded' }, early)).toMatchObject({
      elapsedPercent: 100,
      fundingState: 'funded',
    });
    expect(fundingWindow({ ...base, raisedAmount: '1000' }, early).fundingState).toBe('funded');
    expect(fundingWindow(base, new Date('2027-02-01T00:00:00Z'))).toMatchObject({
      elapsedPercent: 100,
      fundingState: 'closed',
    });
    expect(fundingWindow({ ...base, status: 'cancelled' }, early).elapsedPercent).toBe(100);
  });

  it('stays within 0–100 for clocks before creation', () => {
    expect(fundingWindow(base, new Date('2026-12-01T00:00:00Z')).elapsedPercent).toBe(0);
  });
});
