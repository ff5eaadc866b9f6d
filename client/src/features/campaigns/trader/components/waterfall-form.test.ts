import { describe, expect, it } from 'vitest';
import { EMPTY_WATERFALL, parseWaterfall, settlementIf, typedProfit } from './waterfall-form.ts';

const figures = {
  salesProceeds: '1120000',
  purchaseCost: '280000',
  shippingCost: '52000',
  insuranceCost: '4000',
  otherCosts: '584000.50',
};

describe('the waterfall form', () => {
  it('computes the actual profit once all five amounts read', () => {
    expect(typedProfit(EMPTY_WATERFALL)).toBeNull();
    expect(typedProfit({ ...figures, otherCosts: '12,0' })).toBeNull();
    expect(typedProfit(figures)).toBe('199999.50');
    expect(typedProfit({ ...figures, salesProceeds: '100000' })).toBe('-820000.50');
  });

  it("refuses with the server's words, per field", () => {
    const result = parseWaterfall({ ...figures, shippingCost: '', insuranceCost: '-4' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toEqual({
        shippingCost: 'Shipping cost must be a number with at most 2 decimal places',
        insuranceCost: 'Insurance cost cannot be negative',
      });
    expect(parseWaterfall(figures)).toEqual({
      ok: true,
      waterfall: {
        ...figures,
        salesProceeds: '1120000.00',
        purchaseCost: '280000.00',
        shippingCost: '52000.00',
        insuranceCost: '4000.00',
      },
    });
  });

  it('says what the trader pays in: what went to the trade plus the investors share of the profit', () => {
    const campaign = {
      targetAmount: '2000.00',
      raisedAmount: '2000.00',
      releases: [
        { status: 'released' as const, amount: '800.00' },
        { status: 'released' as const, amount: '1200.00' },
      ],
    };
    expect(settlementIf(campaign as never, '200.00')).toMatchObject({
      amountDue: '2200.00',
      grossProfit: '200.00',
      fee: '10.00',
    });
  });
});
