import { describe, expect, it } from 'vitest';
import { campaignCreateSchema, campaignListSchema, campaignSchema } from './campaign-schemas.ts';

describe('campaignSchema', () => {
  const campaign = {
    id: '2f1d7f9e-6f5c-4d7b-9a43-3e0f2f7c1a11',
    traderId: '9b7f3c1e-2a4d-4e6f-8b1a-5c3d2e1f0a99',
    title: 'Kandla → Rotterdam green ammonia cargo',
    description: 'A cargo.',
    tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
    status: 'active',
    targetAmount: '762500.00',
    raisedAmount: '472700.00',
    quantity: '250.00',
    buyPrice: '1.40',
    sellPrice: '5.60',
    minimumInvestment: '1000.00',
    riskLevel: 'low',
    region: 'europe',
    investorCount: 38,
    deadline: '2025-07-15T00:00:00.000Z',
    expectedProfit: '1050000.00',
    actualProfit: null,
    carbonIntensity: '3.248',
    createdAt: '2025-05-01T00:00:00.000Z',
    updatedAt: '2025-05-01T00:00:00.000Z',
    review: { status: 'approved' },
  };

  it('accepts a campaign as the API sends it', () => {
    expect(campaignSchema.parse(campaign)).toEqual(campaign);
    expect(campaignListSchema.parse([campaign])).toEqual([campaign]);
  });

  it('drops fields it does not declare, so a row cannot leak through it', () => {
    expect(campaignSchema.parse({ ...campaign, password: '$argon2id$secret' })).not.toHaveProperty(
      'password',
    );
  });

  it('wants numeric values as decimal strings and dates as ISO strings', () => {
    expect(campaignSchema.safeParse({ ...campaign, targetAmount: 762500 }).success).toBe(false);
    expect(campaignSchema.safeParse({ ...campaign, buyPrice: '1,40' }).success).toBe(false);
    expect(campaignSchema.safeParse({ ...campaign, deadline: '15/07/2025' }).success).toBe(false);
    expect(campaignSchema.safeParse({ ...campaign, status: 'draft' }).success).toBe(false);
    expect(campaignSchema.safeParse({ ...campaign, review: { status: 'maybe' } }).success).toBe(false);
  });
});

describe('campaignCreateSchema deadline', () => {
  const base = {
    title: 'A cargo',
    tradeRoute: 'Kandla → Rotterdam',
    targetAmount: '1000',
    quantity: '1',
    buyPrice: '1',
    sellPrice: '2',
  };
  const deadlineOf = (deadline: string) => {
    const result = campaignCreateSchema.safeParse({ ...base, deadline });
    return result.success ? result.data.deadline : result.error.issues[0]?.message;
  };
  const year = new Date().getUTCFullYear() + 1;

  it('reads a day as the end of that day in UTC, and keeps a full date-time', () => {
    expect(deadlineOf(`${year}-01-15`)).toBe(`${year}-01-15T23:59:59.999Z`);
    expect(deadlineOf(`${year}-01-15T10:00:00+05:30`)).toBe(`${year}-01-15T04:30:00.000Z`);
  });

  it('refuses days that do not exist instead of rolling them over', () => {
    expect(deadlineOf(`${year}-02-30`)).toBe('Deadline must be a date');
    expect(deadlineOf(`${year}-02-30T10:00:00Z`)).toBe('Deadline must be a date');
    expect(deadlineOf(`${year}-13-01`)).toBe('Deadline must be a date');
    expect(deadlineOf('15/01/2027')).toBe('Deadline must be a date');
  });
});
