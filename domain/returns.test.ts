// The net-return formula (docs/investor-protection.md): the spec's estimated profit less the declared
// costs, less the platform's 5% on a profit, over the target; checked on worked examples and against
// integer-cent arithmetic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedNetReturn, projectedNetProfit, realisedNetReturnPercent } from './returns.ts';

describe('expectedNetReturn', () => {
  it('takes the declared costs and the platform fee off the gross estimate', () => {
    // 250 t at 1.40 → 5.60: 250,000 kg × 4.20 = 1,050,000 gross; costs 400,000; fee 5% of 650,000.
    const r = expectedNetReturn({
      quantity: '250',
      buyPrice: '1.40',
      sellPrice: '5.60',
      targetAmount: '1500000',
      conversionCost: '150000',
      shippingCost: '180000',
      insuranceCost: '30000',
      feesCost: '40000',
    });
    expect(r).toEqual({
      grossProfit: '1050000.00',
      declaredCosts: '400000.00',
      tradeProfit: '650000.00',
      platformFee: '32500.00',
      investorsProfit: '617500.00',
      netReturnPercent: '41.2',
    });
  });

  it('without declared costs is the gross estimate less the fee over the target', () => {
    const r = expectedNetReturn({
      quantity: '100',
      buyPrice: '1.40',
      sellPrice: '5.60',
      targetAmount: '100000',
    });
    expect(r).toMatchObject({ grossProfit: '420000.00', platformFee: '21000.00', netReturnPercent: '399.0' });
  });

  it('a loss after costs takes no fee and shows a negative return', () => {
    const r = expectedNetReturn({
      quantity: '10',
      buyPrice: '2.00',
      sellPrice: '2.50',
      targetAmount: '20000',
      shippingCost: '7000',
    });
    expect(r).toMatchObject({
      tradeProfit: '-2000.00',
      platformFee: '0.00',
      investorsProfit: '-2000.00',
      netReturnPercent: '-10.0',
    });
  });

  it('agrees with integer-cent arithmetic for any terms and costs', () => {
    const cents = fc.integer({ min: 0, max: 50_000_000 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 100_00, max: 100_000_000_00 }),
        cents,
        cents,
        (tonnes, buyCents, marginCents, targetCents, shipCents, feeCents) => {
          const c = (n: number) => (n / 100).toFixed(2);
          const r = expectedNetReturn({
            quantity: String(tonnes),
            buyPrice: c(buyCents),
            sellPrice: c(buyCents + marginCents),
            targetAmount: c(targetCents),
            shippingCost: c(shipCents),
            feesCost: c(feeCents),
          });
          const gross = BigInt(tonnes) * 1000n * BigInt(marginCents);
          const trade = gross - BigInt(shipCents) - BigInt(feeCents);
          // 5% to the cent, half up, of a positive profit.
          const fee = trade > 0n ? (trade * 5n + 50n) / 100n : 0n;
          const cents = (v: string) => BigInt(v.replace('.', ''));
          expect(cents(r.grossProfit)).toBe(gross);
          expect(cents(r.tradeProfit)).toBe(trade);
          expect(cents(r.platformFee)).toBe(fee);
          expect(cents(r.investorsProfit)).toBe(trade - fee);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('projectedNetProfit', () => {
  it('is the amount’s share (amount / target) of the investors’ profit, rounded down to the cent', () => {
    const terms = {
      quantity: '100',
      buyPrice: '1.40',
      sellPrice: '5.60',
      targetAmount: '300000',
      shippingCost: '100000',
    };
    // investors' profit = (420,000 − 100,000) × 0.95 = 304,000; 1,000 / 300,000 of it = 1,013.333…
    expect(projectedNetProfit('1000', terms)).toBe('1013.33');
    expect(projectedNetProfit('300000', terms)).toBe('304000.00');
  });
});

describe('realisedNetReturnPercent', () => {
  it('is the actual profit less the fee over the target; a loss has no fee', () => {
    expect(realisedNetReturnPercent('200', '1000')).toBe('19.0');
    expect(realisedNetReturnPercent('-100', '1000')).toBe('-10.0');
  });
});
