// Money formulas of spec §9: exact figures, then properties over generated decimal strings.
// fast-check prints the seed and path of any failure; replay a run with FC_SEED=<seed>.
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  campaignShare,
  dec,
  estimatedCampaignProfit,
  exceeds,
  expectedRoiPercent,
  fundingProgressPercent,
  isFullyFunded,
  isNegative,
  isPositive,
  KG_PER_TONNE,
  marginPerKg,
  MIN_INVESTMENT,
  percentOf,
  PLATFORM_FEE_RATE,
  platformFee,
  projectedProfit,
  remainingAmount,
  toFixed,
  usdText,
} from './money.ts';

if (process.env.FC_SEED) fc.configureGlobal({ seed: Number(process.env.FC_SEED) });

const TWO_PLACES = /^-?\d+\.\d{2}$/;

/** Integer hundredths as a decimal string: 12345n → "123.45" (an exact oracle for the formulas). */
function hundredths(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
/** Money as it is stored: numeric(15,2). */
const amount = (min = 0n, max = 10n ** 13n - 1n) => fc.bigInt({ min, max }).map(hundredths);
/** $/kg as stored: numeric(8,2), positive. */
const price = fc.bigInt({ min: 1n, max: 99_999_999n }).map(hundredths);

describe('constants', () => {
  it('are the spec figures: 5% fee, 1000 kg per tonne, $100 minimum', () => {
    expect(PLATFORM_FEE_RATE).toBe('0.05');
    expect(KG_PER_TONNE).toBe(1000);
    expect(MIN_INVESTMENT).toBe('100');
  });
});

describe('dec', () => {
  it('parses decimal strings and Big values exactly', () => {
    expect(dec('1400000.00').eq('1400000')).toBe(true);
    expect(dec('0.1').plus(dec('0.2')).toFixed()).toBe('0.3');
    expect(dec(new Big('3.5')).toFixed()).toBe('3.5');
  });

  it('reads an empty or missing value as zero (raisedAmount may arrive empty)', () => {
    expect(dec('').toFixed()).toBe('0');
    expect(dec(null).toFixed()).toBe('0');
    expect(dec(undefined).toFixed()).toBe('0');
  });

  it('refuses text that is not a number', () => {
    expect(() => dec('abc')).toThrow();
    expect(() => dec('1,000')).toThrow();
  });
});

describe('toFixed', () => {
  it('formats with 2 places by default, rounding half up (away from zero)', () => {
    expect(toFixed('3050000')).toBe('3050000.00');
    expect(toFixed('1.005')).toBe('1.01');
    expect(toFixed('1.004')).toBe('1.00');
    expect(toFixed('-1.005')).toBe('-1.01');
    expect(toFixed('2.5', 0)).toBe('3');
    expect(toFixed('293.2413', 1)).toBe('293.2');
    expect(toFixed('1e21')).toBe('1000000000000000000000.00');
  });

  it('never writes a negative zero', () => {
    expect(toFixed('-0.001')).toBe('0.00');
  });

  it('property: any decimal becomes an exact 2-place string, and 2-place money stays unchanged', () => {
    fc.assert(
      fc.property(amount(-(10n ** 13n), 10n ** 13n), (money) => {
        expect(toFixed(money)).toBe(money);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (x) => {
        const s = toFixed(new Big(x));
        expect(s).toMatch(TWO_PLACES);
        expect(Math.abs(Number(s) - x)).toBeLessThanOrEqual(0.005 + Math.abs(x) * 1e-15);
      }),
    );
  });
});

describe('marginPerKg', () => {
  it('is sell − buy', () => {
    expect(marginPerKg('1.40', '5.60').toFixed(2)).toBe('4.20');
    expect(marginPerKg('5.00', '4.50').toFixed(2)).toBe('-0.50');
  });
});

describe('expectedRoiPercent', () => {
  it('is (sell − buy) / buy × 100: 1.40 → 5.60 is 300%', () => {
    expect(expectedRoiPercent('1.40', '5.60').toFixed()).toBe('300');
    expect(toFixed(expectedRoiPercent('1.45', '5.50'))).toBe('279.31');
    expect(expectedRoiPercent('2.00', '1.00').toFixed()).toBe('-50');
  });

  it('is 0 when the buy price is not positive', () => {
    expect(expectedRoiPercent('0', '5.60').toFixed()).toBe('0');
    expect(expectedRoiPercent('-1', '5.60').toFixed()).toBe('0');
  });

  it('property: positive exactly when sell > buy', () => {
    fc.assert(
      fc.property(price, price, (buy, sell) => {
        expect(expectedRoiPercent(buy, sell).gt(0)).toBe(dec(sell).gt(buy));
        expect(expectedRoiPercent(buy, sell).eq(0)).toBe(dec(sell).eq(buy));
      }),
    );
  });
});

describe('projectedProfit', () => {
  it('is amount × (sell − buy) / buy', () => {
    expect(projectedProfit('1000', '1.40', '5.60').toFixed()).toBe('3000');
    expect(toFixed(projectedProfit('2500.00', '1.40', '5.60'))).toBe('7500.00');
    expect(projectedProfit('1000', '0', '5.60').toFixed()).toBe('0');
  });
});

describe('estimatedCampaignProfit', () => {
  it('is quantity × 1000 × (sell − buy)', () => {
    expect(toFixed(estimatedCampaignProfit('250', '1.40', '5.60'))).toBe('1050000.00');
    expect(toFixed(estimatedCampaignProfit('1000', '1.40', '5.60'))).toBe('4200000.00');
    expect(toFixed(estimatedCampaignProfit('150', '1.45', '5.50'))).toBe('607500.00');
    expect(toFixed(estimatedCampaignProfit('10', '5.00', '4.00'))).toBe('-10000.00');
  });

  it('property: exact, equal to the same sum in integer cents', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 9_999_999_999n }),
        fc.bigInt({ min: 1n, max: 99_999_999n }),
        fc.bigInt({ min: 1n, max: 99_999_999n }),
        (qHundredths, buyCents, sellCents) => {
          // (q/100 t) × 1000 kg/t × ((sell − buy)/100 $/kg) = q × 10 × (sell − buy) / 100 dollars
          const expected = hundredths(qHundredths * 10n * (sellCents - buyCents));
          const got = estimatedCampaignProfit(
            hundredths(qHundredths),
            hundredths(buyCents),
            hundredths(sellCents),
          );
          expect(toFixed(got)).toBe(expected);
          expect(got.eq(expected)).toBe(true);
        },
      ),
    );
  });
});

