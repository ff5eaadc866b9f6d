// The composition root of the money module: which adapter serves each payment purpose. Used by the
// app, the CLI, the demo seed and the tests, so all of them move money through the same code.
import type { Db } from './db/connect.ts';
import { investmentPurpose } from './features/investing/index.ts';
import { orderPurpose } from './features/marketplace/index.ts';
import type { Money, PaymentLimits } from './features/money/index.ts';
import { INTENT_RATE, MAX_LIVE_HOLDS_PER_PAYER } from '../domain/payment-lifecycle.ts';
import { inlineMoneyJobs, settlementPurpose } from './features/money/index.ts';
import type { PaymentProvider } from './features/money/index.ts';

export function createMoney(
  db: Db,
  provider: PaymentProvider,
  clock: () => Date = () => new Date(),
  limits: Partial<PaymentLimits> = {},
  jobs?: Money['jobs'],
): Money {
  const money: Money = {
    // Without the queue (the demo seed, the CLI, benchmarks) a job runs right after its COMMIT.
    jobs: jobs ?? inlineMoneyJobs(() => money),
    db,
    provider,
    clock,
    purposes: { investment: investmentPurpose, order: orderPurpose, settlement: settlementPurpose },
    limits: { maxLiveHolds: MAX_LIVE_HOLDS_PER_PAYER, intentRate: INTENT_RATE, ...limits },
  };
  return money;
}
