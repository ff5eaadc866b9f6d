// Statements and their CSV: balances carry from month to month and year to year; cells are Excel-safe.
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';
import { portfolioSummary } from './investments.ts';
import {
  allocation,
  moneySteps,
  portfolioTotals,
  sharePercent,
  type PortfolioInvestment,
} from './portfolio.ts';
import { buildStatement, statementCsv, type Movement } from './statements.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** A movement signed from the investor's side (domain/portfolio.ts Movement). */
const movement = (
  n: number,
  kind: Movement['kind'],
  at: string,
  { external = '0.00', invested = '0.00', cash = '0.00', profit = '0.00', fee = '0.00' } = {},
): Movement => ({ id: id(n), kind, at, campaignTitle: `Cargo ${n}`, external, invested, cash, profit, fee });

describe('buildStatement', () => {
  const movements: Movement[] = [
    movement(1, 'investment', '2025-12-10T10:00:00.000Z', { external: '1000.00', invested: '1000.00' }),
    movement(2, 'investment', '2026-01-05T10:00:00.000Z', { external: '500.00', invested: '500.00' }),
    movement(3, 'refund', '2026-02-01T10:00:00.000Z', { external: '-500.00', invested: '-500.00' }),
    movement(4, 'distribution', '2026-03-01T10:00:00.000Z', {
      invested: '-1000.00',
      cash: '1095.00',
      profit: '95.00',
      fee: '5.00',
    }),
    movement(5, 'investment', '2026-03-02T10:00:00.000Z', { invested: '400.00', cash: '-400.00' }),
    movement(6, 'withdrawal', '2026-03-03T10:00:00.000Z', { external: '-600.00', cash: '-600.00' }),
  ];

  it('opens the year with what was carried over and closes each month on the money invested and the cash balance', () => {
    const s = buildStatement(movements, 2026);
    expect([s.opening, s.closing, s.openingCash, s.closingCash, s.years]).toEqual([
      '1000.00',
      '400.00',
      '0.00',
      '95.00',
      [2026, 2025],
    ]);
    expect(s.months.map((m) => [m.period, m.opening, m.closing, m.closingCash])).toEqual([
      ['2026-01', '1000.00', '1500.00', '0.00'],
      ['2026-02', '1500.00', '1000.00', '0.00'],
      ['2026-03', '1000.00', '400.00', '95.00'],
    ]);
    expect(s.months[2]!.rows[0]).toMatchObject({
      type: 'Payout to your balance',
      paidOut: '0.00',
      profit: '95.00',
      fee: '5.00',
      balance: '0.00',
      cash: '1095.00',
    });
    // Reinvested from the balance: invested without paying anything in.
    expect(s.months[2]!.rows[1]).toMatchObject({ paidIn: '0.00', balance: '400.00', cash: '695.00' });
    expect(s.months[2]!.rows[2]).toMatchObject({ type: 'Withdrawal to your bank', paidOut: '600.00' });
    expect(s.summary).toEqual({ invested: '900.00', returned: '1100.00', profit: '95.00', fees: '5.00' });
  });

  it('answers an empty year with the balances carried over', () => {
    const s = buildStatement(movements, 2027);
    expect([s.opening, s.closing, s.openingCash, s.closingCash, s.months]).toEqual([
      '400.00',
      '400.00',
      '95.00',
      '95.00',
      [],
    ]);
  });
});

describe('CSV', () => {
  it('escapes formulas but keeps numbers, quotes separators, and starts with a BOM', () => {
    expect(csvCell('+1 cargo')).toBe("'+1 cargo");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(null)).toBe('');
    const csv = toCsv(
      ['a', 'b'],
      [
        ['1', 'x\ny'],
        ['=HYPERLINK("x")', 'Kandla, India → Rotterdam'],
      ],
    );
    expect(csv).toBe('\uFEFFa,b\r\n1,"x\ny"\r\n"\'=HYPERLINK(""x"")","Kandla, India → Rotterdam"\r\n');
  });

  it('writes one line per movement', () => {
    const csv = statementCsv(
      buildStatement(
        [movement(1, 'investment', '2026-01-05T10:00:00.000Z', { external: '500.00', invested: '500.00' })],
        2026,
      ),
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFDate,Type,Campaign,Paid in,Paid out,Profit,Fee,Invested,Cash balance',
      '2026-01-05,Investment into escrow,Cargo 1,500.00,0.00,0.00,0.00,500.00,0.00',
      '',
    ]);
  });
});

