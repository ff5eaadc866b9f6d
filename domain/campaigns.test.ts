import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, campaignStatusLabel, daysLeft, REGION_LABELS, RISK_LABELS } from './campaigns.ts';

describe('campaignStatusLabel', () => {
  it('labels each status as spec §4 says, cancelled as Draft', () => {
    expect(CAMPAIGN_STATUSES.map(campaignStatusLabel)).toEqual([
      'Active',
      'Funded',
      'In Progress',
      'Completed',
      'Draft',
    ]);
  });

  it('reads a missing or unknown status as Active', () => {
    for (const status of [undefined, null, '', 'pending', 'ACTIVE', 'constructor', '__proto__', 'toString']) {
      expect(campaignStatusLabel(status)).toBe('Active');
    }
  });

  it('property: any string that is not a status reads Active', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(!(CAMPAIGN_STATUSES as readonly string[]).includes(s));
        expect(campaignStatusLabel(s)).toBe('Active');
      }),
    );
  });
});

describe('daysLeft', () => {
  const now = new Date('2025-06-01T12:00:00.000Z');

  it('counts started days until the deadline', () => {
    expect(daysLeft('2025-06-02T12:00:00.000Z', now)).toBe(1);
    expect(daysLeft('2025-06-01T12:00:00.001Z', now)).toBe(1);
    expect(daysLeft('2025-06-02T12:00:00.001Z', now)).toBe(2);
    expect(daysLeft(new Date('2025-08-30T12:00:00.000Z'), now)).toBe(90);
  });

  it('is 0 once the deadline has passed, never negative', () => {
    expect(daysLeft('2025-06-01T12:00:00.000Z', now)).toBe(0);
    expect(daysLeft('2025-05-01T00:00:00.000Z', now)).toBe(0);
  });
});

describe('labels', () => {
  it('names each risk level and region', () => {
    expect(RISK_LABELS).toEqual({ low: 'Low risk', medium: 'Medium risk', high: 'High risk' });
    expect(REGION_LABELS).toEqual({ asia: 'Asia', europe: 'Europe', americas: 'Americas' });
  });
});
