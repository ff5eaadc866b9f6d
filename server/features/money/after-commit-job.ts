// How the money module asks for its background work (refunds at the provider, payouts): the job goes
// with the caller's transaction to the queue the module was built with (server/compose.ts), which is
// the durable queue on a server and an after-COMMIT run elsewhere (money/jobs.ts).
import type { Tx } from '../../db/transaction.ts';
import type { Money } from './context.ts';

/** The money module's jobs and what each carries (their runs: MONEY_JOBS in money/jobs.ts). */
export interface MoneyJobs {
  'money.refunds': { paymentIds: string[] };
  'money.payouts': { payoutId: string };
}
export type MoneyJobName = keyof MoneyJobs;

export function afterCommitJob<N extends MoneyJobName>(
  tx: Tx,
  money: Money,
  name: N,
  data: MoneyJobs[N],
): Promise<void> {
  return money.jobs.enqueue(tx, name, data);
}
