import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_STATUS_GROUPS,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TRANSITIONS,
  campaignStatusLabel,
  daysLeft,
  findTransition,
  inStatusGroup,
  REGION_LABELS,
  RISK_LABELS,
} from './campaigns.ts';

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

describe('status groups and transitions', () => {
  it('lists only real statuses in every group', () => {
    for (const [name, group] of Object.entries(CAMPAIGN_STATUS_GROUPS))
      for (const status of group) expect(CAMPAIGN_STATUSES, name).toContain(status);
  });

  it('keeps drafts (cancelled) out of every public view', () => {
    expect(inStatusGroup('cancelled', 'public')).toBe(false);
    expect(inStatusGroup('cancelled', 'landing')).toBe(false);
    expect(CAMPAIGN_STATUS_GROUPS.public).toEqual(['active', 'funded', 'trading', 'completed']);
  });

  it('moves a campaign only along the lifecycle of DESIGN.md §3', () => {
    expect(findTransition('active', 'funded', 'system')).toBeDefined();
    // A revocation in the reflection period re-opens the amount (issue 19).
    expect(findTransition('funded', 'active', 'system')).toBeDefined();
    expect(findTransition('funded', 'trading', 'owner')).toBeDefined();
    expect(findTransition('trading', 'completed', 'owner')).toBeDefined();
    expect(findTransition('active', 'cancelled', 'system')).toBeDefined();
    expect(findTransition('funded', 'cancelled', 'admin')).toBeDefined();
    // Nothing leaves a final status, and a trader can neither fund nor cancel a funded campaign.
    for (const from of CAMPAIGN_STATUS_GROUPS.final)
      expect(CAMPAIGN_TRANSITIONS.filter((t) => t.from === from)).toEqual([]);
    expect(findTransition('active', 'funded', 'owner')).toBeUndefined();
    expect(findTransition('funded', 'cancelled', 'owner')).toBeUndefined();
    expect(findTransition('completed', 'cancelled', 'admin')).toBeUndefined();
  });
});
