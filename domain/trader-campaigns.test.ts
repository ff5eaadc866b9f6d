import { describe, expect, it } from 'vitest';
import type { Campaign } from './campaign-schemas.ts';
import { CAMPAIGN_STATUSES } from './campaigns.ts';
import { assessRiskLevel, endOfDeadlineDay } from './campaign-rules.ts';
import {
  campaignFormValues,
  campaignPatchOf,
  campaignTermsPreview,
  hasShipmentToTrack,
  inTraderTab,
  raisedByInvestmentDate,
  sortCampaigns,
  traderCampaignRow,
} from './trader-campaigns.ts';

const NOW = new Date('2026-01-01T12:00:00Z');

function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    traderId: '00000000-0000-4000-8000-0000000000aa',
    title: 'Kandla → Rotterdam',
    description: '',
    tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
    status: 'active',
    review: { status: 'approved' },
    carbonIntensity: null,
    targetAmount: '500000.00',
    raisedAmount: '125000.00',
    quantity: '200.00',
    buyPrice: '1.40',
    sellPrice: '5.60',
    minimumInvestment: '100.00',
    riskLevel: 'medium',
    region: 'europe',
    investorCount: 3,
    deadline: '2026-01-11T23:59:59.999Z',
    expectedProfit: null,
    actualProfit: null,
    createdAt: '2025-12-01T00:00:00.000Z',
    updatedAt: '2025-12-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('dashboard tabs', () => {
  it('Active holds active; Funded holds funded and in progress; Completed holds completed; All holds every status', () => {
    const tabsOf = (status: Campaign['status']) =>
      (['active', 'funded', 'completed', 'all'] as const).filter((t) => inTraderTab({ status }, t));
    expect(CAMPAIGN_STATUSES.map(tabsOf)).toEqual([
      ['active', 'all'],
      ['funded', 'all'],
      ['funded', 'all'],
      ['completed', 'all'],
      ['all'],
    ]);
  });

  it('offers Track Shipment from funded until delivered', () => {
    expect(CAMPAIGN_STATUSES.filter((status) => hasShipmentToTrack({ status }))).toEqual([
      'funded',
      'trading',
    ]);
  });
});

describe('traderCampaignRow', () => {
  it('is the spec §3 row with ROI, progress and days left computed', () => {
    expect(traderCampaignRow(campaign(), NOW)).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      title: 'Kandla → Rotterdam',
      route: 'Kandla, India → Rotterdam, Netherlands',
      quantity: '200.00',
      unit: 'tonnes',
      targetAmount: '500000.00',
      raisedAmount: '125000.00',
      investorCount: 3,
      status: 'active',
      statusLabel: 'Active',
      roi: '300.0',
      daysLeft: 11,
      progressPercent: '25.0',
    });
  });

  it('has no days left once funding has closed', () => {
    expect(traderCampaignRow(campaign({ status: 'funded' }), NOW).daysLeft).toBeNull();
  });
});

describe('campaignTermsPreview', () => {
  it('previews ROI, margin, profit and the risk rule from the typed text', () => {
    expect(
      campaignTermsPreview(
        {
          buyPrice: '1.4',
          sellPrice: '5.6',
          quantity: '200',
          targetAmount: '500000',
          deadline: '2026-04-01',
        },
        NOW,
      ),
    ).toEqual({
      expectedRoiPercent: '300.0',
      marginPerKg: '4.20',
      estimatedProfit: '840000.00',
      riskLevel: 'medium',
    });
  });

  it('gives the level the campaign got when created, however much later the trader edits it', () => {
    const terms = {
      buyPrice: '1.4',
      sellPrice: '5.6',
      quantity: '200',
      targetAmount: '500000',
      deadline: '2026-04-01',
    };
    // Created on NOW with a 90-day window: ROI 300% (1) + 90 days (1) = medium, as the card says.
    const stored = assessRiskLevel({ ...terms, deadline: endOfDeadlineDay(terms.deadline)! }, NOW);
    expect(stored).toBe('medium');
    // Two months on the edit preview, given the creation date, still says medium (measured from the
    // day it is looked at, the 30 days left would have read "low").
    expect(campaignTermsPreview(terms, NOW).riskLevel).toBe(stored);
    expect(
      assessRiskLevel(
        { ...terms, deadline: endOfDeadlineDay(terms.deadline)! },
        new Date('2026-03-02T12:00:00Z'),
      ),
    ).toBe('low');
  });

  it('shows nothing it cannot compute instead of throwing on half-typed input', () => {
    expect(
      campaignTermsPreview({ buyPrice: '', sellPrice: '5.6', quantity: 'x', deadline: '2026-13' }, NOW),
    ).toEqual({
      expectedRoiPercent: null,
      marginPerKg: null,
      estimatedProfit: null,
      riskLevel: null,
    });
    expect(campaignTermsPreview({ buyPrice: '0', sellPrice: '5.6' }, NOW).expectedRoiPercent).toBeNull();
    expect(
      campaignTermsPreview({ buyPrice: '1.4', sellPrice: '5.6', quantity: '' }, NOW).estimatedProfit,
    ).toBeNull();
  });
});

