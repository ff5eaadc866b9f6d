import { describe, expect, it } from 'vitest';
import { assessRiskLevel, defaultDeadline, destinationRegion, routeOrigin } from './campaign-rules.ts';

const NOW = new Date('2026-06-01T00:00:00Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000);
const terms = (over: Partial<Parameters<typeof assessRiskLevel>[0]> = {}) => ({
  buyPrice: '1.40',
  sellPrice: '5.60',
  targetAmount: '750000',
  deadline: inDays(45),
  ...over,
});

describe('assessRiskLevel', () => {
  it('scores ROI, capital and funding window: 0–1 low, 2–3 medium, 4+ high', () => {
    expect(assessRiskLevel(terms({ sellPrice: '4.90' }), NOW)).toBe('low'); // 250%: 0 points
    expect(assessRiskLevel(terms(), NOW)).toBe('low'); // 300%: 1 point
    expect(assessRiskLevel(terms({ deadline: inDays(90) }), NOW)).toBe('medium'); // 1 + 0 + 1
    expect(assessRiskLevel(terms({ sellPrice: '6.00', targetAmount: '1000000.01' }), NOW)).toBe('medium'); // 2 + 1 + 0
    expect(assessRiskLevel(terms({ sellPrice: '6.00', deadline: inDays(181) }), NOW)).toBe('high'); // 2 + 0 + 2
    expect(assessRiskLevel(terms({ targetAmount: '2500001', deadline: inDays(200) }), NOW)).toBe('high'); // 1 + 2 + 2
  });

  it('puts each threshold on the lower band', () => {
    expect(
      assessRiskLevel(terms({ sellPrice: '4.90', targetAmount: '1000000', deadline: inDays(60) }), NOW),
    ).toBe('low');
    // 310% exactly is 1 point, 2,500,000 is 1, 180 days is 1: medium, not high.
    expect(
      assessRiskLevel(
        terms({ buyPrice: '1.00', sellPrice: '4.10', targetAmount: '2500000', deadline: inDays(180) }),
        NOW,
      ),
    ).toBe('medium');
  });
});

describe('destinationRegion', () => {
  it.each([
    ['Kandla, India → Rotterdam, Netherlands', 'europe'],
    ['Paradip -> Hamburg', 'europe'],
    ['Mundra, India → Yokohama, Japan', 'asia'],
    ['Kochi to Houston, United States', 'americas'],
    ['Chennai → Santos, Brazil', 'americas'],
    ['Rotterdam → Kandla, India', 'asia'],
    ['Kandla → Singapore → Teesside, UK', 'europe'],
  ] as const)('%s → %s', (route, region) => {
    expect(destinationRegion(route)).toBe(region);
  });

  it('knows nothing without a destination it recognises', () => {
    expect(destinationRegion('Kandla → Atlantis')).toBeUndefined();
    expect(destinationRegion('Rotterdam')).toBeUndefined(); // no route, just a place
    expect(destinationRegion('')).toBeUndefined();
    expect(destinationRegion('Kandla → Russia')).toBeUndefined(); // "us" is a word, not a substring
  });
});

describe('defaultDeadline', () => {
  it('is 90 days out, as a yyyy-mm-dd day', () => {
    expect(defaultDeadline(NOW)).toBe('2026-08-30');
  });
});

describe('routeOrigin', () => {
  it('is the first stop of the route, whatever the arrow', () => {
    expect(routeOrigin('Kochi, India → Houston, United States')).toBe('Kochi, India');
    expect(routeOrigin('Kandla, India -> Rotterdam')).toBe('Kandla, India');
    expect(routeOrigin('Mundra to Yokohama')).toBe('Mundra');
  });
});
