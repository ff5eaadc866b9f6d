// What the server counts for Prometheus (docs/operations.md): one registry per app (tests build many
// apps in one process, so nothing is registered in prom-client's global registry). Request latency by
// route pattern, payment provider calls and errors, background job runs, the money still on its way
// (read from the database when Prometheus scrapes) and the last verify-ledger result.
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows, type Db } from '../db/connect.ts';
import { PAYOUT_STATUS_GROUPS } from '../../domain/payouts.ts';
import { sqlIn } from '../db/vocabulary.ts';

/** Seconds: most API answers take milliseconds; the slow tail (provider calls, exports) up to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a job runs from milliseconds (an empty sweep) to minutes (thousands of refunds). */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

/** The route label of an answer no route matched (unknown paths, the client app's pages). */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its route pattern (never the raw URL: labels must stay few). */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  /** One call to the payment provider: its duration, and whether it threw. */
  observeProviderCall(provider: string, operation: string, seconds: number, failed: boolean): void;
  /**
   * Runs a background job and counts it: runs, failures and durations by job name. Answers what
   * `run` answers and throws what it throws (the job registry decides about retries).
   */
  observeJob<T>(name: string, run: () => Promise<T>): Promise<T>;
  /** The result of a verify-ledger run (`breaks`: how many invariants it found broken). */
  recordLedgerCheck(ok: boolean, at: Date, breaks?: number): void;
  /** The exposition text Prometheus reads (the database gauges are read first). */
  scrape(): Promise<string>;
}

export interface MetricsOptions {
  db: Db;
  /** Where a failed read of the database gauges is reported (the scrape still answers). */
  log: { warn(obj: object, msg: string): void };
  /** Node's process metrics (memory, CPU, event loop lag, GC): on when /metrics is exposed. */
  processMetrics?: boolean;
  /** Jobs waiting or running per job name (the job queue's `pending`), read at scrape time. */
  pendingJobs?: () => Promise<Record<string, number>>;
}

interface PendingMoney {
  refunds: number;
  payouts: number;
  withdrawals: number;
}

/**
 * The money still on its way, in one round trip on the partial indexes of open rows: refunds marked
 * and not yet booked (`payments.status = 'refunding'`, docs/money.md "one refund path"), and payouts
 * created and not yet paid or failed (`pending`, `in_transit`), withdrawals apart.
 */
async function pendingMoney(db: Db): Promise<PendingMoney> {
  const [row] = await queryRows<Record<keyof PendingMoney, string | number>>(
    db,
    sql`select
      (select count(*) from payments where status = 'refunding') as refunds,
      (select count(*) from payouts where ${sqlIn(sql`status`, PAYOUT_STATUS_GROUPS.underway)} and purpose <> 'withdrawal') as payouts,
      (select count(*) from payouts where ${sqlIn(sql`status`, PAYOUT_STATUS_GROUPS.underway)} and purpose = 'withdrawal') as withdrawals`,
  );
  return {
    refunds: Number(row!.refunds),
    payouts: Number(row!.payouts),
    withdrawals: Number(row!.withdrawals),
  };
}

