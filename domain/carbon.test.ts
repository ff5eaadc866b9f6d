// The carbon method against docs/carbon.md's worked examples, figure for figure.
import { describe, expect, it } from 'vitest';
import { carbonIntensity, isRfnbo, RFNBO_THRESHOLD, savingPercent } from './carbon.ts';

describe('the carbon intensity of delivered hydrogen (docs/carbon.md)', () => {
  it('puts the RFNBO threshold at 3.384 kg CO₂e per kg H₂ (94 g/MJ × 30% × 120 MJ/kg)', () => {
    expect(RFNBO_THRESHOLD).toBe('3.384');
  });

  it('example 1: Kandla → Rotterdam, 11,500 km, production 1.200 → 3.248, an RFNBO', () => {
    expect(carbonIntensity({ productionIntensity: '1.200', shippingDistanceKm: 11500 })).toEqual({
      production: '1.200',
      conversion: '0.400',
      shipping: '0.648',
      cracking: '1.000',
      total: '3.248',
      savingPercent: '71.2',
      rfnbo: true,
    });
  });

  it('example 2: the same voyage from a plant at 2.000 → 4.048, not an RFNBO', () => {
    expect(carbonIntensity({ productionIntensity: '2.000', shippingDistanceKm: '11500' })).toEqual({
      production: '2.000',
      conversion: '0.400',
      shipping: '0.648',
      cracking: '1.000',
      total: '4.048',
      savingPercent: '64.1',
      rfnbo: false,
    });
  });

  it('example 3: Duqm → Rotterdam, 6,000 km, production 0.500 → 2.238', () => {
    expect(carbonIntensity({ productionIntensity: '0.500', shippingDistanceKm: 6000 })).toEqual({
      production: '0.500',
      conversion: '0.400',
      shipping: '0.338',
      cracking: '1.000',
      total: '2.238',
      savingPercent: '80.2',
      rfnbo: true,
    });
  });

  it('rounds the total once, from the unrounded stages (0.64768 + … = 3.24768 → 3.248)', () => {
    // Stages shown rounded (0.648) but summed unrounded: 1.2 + 0.4 + 0.64768 + 1.0.
    expect(carbonIntensity({ productionIntensity: '1.2', shippingDistanceKm: 11500 }).total).toBe('3.248');
  });

  it('gives the badge only strictly below the threshold, never to an unknown figure', () => {
    expect(isRfnbo('3.383')).toBe(true);
    expect(isRfnbo('3.384')).toBe(false);
    expect(isRfnbo('3.385')).toBe(false);
    expect(isRfnbo(null)).toBe(false);
    expect(isRfnbo(undefined)).toBe(false);
    expect(savingPercent('3.384')).toBe('70.0');
  });
});
