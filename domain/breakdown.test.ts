// Trade cost breakdown (spec §9): the spec's 1,000 t sample to the cent, then properties.
// fast-check prints the seed and path of any failure; replay a run with FC_SEED=<seed>.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breakdownInputSchema } from './breakdown-schema.ts';
import {
  costBreakdown,
  DEFAULT_COSTS_PER_TONNE,
  SAMPLE_BREAKDOWN_INPUT,
  type BreakdownInput,
} from './breakdown.ts';
import { dec, platformFee, toFixed, ZERO } from './money.ts';

if (process.env.FC_SEED) fc.configureGlobal({ seed: Number(process.env.FC_SEED) });

const TWO_PLACES = /^-?\d+\.\d{2}$/;

function hundredths(value: bigint): string {
  return `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
}

describe('costBreakdown of the spec sample (1,000 t at $1.40 → $5.60)', () => {
  const result = costBreakdown({ quantityTonnes: '1000', buyPrice: '1.40', sellPrice: '5.60' });

  it('has the six cost lines of spec §9 and a total of 3,050,000', () => {
    expect(result.lines.map((l) => [l.label, l.amount, l.isTotal])).toEqual([
      ['Hydrogen purchase', '1400000.00', false],
      ['Shipping (green ammonia)', '1000000.00', false],
      ['Customs & duties', '400000.00', false],
      ['Insurance', '100000.00', false],
      ['Storage', '50000.00', false],
      ['Other', '100000.00', false],
      ['Total cost', '3050000.00', true],
    ]);
    expect(result.lines[0]!.description).toBe('1,000,000 kg at $1.40/kg');
    expect(result.totalCost).toBe('3050000.00');
  });

  it('earns revenue 5,600,000, gross 2,550,000, fee 127,500 and net 2,422,500', () => {
    expect(result.grossRevenue).toBe('5600000.00');
    expect(result.grossProfit).toBe('2550000.00');
    expect(result.platformFee).toBe('127500.00');
    expect(result.netProfit).toBe('2422500.00');
  });

  it('gives a 43.26% margin and a 79.43% return on cost (the "79.4%" marketing claim)', () => {
    expect(result.marginPercent).toBe('43.26');
    expect(result.returnOnCostPercent).toBe('79.43');
    expect(toFixed(result.returnOnCostPercent, 1)).toBe('79.4');
  });

  it('is what SAMPLE_BREAKDOWN_INPUT describes', () => {
    expect(costBreakdown(SAMPLE_BREAKDOWN_INPUT)).toEqual(result);
  });
});

describe('costBreakdown', () => {
  it('scales logistics per tonne at the sample rates', () => {
    expect(DEFAULT_COSTS_PER_TONNE).toEqual({
      shipping: '1000',
      customs: '400',
      insurance: '100',
      storage: '50',
      other: '100',
    });
    const r = costBreakdown({ quantityTonnes: '250', buyPrice: '1.40', sellPrice: '5.60' });
    expect(r.lines.map((l) => l.amount)).toEqual([
      '350000.00',
      '250000.00',
      '100000.00',
      '25000.00',
      '12500.00',
      '25000.00',
      '762500.00',
    ]);
  });

  it('charges no fee on a loss and reports a negative net profit and margin', () => {
    const r = costBreakdown({ quantityTonnes: '10', buyPrice: '5.00', sellPrice: '4.00' });
    expect(r.totalCost).toBe('66500.00'); // 50,000 purchase + 10 × 1,650
    expect(r.grossRevenue).toBe('40000.00');
    expect(r.grossProfit).toBe('-26500.00');
    expect(r.platformFee).toBe('0.00');
    expect(r.netProfit).toBe('-26500.00');
    expect(r.marginPercent).toBe('-66.25');
    expect(r.returnOnCostPercent).toBe('-39.85');
  });

  const input = fc.record<BreakdownInput>({
    quantityTonnes: fc.bigInt({ min: 1n, max: 9_999_999_999n }).map(hundredths),
    buyPrice: fc.bigInt({ min: 1n, max: 99_999_999n }).map(hundredths),
    sellPrice: fc.bigInt({ min: 1n, max: 99_999_999n }).map(hundredths),
  });

  it('property: the cost lines sum to the total exactly, and the results follow from each other', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = costBreakdown(i);
        const costs = r.lines.filter((l) => !l.isTotal);
        const totals = r.lines.filter((l) => l.isTotal);
        expect(costs).toHaveLength(6);
        expect(totals).toEqual([expect.objectContaining({ amount: r.totalCost })]);
        expect(r.lines.at(-1)!.isTotal).toBe(true);
        expect(toFixed(costs.reduce((sum, l) => sum.plus(l.amount), ZERO))).toBe(r.totalCost);
        expect(toFixed(dec(i.quantityTonnes).times(1000).times(i.sellPrice))).toBe(r.grossRevenue);
        expect(toFixed(dec(r.grossRevenue).minus(r.totalCost))).toBe(r.grossProfit);
        expect(toFixed(platformFee(r.grossProfit))).toBe(r.platformFee);
        expect(toFixed(dec(r.grossProfit).minus(r.platformFee))).toBe(r.netProfit);
        for (const value of [
          ...r.lines.map((l) => l.amount),
          r.totalCost,
          r.grossRevenue,
          r.grossProfit,
          r.platformFee,
          r.netProfit,
          r.marginPercent,
          r.returnOnCostPercent,
        ]) {
          expect(value).toMatch(TWO_PLACES);
        }
      }),
    );
  });

  it('property: the fee never exceeds the gross profit and is 0 on a loss', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = costBreakdown(i);
        expect(dec(r.platformFee).gte(0)).toBe(true);
        if (dec(r.grossProfit).lte(0)) expect(r.platformFee).toBe('0.00');
        else expect(dec(r.platformFee).lte(r.grossProfit)).toBe(true);
      }),
    );
  });
});

describe('breakdownInputSchema', () => {
  const parse = (over: Partial<BreakdownInput>) =>
    breakdownInputSchema.safeParse({ ...SAMPLE_BREAKDOWN_INPUT, ...over });
  const message = (over: Partial<BreakdownInput>) => parse(over).error?.issues[0]?.message;

  it('accepts positive numbers with up to 2 decimals, trimming spaces', () => {
    expect(parse({}).data).toEqual(SAMPLE_BREAKDOWN_INPUT);
    expect(parse({ quantityTonnes: ' 250.5 ' }).data?.quantityTonnes).toBe('250.5');
  });

  it('names the field and the rule it breaks', () => {
    expect(message({ quantityTonnes: '0' })).toBe('Quantity must be greater than 0');
    expect(message({ quantityTonnes: '1.234' })).toBe('Quantity can have at most 2 decimal places');
    expect(message({ quantityTonnes: '-5' })).toBe('Quantity must be a number');
    expect(message({ quantityTonnes: 'ten' })).toBe('Quantity must be a number');
    expect(message({ quantityTonnes: '' })).toBe('Quantity is required');
    expect(message({ quantityTonnes: '100000000' })).toBe('Quantity must be at most 99,999,999.99');
    expect(message({ buyPrice: '0.00' })).toBe('Buy price must be greater than 0');
    expect(message({ sellPrice: '1000000' })).toBe('Sell price must be at most 999,999.99');
  });

  it('property: answers any text with a result or an error, never a throw', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (quantityTonnes, buyPrice, sellPrice) => {
        const result = breakdownInputSchema.safeParse({ quantityTonnes, buyPrice, sellPrice });
        if (result.success) expect(dec(result.data.quantityTonnes).gt(0)).toBe(true);
      }),
    );
  });
});