export function createMetrics({ db, log, processMetrics = false, pendingJobs }: MetricsOptions): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'hydrobridge_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // One labelled child per (method, route, status): the hot path is a map lookup and one observe.
  const httpChildren = new Map<string, ReturnType<typeof httpDuration.labels>>();

  const providerCalls = new Counter({
    name: 'hydrobridge_payment_provider_calls_total',
    help: 'Calls to the payment provider, by provider and operation',
    labelNames: ['provider', 'operation'] as const,
    registers: [registry],
  });
  const providerErrors = new Counter({
    name: 'hydrobridge_payment_provider_errors_total',
    help: 'Calls to the payment provider that failed (threw), by provider and operation',
    labelNames: ['provider', 'operation'] as const,
    registers: [registry],
  });
  const providerDuration = new Histogram({
    name: 'hydrobridge_payment_provider_call_duration_seconds',
    help: 'Duration of calls to the payment provider, by provider and operation',
    labelNames: ['provider', 'operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  const jobRuns = new Counter({
    name: 'hydrobridge_job_runs_total',
    help: 'Background job runs started, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'hydrobridge_job_failures_total',
    help: 'Background job runs that failed, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'hydrobridge_job_duration_seconds',
    help: 'Duration of background job runs (failed ones included), by job',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });

  const pendingRefunds = new Gauge({
    name: 'hydrobridge_pending_refunds',
    help: 'Payments marked for refund whose refund is not booked yet',
    registers: [registry],
  });
  const pendingPayouts = new Gauge({
    name: 'hydrobridge_pending_payouts',
    help: 'Payouts to traders and suppliers created and not yet paid or failed',
    registers: [registry],
  });
  const pendingWithdrawals = new Gauge({
    name: 'hydrobridge_pending_withdrawals',
    help: "Investors' withdrawals to their bank created and not yet paid or failed",
    registers: [registry],
  });
  const jobsPending = new Gauge({
    name: 'hydrobridge_jobs_pending',
    help: 'Jobs waiting for a worker, waiting for a retry or running, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  /** Job names seen once: one that has nothing left shows 0, not a gap. */
  const jobNames = new Set<string>();
  const databaseUp = new Gauge({
    name: 'hydrobridge_database_up',
    help: 'Whether the database answered the last scrape (1) or not (0: the pending gauges keep their last values)',
    registers: [registry],
  });

  const ledgerOk = new Gauge({
    name: 'hydrobridge_ledger_check_success',
    help: 'Whether the last verify-ledger found every invariant holding (1) or a break (0); read with the timestamp',
    registers: [registry],
  });
  const ledgerBreaks = new Gauge({
    name: 'hydrobridge_ledger_check_breaks',
    help: 'Invariant breaks the last verify-ledger found',
    registers: [registry],
  });
  const ledgerAt = new Gauge({
    name: 'hydrobridge_ledger_check_timestamp_seconds',
    help: 'When the last verify-ledger ran (Unix seconds; 0: not since this process started)',
    registers: [registry],
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      const key = `${method} ${route ?? UNMATCHED_ROUTE} ${statusCode}`;
      let child = httpChildren.get(key);
      if (!child) {
        child = httpDuration.labels(method, route ?? UNMATCHED_ROUTE, String(statusCode));
        httpChildren.set(key, child);
      }
      child.observe(seconds);
    },
    observeProviderCall(provider, operation, seconds, failed) {
      providerCalls.inc({ provider, operation });
      providerDuration.observe({ provider, operation }, seconds);
      if (failed) providerErrors.inc({ provider, operation });
    },
    async observeJob(name, run) {
      jobRuns.inc({ job: name });
      const end = jobDuration.startTimer({ job: name });
      try {
        return await run();
      } catch (error) {
        jobFailures.inc({ job: name });
        throw error;
      } finally {
        end();
      }
    },
    recordLedgerCheck(ok, at, breaks) {
      ledgerOk.set(ok ? 1 : 0);
      ledgerBreaks.set(breaks ?? (ok ? 0 : 1));
      ledgerAt.set(at.getTime() / 1000);
    },
    async scrape() {
      try {
        const pending = await pendingMoney(db);
        pendingRefunds.set(pending.refunds);
        pendingPayouts.set(pending.payouts);
        pendingWithdrawals.set(pending.withdrawals);
        if (pendingJobs) {
          const counts = await pendingJobs();
          for (const name of Object.keys(counts)) jobNames.add(name);
          for (const name of jobNames) jobsPending.set({ job: name }, counts[name] ?? 0);
        }
        databaseUp.set(1);
      } catch (error) {
        log.warn({ err: error }, 'metrics: the pending money could not be read');
        databaseUp.set(0);
      }
      return registry.metrics();
    },
  };
}
