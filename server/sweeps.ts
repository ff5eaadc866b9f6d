// Every background sweep of money and lifecycles, in one place (the server runs it every minute, the
// CLI on demand: `npm run cli -- sweep`). Each step is idempotent and claims its rows in the
// database, so instances sweeping at once do the work once; a step that fails is reported and the
// others still run.
import { sweepDeadlines, type DeadlineSweepReport } from './features/campaigns/index.ts';
import { sweepReceipts } from './features/marketplace/index.ts';
import type { MarketDeps } from './features/marketplace/index.ts';
import { sweepPayments, type PaymentSweepReport } from './features/money/index.ts';
import { sweepPayouts, type PayoutSweepReport } from './features/money/index.ts';
import { sweepDefaults } from './features/money/index.ts';
import { sweepExpiredClassifications } from './features/verification/index.ts';
import { remindFollowers } from './features/updates/index.ts';

export interface SweepReport {
  payments?: PaymentSweepReport;
  payouts?: PayoutSweepReport;
  deadlines?: DeadlineSweepReport;
  receipts?: { received: number };
  defaults?: { campaigns: string[] };
  /** Sophisticated statuses past their two years, cleared. */
  classifications?: { expired: number };
  /** Followed campaigns whose followers were reminded of the near deadline. */
  reminders?: { campaigns: number };
  errors: Array<{ step: string; error: unknown }>;
}

export async function sweepAll(deps: MarketDeps): Promise<SweepReport> {
  const { money } = deps;
  const report: SweepReport = { errors: [] };
  const step = async <K extends Exclude<keyof SweepReport, 'errors'>>(
    name: K,
    run: () => Promise<NonNullable<SweepReport[K]>>,
  ) => {
    try {
      report[name] = await run();
    } catch (error) {
      report.errors.push({ step: name, error });
    }
  };
  await step('payments', () => sweepPayments(money));
  await step('deadlines', () => sweepDeadlines(money));
  await step('receipts', () => sweepReceipts(deps, money.clock()));
  await step('payouts', () => sweepPayouts(money));
  await step('defaults', async () => ({ campaigns: await sweepDefaults(money) }));
  await step('classifications', async () => ({
    expired: await sweepExpiredClassifications(money.db, money.clock()),
  }));
  await step('reminders', async () => ({ campaigns: await remindFollowers(money.db, money.clock()) }));
  return report;
}
