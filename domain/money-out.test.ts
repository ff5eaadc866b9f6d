// What the trader reads before paying in a settlement: the investors' part of a profit or of a loss.
import { describe, expect, it } from 'vitest';
import { investorsShareOf, settlementFigures } from './money-out.ts';

describe('investorsShareOf', () => {
  const figures = (actualProfit: string) =>
    settlementFigures({ actualProfit, targetAmount: '10000', principal: '8000', disbursed: '8000' });

  it('adds the investors’ part of a profit to what was disbursed', () => {
    expect(investorsShareOf(figures('1000'))).toEqual({ kind: 'profit', amount: '800.00' });
  });

  it('takes the investors’ part of a loss, as a positive amount', () => {
    expect(investorsShareOf(figures('-1000'))).toEqual({ kind: 'loss', amount: '800.00' });
  });

  it('reads a break-even as a profit of nothing', () => {
    expect(investorsShareOf(figures('0'))).toEqual({ kind: 'profit', amount: '0.00' });
  });
});