describe('campaignShare', () => {
  it('is amount / target with 6 decimals, rounded down', () => {
    expect(campaignShare('1000', '100000').toFixed(6)).toBe('0.010000');
    expect(campaignShare('1', '3').toFixed(6)).toBe('0.333333');
    expect(campaignShare('2', '3').toFixed(6)).toBe('0.666666');
    expect(campaignShare('762500', '762500').toFixed()).toBe('1');
  });

  it('is 0 when the target is not positive', () => {
    expect(campaignShare('1000', '0').toFixed()).toBe('0');
  });

  it('property: share × target never exceeds the amount, and misses it by less than a millionth of the target', () => {
    fc.assert(
      fc.property(amount(1n), amount(1n), (invested, target) => {
        const share = campaignShare(invested, target);
        expect(share.eq(share.round(6, Big.roundDown))).toBe(true);
        const covered = share.times(target);
        expect(covered.lte(invested)).toBe(true);
        expect(dec(invested).minus(covered).lt(dec(target).times('0.000001'))).toBe(true);
      }),
    );
  });

  it('property: an amount within the target gives a share between 0 and 1', () => {
    fc.assert(
      fc.property(amount(1n), fc.bigInt({ min: 0n, max: 10_000n }), (target, perTenThousand) => {
        const invested = dec(target).times(perTenThousand.toString()).div(10_000).round(2, Big.roundDown);
        const share = campaignShare(invested, target);
        expect(share.gte(0) && share.lte(1)).toBe(true);
      }),
    );
  });
});

describe('fundingProgressPercent', () => {
  it('is raised / target × 100, not capped', () => {
    expect(fundingProgressPercent('50000', '100000').toFixed()).toBe('50');
    expect(toFixed(fundingProgressPercent('472700', '762500'))).toBe('61.99');
    expect(fundingProgressPercent('150000', '100000').toFixed()).toBe('150');
  });

  it('counts an empty or missing raised amount as 0, and a zero target as 0%', () => {
    expect(fundingProgressPercent(null, '100000').toFixed()).toBe('0');
    expect(fundingProgressPercent('', '100000').toFixed()).toBe('0');
    expect(fundingProgressPercent('100', '0').toFixed()).toBe('0');
  });

  it('property: monotone in the raised amount', () => {
    fc.assert(
      fc.property(amount(), amount(), amount(1n), (a, b, target) => {
        const [low, high] = dec(a).lte(b) ? [a, b] : [b, a];
        expect(fundingProgressPercent(low, target).lte(fundingProgressPercent(high, target))).toBe(true);
      }),
    );
  });
});

