// The investor dashboard's figures: "Today's change" counts changes in value (profit or loss realised),
// never money paid in or returned; the tabs; who may dispute an escrow. Properties over generated
// portfolios are checked in integer cents. fast-check prints the seed of a failure; replay with FC_SEED.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canDisputeEscrow,
  inInvestmentTab,
  INVESTMENT_STATUSES,
  portfolioSummary,
  portfolioValueAt,
  realisedChangeBetween,
  type Investment,
  type InvestmentStatus,
} from './investments.ts';

if (process.env.FC_SEED) fc.configureGlobal({ seed: Number(process.env.FC_SEED) });

type Row = Pick<Investment, 'status' | 'amount' | 'profitShare' | 'campaignId' | 'confirmedAt' | 'settledAt'>;

const now = new Date('2026-11-26T12:00:00.000Z');
const DAY = 86_400_000;
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
const row = (over: Partial<Row>): Row => ({
  status: 'confirmed',
  amount: '1000.00',
  profitShare: null,
  campaignId: '00000000-0000-4000-8000-000000000001',
  confirmedAt: hoursAgo(72),
  settledAt: null,
  ...over,
});

/** 12345 → "123.45" (cents as a decimal string, sign kept). */
const cents = (value: number) =>
  `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

describe("today's change", () => {
  it('an investment made today is money paid in, not a gain', () => {
    const s = portfolioSummary([row({ confirmedAt: hoursAgo(1), amount: '2500.00' })], now);
    expect([s.portfolioValue, s.todaysChange]).toEqual(['2500.00', '0.00']);
  });

  it("is today's payouts' profit share, and a loss when a payout returned less than was paid", () => {
    const s = portfolioSummary(
      [
        row({ status: 'paid_out', profitShare: '95.00', settledAt: hoursAgo(2) }),
        row({ status: 'paid_out', profitShare: '-120.50', settledAt: hoursAgo(23) }),
        // Paid out the day before: yesterday's change, not today's.
        row({ status: 'paid_out', profitShare: '500.00', settledAt: hoursAgo(25) }),
      ],
      now,
    );
    expect(s.todaysChange).toBe('-25.50');
  });

  it('a refund in full moves nothing; a refund short of the principal is a loss', () => {
    const refundedInFull = row({ status: 'refunded', settledAt: hoursAgo(1) });
    const refundedShort = row({ status: 'refunded', profitShare: '-200.00', settledAt: hoursAgo(3) });
    expect(portfolioSummary([refundedInFull], now).todaysChange).toBe('0.00');
    expect(portfolioSummary([refundedInFull, refundedShort], now).todaysChange).toBe('-200.00');
  });

  // A consistent investment of some status, its times within the last three days (cents, hours ago).
  const investment = fc
    .record({
      status: fc.constantFrom<InvestmentStatus>(...INVESTMENT_STATUSES),
      amount: fc.integer({ min: 1, max: 100_000_000 }),
      confirmedHoursAgo: fc.integer({ min: 0, max: 72 }),
      settledHoursAgo: fc.integer({ min: 0, max: 72 }),
      // A fraction of the principal: a payout's result (loss or profit), or a refund's shortfall.
      resultPermille: fc.integer({ min: -1000, max: 3000 }),
      shortRefund: fc.boolean(),
    })
    .map(({ status, amount, confirmedHoursAgo, settledHoursAgo, resultPermille, shortRefund }): Row => {
      const settled = Math.min(settledHoursAgo, confirmedHoursAgo);
      const result = Math.trunc((amount * resultPermille) / 1000);
      const base = row({ status, amount: cents(amount), confirmedAt: hoursAgo(confirmedHoursAgo) });
      switch (status) {
        case 'pending':
        case 'expired':
        case 'voided':
          return { ...base, confirmedAt: null };
        case 'confirmed':
        case 'refunding':
          return base;
        case 'paid_out':
          return { ...base, profitShare: cents(result), settledAt: hoursAgo(settled) };
        case 'refunded':
          return {
            ...base,
            profitShare: shortRefund ? cents(-Math.abs(result)) : null,
            settledAt: hoursAgo(settled),
          };
      }
    });
  const toCents = (text: string) => Math.round(Number(text) * 100);

  it('equals the change of the portfolio value less the money paid in, plus the money returned', () => {
    fc.assert(
      fc.property(fc.array(investment, { maxLength: 12 }), (list) => {
        const from = new Date(now.getTime() - DAY);
        const inWindow = (at: string | null) => at !== null && new Date(at) > from && new Date(at) <= now;
        // Cash flows of the last 24 hours, in cents: confirmed investments in, refunds out.
        const paidIn = list
          .filter((i) => i.status !== 'pending' && i.status !== 'expired' && inWindow(i.confirmedAt))
          .reduce((sum, i) => sum + toCents(i.amount), 0);
        const returned = list
          .filter((i) => i.status === 'refunded' && i.confirmedAt !== null && inWindow(i.settledAt))
          .reduce((sum, i) => sum + toCents(i.amount) + toCents(i.profitShare ?? '0'), 0);
        const valueChange =
          toCents(portfolioValueAt(list, now).toFixed(2)) - toCents(portfolioValueAt(list, from).toFixed(2));
        const summary = portfolioSummary(list, now);
        expect(toCents(summary.todaysChange)).toBe(valueChange - paidIn + returned);
        expect(summary.todaysChange).toBe(realisedChangeBetween(list, from, now).toFixed(2));
      }),
    );
  });

  it('does not change when investments are added that have not settled', () => {
    const unsettled = investment.filter((i) => i.settledAt === null);
    fc.assert(
      fc.property(
        fc.array(investment, { maxLength: 8 }),
        fc.array(unsettled, { maxLength: 8 }),
        (list, more) => {
          expect(portfolioSummary([...list, ...more], now).todaysChange).toBe(
            portfolioSummary(list, now).todaysChange,
          );
        },
      ),
    );
  });
});

describe('investment tabs', () => {
  it('Completed lists paid-out investments only; a refunded one is under All', () => {
    expect(inInvestmentTab({ status: 'paid_out' }, 'completed')).toBe(true);
    expect(inInvestmentTab({ status: 'refunded' }, 'completed')).toBe(false);
    expect(inInvestmentTab({ status: 'refunded' }, 'all')).toBe(true);
    expect(inInvestmentTab({ status: 'confirmed' }, 'active')).toBe(true);
    expect(inInvestmentTab({ status: 'expired' }, 'all')).toBe(false);
  });
});

describe('canDisputeEscrow', () => {
  const escrowId = '00000000-0000-4000-8000-000000000009';
  it('allows a dispute only of money held in escrow for a confirmed investment', () => {
    expect(canDisputeEscrow({ status: 'confirmed', escrowStatus: 'held', escrowId })).toBe(true);
    expect(canDisputeEscrow({ status: 'refunding', escrowStatus: 'held', escrowId })).toBe(false);
    expect(canDisputeEscrow({ status: 'confirmed', escrowStatus: 'disputed', escrowId })).toBe(false);
    expect(canDisputeEscrow({ status: 'confirmed', escrowStatus: 'released', escrowId })).toBe(false);
    expect(canDisputeEscrow({ status: 'paid_out', escrowStatus: 'released', escrowId })).toBe(false);
    expect(canDisputeEscrow({ status: 'confirmed', escrowStatus: 'held', escrowId: null })).toBe(false);
  });
});
