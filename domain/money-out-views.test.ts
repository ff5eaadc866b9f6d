// What the trader's workspace and the admin console show of the release schedule and the settlement.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, toFixed, ZERO } from './money.ts';
import type { Release } from './money-out.ts';
import {
  declareResultBlocker,
  disbursedAmount,
  isSettlementDue,
  releaseState,
  releaseWaitingOn,
  trancheAmounts,
  trancheLabel,
} from './money-out-views.ts';

if (process.env.FC_SEED) fc.configureGlobal({ seed: Number(process.env.FC_SEED) });

const release = (over: Partial<Release>): Release => ({
  id: '00000000-0000-4000-8000-000000000001',
  seq: 0,
  trigger: 'trading',
  percent: '100',
  status: 'scheduled',
  amount: null,
  releasedAt: null,
  document: null,
  reviewNote: null,
  ...over,
});

describe('tranche amounts', () => {
  it('are the released amount once paid, else the planned share of what was raised', () => {
    const schedule = [
      release({ percent: '40', status: 'released', amount: '800.00' }),
      release({ trigger: 'loaded', percent: '60' }),
    ];
    expect(trancheAmounts('2000', schedule)).toEqual(['800.00', '1200.00']);
  });

  it('add up to exactly what was raised, the last tranche taking the cents', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        fc.integer({ min: 1, max: 99 }),
        (cents, first) => {
          const raised = toFixed(dec(cents.toString()).div(100));
          const amounts = trancheAmounts(raised, [
            release({ percent: String(first) }),
            release({ trigger: 'loaded', percent: String(100 - first) }),
          ]);
          expect(amounts.reduce((s, a) => s.plus(dec(a)), ZERO).eq(dec(raised))).toBe(true);
        },
      ),
    );
  });
});

describe('tranche labels', () => {
  it('name the percent and what releases it', () => {
    expect(trancheLabel({ trigger: 'trading', percent: '40.00' })).toBe('40% when trading starts');
    expect(trancheLabel({ trigger: 'loaded', percent: '60' })).toBe('60% on Loaded at port (bill of lading)');
    expect(trancheLabel({ trigger: 'arrived', percent: '12.5' })).toBe('12.5% on Arrived');
  });
});

describe('release state', () => {
  it('says evidence sent back for a scheduled tranche with an admin note', () => {
    expect(releaseState({ status: 'scheduled', reviewNote: 'The bill of lading is unsigned' })).toBe(
      'sent_back',
    );
    expect(releaseState({ status: 'scheduled', reviewNote: null })).toBe('scheduled');
    expect(releaseState({ status: 'awaiting_review', reviewNote: null })).toBe('awaiting_review');
  });

  it('finds the tranche a milestone puts up for confirmation, not one sent back or released', () => {
    const loaded = release({ trigger: 'loaded', percent: '60' });
    expect(releaseWaitingOn([release({ percent: '40' }), loaded], 'loaded')).toBe(loaded);
    expect(releaseWaitingOn([{ ...loaded, reviewNote: 'Unsigned' }], 'loaded')).toBeUndefined();
    expect(releaseWaitingOn([{ ...loaded, status: 'released' }], 'loaded')).toBeUndefined();
    expect(releaseWaitingOn([loaded], 'departed')).toBeUndefined();
  });
});

describe('disbursed amount', () => {
  it('sums the released tranches only', () => {
    expect(
      disbursedAmount([
        release({ status: 'released', amount: '800.00' }),
        release({ status: 'awaiting_review', amount: null }),
      ]),
    ).toBe('800.00');
    expect(disbursedAmount([])).toBe('0.00');
  });
});

describe('declaring the result', () => {
  const trading = { status: 'trading', settlement: null };
  const delivered = [{ kind: 'loaded' as const }, { kind: 'delivered' as const }];

  it('needs the Delivered milestone', () => {
    expect(declareResultBlocker(trading, [{ kind: 'loaded' }])).toBe(
      'Record the Delivered milestone before declaring the result of the trade',
    );
    expect(declareResultBlocker(trading, delivered)).toBeNull();
  });

  it('is refused while a settlement is live, allowed again after a rejection', () => {
    expect(
      declareResultBlocker({ status: 'trading', settlement: { status: 'pending_review' } }, delivered),
    ).toBe('The result of this trade is already declared (pending review): wait for the admin review');
    expect(
      declareResultBlocker({ status: 'trading', settlement: { status: 'rejected' } }, delivered),
    ).toBeNull();
  });

  it('is only for a campaign in progress', () => {
    expect(declareResultBlocker({ status: 'funded', settlement: null }, delivered)).not.toBeNull();
  });

  it('counts approved and defaulted settlements as due', () => {
    expect(isSettlementDue('approved')).toBe(true);
    expect(isSettlementDue('defaulted')).toBe(true);
    expect(isSettlementDue('pending_review')).toBe(false);
    expect(isSettlementDue('paid')).toBe(false);
  });
});