const release = (n: number, trigger: 'trading' | 'loaded', percent: string) => ({
  id: id(200 + n),
  seq: n,
  trigger,
  percent,
  status: 'scheduled' as const,
  amount: null,
  releasedAt: null,
  document: null,
  reviewNote: null,
});

describe('the dashboard tiles and the money steps (issue 11 item 7)', () => {
  const now = new Date('2026-11-26T12:00:00.000Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
  const row = (over: Partial<PortfolioInvestment>): PortfolioInvestment => ({
    id: id(1),
    campaignId: id(100),
    campaignTitle: 'Cargo',
    campaignStatus: 'trading',
    tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
    riskLevel: 'medium',
    amount: '1000.00',
    shares: '0.010000',
    status: 'confirmed',
    escrowStatus: 'held',
    escrowId: null,
    expectedProfit: '300.00',
    profitShare: null,
    payout: null,
    releasedToTrade: '0.00',
    source: 'card',
    confirmedAt: hoursAgo(72),
    settledAt: null,
    revocableUntil: null,
    revokedAt: null,
    milestones: [],
    ...over,
  });

  it('values open money at cost plus payouts; today is the profit realised in 24 h; ROI on paid-out principal', () => {
    const list = [
      row({}),
      row({
        id: id(2),
        campaignId: id(101),
        status: 'paid_out',
        escrowStatus: 'released',
        profitShare: '95.00',
        payout: '1095.00',
        settledAt: hoursAgo(2),
      }),
      row({
        id: id(3),
        campaignId: id(102),
        status: 'refunded',
        escrowStatus: 'refunded',
        settledAt: hoursAgo(1),
      }),
    ];
    const s = portfolioSummary(list, now);
    // Now: 1,000 at work + 1,095 paid out. Today: the payout's 95 profit; the refund in full moves nothing.
    expect([s.portfolioValue, s.todaysChange, s.gains, s.totalRoiPercent, s.activeCampaigns]).toEqual([
      '2095.00',
      '95.00',
      '95.00',
      '9.5',
      1,
    ]);
    expect(allocation(list, (i) => i.riskLevel)).toEqual([{ label: 'medium', amount: '1000.00' }]);
    // The page's three totals: the payout, the money at work at cost, the refund in full.
    expect(portfolioTotals(list)).toEqual({ paidOut: '1095.00', atWork: '1000.00', refunded: '1000.00' });
  });

  it('counts money being refunded as at work until it is back, and sums cents exactly', () => {
    const list = [
      row({ amount: '0.10' }),
      row({ id: id(2), amount: '0.20', status: 'refunding' }),
      row({ id: id(3), amount: '5.00', status: 'pending' }),
    ];
    expect(portfolioTotals(list)).toEqual({ paidOut: '0.00', atWork: '0.30', refunded: '0.00' });
    expect(portfolioTotals([])).toEqual({ paidOut: '0.00', atWork: '0.00', refunded: '0.00' });
  });

  it("shows an investment's share of the target as a percent with 2 decimals", () => {
    expect(sharePercent('0.010000')).toBe('1.00');
    expect(sharePercent('0.123456')).toBe('12.35');
    expect(sharePercent('1')).toBe('100.00');
  });

  it('says where the money is: paid, in escrow, each tranche to the trade, the settlement, the balance', () => {
    const campaign = {
      id: id(100),
      raisedAmount: '10000.00',
      releases: [
        {
          ...release(1, 'trading', '40'),
          status: 'released' as const,
          amount: '4000.00',
          releasedAt: hoursAgo(48),
        },
        { ...release(2, 'loaded', '60'), status: 'awaiting_review' as const },
      ],
      settlement: null,
    };
    const steps = moneySteps(row({}), campaign);
    expect(steps.map((s) => [s.label, s.done])).toEqual([
      ['Paid', true],
      ['In escrow', true],
      ['40% to the trade when trading started', true],
      ['60% to the trade on Loaded at port', false],
      ['Paid to your balance', false],
    ]);
    // Their part of the tranche: 1,000 of 10,000 raised → 10% of 4,000.
    expect(steps[2]!.note).toBe('$400.00 of yours went to the trader');
    expect(steps[3]!.note).toBe("Awaiting an admin's check of the evidence");
    const refunded = moneySteps(row({ status: 'refunded', settledAt: hoursAgo(1) }));
    expect(refunded[2]).toEqual({
      label: 'Refunded to your card',
      at: hoursAgo(1),
      done: true,
      note: '$1,000.00 back in full',
    });
  });
});