describe('campaignPatchOf', () => {
  const initial = campaignFormValues(campaign());

  it('pre-fills the form with the deadline as its UTC day', () => {
    expect(initial.deadline).toBe('2026-01-11');
    expect(endOfDeadlineDay(initial.deadline)?.toISOString()).toBe('2026-01-11T23:59:59.999Z');
  });

  it('sends only the changed fields; the same number written differently is no change', () => {
    expect(campaignPatchOf(initial, initial)).toEqual({});
    expect(
      campaignPatchOf(initial, {
        ...initial,
        buyPrice: '1.4',
        quantity: '200',
        title: ' New title ',
        sellPrice: '5.8',
      }),
    ).toEqual({ title: 'New title', sellPrice: '5.8' });
  });

  it('sends text that is no number as it is, for the schema to refuse', () => {
    expect(campaignPatchOf(initial, { ...initial, targetAmount: 'abc' })).toEqual({ targetAmount: 'abc' });
  });
});

describe('sortCampaigns and raisedByInvestmentDate', () => {
  const a = campaign({ id: 'a', title: 'b cargo', buyPrice: '1.50', createdAt: '2025-10-01T00:00:00.000Z' });
  const b = campaign({
    id: 'b',
    title: 'A cargo',
    raisedAmount: '500000.00',
    createdAt: '2025-11-01T00:00:00.000Z',
  });
  const draft = campaign({
    id: 'c',
    title: 'c draft',
    status: 'cancelled',
    createdAt: '2025-12-01T00:00:00.000Z',
  });

  it('sorts by a column either way, case-insensitively for text and as decimals for money', () => {
    expect(sortCampaigns([a, b, draft], 'title', 'asc').map((c) => c.id)).toEqual(['b', 'a', 'c']);
    expect(sortCampaigns([a, b, draft], 'roi', 'desc').map((c) => c.id)).toEqual(['c', 'b', 'a']);
    expect(sortCampaigns([a, b], 'raised', 'desc').map((c) => c.id)).toEqual(['b', 'a']);
  });

  it('adds up the investments in the order they were recorded, refunded and unrecorded ones left out', () => {
    const at = (day: string) => `2025-11-${day}T10:00:00.000Z`;
    const investors = {
      a: [
        { amount: '1000.00', status: 'confirmed', confirmedAt: at('03') },
        { amount: '9999.00', status: 'refunded', confirmedAt: at('04') },
      ],
      b: [
        { amount: '2500.00', status: 'paid_out', confirmedAt: at('02') },
        { amount: '500.00', status: 'confirmed', confirmedAt: at('05') },
        { amount: '7777.00', status: 'pending', confirmedAt: null },
      ],
    };
    expect(raisedByInvestmentDate([a, b], investors).map((p) => [p.at, p.title, p.cumulative])).toEqual([
      [at('02'), 'A cargo', '2500.00'],
      [at('03'), 'b cargo', '3500.00'],
      [at('05'), 'A cargo', '4000.00'],
    ]);
    expect(raisedByInvestmentDate([a], {})).toEqual([]);
  });
});
