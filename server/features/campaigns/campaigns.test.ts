import { beforeAll, describe, expect, it } from 'vitest';
import {
  campaignDetailSchema,
  campaignListSchema,
  campaignSchema,
  type Campaign,
} from '../../../domain/campaign-schemas.ts';
import { costBreakdown } from '../../../domain/breakdown.ts';
import { isFullyFunded } from '../../../domain/money.ts';
import type { App } from '../../app.ts';
import { buildTestApp, createCampaign } from '../../../test/app.ts';

const MONEY_AND_QUANTITY = [
  'targetAmount',
  'raisedAmount',
  'quantity',
  'buyPrice',
  'sellPrice',
  'minimumInvestment',
] as const;
const TWO_PLACES = /^\d+\.\d{2}$/;

let app: App;
let list: Campaign[];

beforeAll(async () => {
  app = await buildTestApp({ seed: true });
  const res = await app.inject({ url: '/api/campaigns' });
  expect(res.statusCode).toBe(200);
  list = res.json();
});

describe('GET /api/campaigns', () => {
  it('answers JSON with every field of a campaign and nothing else', async () => {
    const res = await app.inject({ url: '/api/campaigns' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(campaignListSchema.safeParse(res.json()).success).toBe(true);
    expect(list.length).toBeGreaterThan(0);
    for (const c of list) expect(Object.keys(c).sort()).toEqual(Object.keys(campaignSchema.shape).sort());
  });

  it('sends numeric values as decimal strings with 2 places and dates as ISO strings', () => {
    for (const c of list) {
      for (const field of MONEY_AND_QUANTITY) expect(c[field], field).toMatch(TWO_PLACES);
      for (const field of ['expectedProfit', 'actualProfit'] as const) {
        if (c[field] !== null) expect(c[field], field).toMatch(TWO_PLACES);
      }
      for (const field of ['deadline', 'createdAt', 'updatedAt'] as const) {
        expect(new Date(c[field]).toISOString(), field).toBe(c[field]);
      }
    }
  });

  it("lists the demo seed's samples: 250 t, 150 t and 300 t, the 150 t one fully funded", () => {
    const byQuantity = (q: string) => list.find((c) => c.quantity === q);
    const [sample250, sample150, sample300] = [
      byQuantity('250.00'),
      byQuantity('150.00'),
      byQuantity('300.00'),
    ];
    expect(sample250).toMatchObject({ buyPrice: '1.40', sellPrice: '5.60', status: 'active' });
    // The target is the capital the trade needs: the /breakdown total for 250 t.
    expect(sample250!.targetAmount).toBe(
      costBreakdown({ quantityTonnes: '250', buyPrice: '1.40', sellPrice: '5.60' }).totalCost,
    );
    expect(sample250!.expectedProfit).toBe('1050000.00'); // 250 × 1000 × (5.60 − 1.40)
    expect(isFullyFunded(sample250!.raisedAmount, sample250!.targetAmount)).toBe(false);
    expect(sample150).toMatchObject({ status: 'funded' });
    expect(isFullyFunded(sample150!.raisedAmount, sample150!.targetAmount)).toBe(true);
    expect(sample300).toMatchObject({ status: 'active', riskLevel: 'high' });
  });

  it('lists the newest campaigns first', () => {
    const created = list.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('never lists a cancelled campaign', async () => {
    const cancelled = await createCampaign(app.db, { status: 'cancelled', title: 'Abandoned cargo' });
    const active = await createCampaign(app.db, { title: 'Fresh cargo' });
    const ids = (await app.inject({ url: '/api/campaigns' })).json<Campaign[]>().map((c) => c.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(cancelled.id);
    expect(ids).toHaveLength(list.length + 1);
  });
});

describe('GET /api/campaigns/:id', () => {
  it("answers the campaign as the list shows it, with the trader's name and company", async () => {
    const first = list[0]!;
    const res = await app.inject({ url: `/api/campaigns/${first.id}` });
    expect(res.statusCode).toBe(200);
    expect(campaignDetailSchema.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toEqual({
      ...first,
      traderName: 'Arjun Mehta',
      traderCompany: 'Bharat Green Fuels Pvt Ltd',
      // Where its money goes: the default schedule, nothing released yet, terms locked by its backers.
      releases: [
        expect.objectContaining({
          seq: 0,
          trigger: 'trading',
          percent: '100.00',
          status: 'scheduled',
          amount: null,
        }),
      ],
      settlement: null,
      termsLocked: true,
      // A backer may still revoke while their reflection period runs (issue 19); the review's history
      // is its trader's and admins' only.
      reflectionEndsAt: expect.toSatisfy((at: string | null) => at === null || Date.parse(at) > Date.now()),
      reviewHistory: [],
      // The KIIS's: the trader's declared costs and risk factors (demo data), the terms version, and the
      // trader's completed campaigns, expected against realised.
      disclosure: {
        riskFactors: expect.stringContaining(first.tradeRoute.split(' → ')[1]!),
        conversionCost: '0.00',
        shippingCost: expect.stringMatching(/^[1-9]\d*\.\d\d$/),
        insuranceCost: expect.stringMatching(/^[1-9]\d*\.\d\d$/),
        feesCost: expect.stringMatching(/^[1-9]\d*\.\d\d$/),
      },
      termsVersion: 1,
      trackRecord: {
        traderId: first.traderId,
        completed: [
          expect.objectContaining({
            title: 'Kandla → Rotterdam first cargo',
            expectedNetReturnPercent: expect.stringMatching(/^\d+\.\d$/),
            realisedNetReturnPercent: expect.stringMatching(/^\d+\.\d$/),
            defaulted: false,
          }),
        ],
        inDefault: 0,
      },
      // Not cancelled: no refunds to show.
      refunds: null,
    });
  });

  it('answers a campaign created through the database with its values', async () => {
    const created = await createCampaign(app.db, {
      quantity: '175.5',
      buyPrice: '1.5',
      sellPrice: '5.25',
      targetAmount: '500000',
    });
    const res = await app.inject({ url: `/api/campaigns/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      quantity: '175.50',
      buyPrice: '1.50',
      sellPrice: '5.25',
      targetAmount: '500000.00',
      raisedAmount: '0.00',
      status: 'active',
    });
  });

  it.each([
    ['an unknown uuid', '3f0c1b8e-8a51-4a6c-9e3d-2b7f4c1d9e00'],
    ['a malformed id', 'not-a-uuid'],
    ['an injection attempt', encodeURIComponent("1' or '1'='1")],
  ])('answers 404 Campaign not found for %s', async (_, id) => {
    const res = await app.inject({ url: `/api/campaigns/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: 'Campaign not found' });
  });
});