describe('isFullyFunded', () => {
  it('is true at 100% or more', () => {
    expect(isFullyFunded('99999.99', '100000')).toBe(false);
    expect(isFullyFunded('100000.00', '100000')).toBe(true);
    expect(isFullyFunded('100000.01', '100000')).toBe(true);
  });

  it('is false for an empty raised amount or a zero target', () => {
    expect(isFullyFunded(null, '100000')).toBe(false);
    expect(isFullyFunded('', '100000')).toBe(false);
    expect(isFullyFunded('0', '0')).toBe(false);
  });

  it('property: agrees with the progress reaching 100%', () => {
    fc.assert(
      fc.property(amount(), amount(1n), (raised, target) => {
        expect(isFullyFunded(raised, target)).toBe(fundingProgressPercent(raised, target).gte(100));
      }),
    );
  });
});

describe('remainingAmount', () => {
  it('is target − raised, never negative', () => {
    expect(toFixed(remainingAmount('472700', '762500'))).toBe('289800.00');
    expect(toFixed(remainingAmount(null, '100000'))).toBe('100000.00');
    expect(toFixed(remainingAmount('120000', '100000'))).toBe('0.00');
  });

  it('property: never negative, and raised + remaining covers the target exactly when not over-funded', () => {
    fc.assert(
      fc.property(amount(), amount(1n), (raised, target) => {
        const rest = remainingAmount(raised, target);
        expect(rest.gte(0)).toBe(true);
        if (dec(raised).lte(target)) expect(rest.plus(raised).eq(target)).toBe(true);
        else expect(rest.eq(0)).toBe(true);
      }),
    );
  });
});

describe('platformFee', () => {
  it('is 5% of gross profit by default: 2,550,000 → 127,500', () => {
    expect(toFixed(platformFee('2550000'))).toBe('127500.00');
    expect(toFixed(platformFee('1000', '0.10'))).toBe('100.00');
  });

  it('rounds to cents, half up', () => {
    expect(toFixed(platformFee('0.10'))).toBe('0.01'); // 0.005
    expect(toFixed(platformFee('0.09'))).toBe('0.00'); // 0.0045
  });

  it('is 0 on a loss or no profit', () => {
    expect(platformFee('-500').toFixed()).toBe('0');
    expect(platformFee('0').toFixed()).toBe('0');
  });

  it('property: between 0 and the profit, 0 on a loss, in whole cents', () => {
    const rate = fc.bigInt({ min: 0n, max: 100n }).map((pct) => hundredths(pct)); // 0.00 … 1.00
    fc.assert(
      fc.property(amount(-(10n ** 13n), 10n ** 13n), fc.option(rate, { nil: undefined }), (profit, r) => {
        const fee = platformFee(profit, r);
        expect(fee.gte(0)).toBe(true);
        if (dec(profit).lte(0)) expect(fee.eq(0)).toBe(true);
        else expect(fee.lte(profit)).toBe(true);
        expect(fee.eq(fee.round(2, Big.roundDown))).toBe(true);
        expect(toFixed(fee)).toMatch(TWO_PLACES);
      }),
    );
  });
});

describe('percentOf', () => {
  it('is the share of whole counts in percent, rounded half up', () => {
    expect(percentOf(2, 3)).toBe('66.7');
    expect(percentOf(1, 8, 2)).toBe('12.50');
    expect(percentOf(0, 5)).toBe('0.0');
    expect(percentOf(5, 5)).toBe('100.0');
  });

  it('refuses what is not a whole count, and a total of 0', () => {
    expect(() => percentOf(1.5, 3)).toThrow(RangeError);
    expect(() => percentOf(1, 0)).toThrow(RangeError);
  });
});

describe('usdText', () => {
  it('writes an exact amount with thousands separators and cents', () => {
    expect(usdText('12500')).toBe('$12,500.00');
    expect(usdText('1000000.5')).toBe('$1,000,000.50');
    expect(usdText('99.999')).toBe('$100.00');
    expect(usdText('-1234.5')).toBe('-$1,234.50');
    expect(usdText('0')).toBe('$0.00');
  });
});

describe('isPositive, isNegative, exceeds', () => {
  it('compare amounts exactly, where floats would not', () => {
    expect([isPositive('0.01'), isPositive('0.00'), isPositive('-0.01')]).toEqual([true, false, false]);
    expect([isNegative('-0.01'), isNegative('0'), isNegative('5')]).toEqual([true, false, false]);
    expect([exceeds('1000.01', '1000'), exceeds('1000.00', '1000'), exceeds('999.99', '1000')]).toEqual([
      true,
      false,
      false,
    ]);
    // 0.1 + 0.2 > 0.3 as floats; as decimal strings they are equal.
    expect(exceeds(dec('0.1').plus('0.2'), '0.3')).toBe(false);
  });

  it('agree with each other for any two amounts', () => {
    fc.assert(
      fc.property(amount(-(10n ** 13n) + 1n), amount(-(10n ** 13n) + 1n), (a, b) => {
        expect(exceeds(a, b)).toBe(isPositive(dec(a).minus(b)));
        expect(exceeds(b, a)).toBe(isNegative(dec(a).minus(b)));
      }),
    );
  });
});
