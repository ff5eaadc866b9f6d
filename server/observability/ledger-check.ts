// verify-ledger inside the server (the periodic job the job registry runs): the same invariants as
// `npm run cli -- verify-ledger`, with the result recorded for /metrics (docs/operations.md).
import { verifyLedger, type LedgerBreak } from '../checks/ledger.ts';
import type { Db } from '../db/connect.ts';
import type { PaymentProvider } from '../features/money/index.ts';
import type { Metrics } from './metrics.ts';

/**
 * Runs every ledger invariant (and, given the provider, the reconciliation with it), records the
 * result in the metrics and answers the breaks (none: the ledger is sound).
 */
export async function checkLedger(
  app: { db: Db; metrics: Metrics; clock: () => Date },
  provider?: PaymentProvider,
): Promise<LedgerBreak[]> {
  const breaks = await verifyLedger(app.db, provider);
  app.metrics.recordLedgerCheck(breaks.length === 0, app.clock(), breaks.length);
  return breaks;
}
