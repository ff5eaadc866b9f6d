// The money module's background work, as jobs of the one queue (server/jobs/queue.ts, docs/jobs.md):
// refunds at the provider and payouts to bank accounts. The row that asks for the work (a payment
// `refunding`, a payout `pending`) is written in the transaction of the event, and the job with it;
// a worker then calls the provider (idempotently), retrying with backoff while the provider is down,
// and the job ends in its dead-letter queue after its last attempt. The money sweep still finds any
// such row the queue lost, so the jobs make the work prompt and visible, the rows keep it owed.
import { isTx } from '../../db/transaction.ts';
import type { JobQueue, JobSpec } from '../../jobs/queue.ts';
import { ProviderUnavailableError } from './providers/provider.ts';
import { outside, type Money } from './context.ts';
import type { MoneyJobName, MoneyJobs } from './after-commit-job.ts';
import { sendPayout } from './payouts.ts';
import { finishRefunds } from './refunds.ts';

interface MoneyJob<Data> extends JobSpec {
  run(money: Money, data: Data): Promise<unknown>;
}

/**
 * Provider calls: a minute, then about 2, 4 … 128 minutes apart (8 retries, a little over 4 hours). A
 * run may take 5 minutes (a campaign's refunds, one provider call each): one whose instance died is
 * taken again once that has passed (the sweeps meanwhile finish the rows it owed).
 */
const PROVIDER_RETRIES = { retryLimit: 8, retryDelaySeconds: 60, expireInSeconds: 300 } as const;

export const MONEY_JOBS = {
  'money.refunds': {
    name: 'money.refunds',
    ...PROVIDER_RETRIES,
    run: (money, { paymentIds }) => finishRefunds(money, paymentIds, money.clock()),
  } satisfies MoneyJob<MoneyJobs['money.refunds']>,
  'money.payouts': {
    name: 'money.payouts',
    ...PROVIDER_RETRIES,
    run: (money, { payoutId }) => sendPayout(money, payoutId),
  } satisfies MoneyJob<MoneyJobs['money.payouts']>,
} satisfies Record<MoneyJobName, MoneyJob<never>>;

/**
 * Where a money module without the job queue (the demo seed, the CLI, benchmarks) sends its jobs:
 * each runs right after its transaction commits, in this process; a provider outage leaves the row
 * for the sweep. `createMoney` gives it to a money module built without a queue.
 */
export function inlineMoneyJobs(moneyOf: () => Money): Pick<JobQueue, 'enqueue'> {
  return {
    async enqueue(db, name, data) {
      const job = MONEY_JOBS[name as MoneyJobName] as MoneyJob<object>;
      const run = () => job.run(outside(moneyOf()), data).catch(ignoreOutage);
      if (isTx(db)) db.afterCommit(run);
      else await run();
    },
  };
}

/** The provider is down: the row stays owed (`refunding`, `pending`) and the sweep tries again. */
export function ignoreOutage(error: unknown): void {
  if (!(error instanceof ProviderUnavailableError)) throw error;
}
