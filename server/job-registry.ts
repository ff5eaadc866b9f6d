// Every background job of HydroBridge, in one place (docs/jobs.md): the server's workers, the CLI and
// the tests run these definitions through the one queue (queue.ts). A job is idempotent: a retry, or
// two instances that both saw it due, change nothing twice.
import type { FastifyBaseLogger } from 'fastify';
import { sweepExpired } from './features/accounts/index.ts';
import type { MarketDeps } from './features/marketplace/index.ts';
import { verifyLedger } from './checks/ledger.ts';
import type { Outbox } from './email/outbox.ts';
import { outside } from './features/money/index.ts';
import { MONEY_JOBS } from './features/money/index.ts';
import { sweepAll } from './sweeps.ts';
import type { JobDefinition, JobSpec } from './jobs/queue.ts';
import { pruneSlots } from './jobs/slots.ts';

export interface JobContext {
  /** The money module and what the marketplace notifies with. */
  market: MarketDeps;
  /** The email outbox (its sender retries what the after-commit kick did not send). */
  outbox: Pick<Outbox, 'deliverNow'>;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Told the result of each scheduled ledger check (metrics). */
  onLedgerChecked?: (sound: boolean, at: Date, breaks: number) => void;
}

type Job = JobSpec & { run(ctx: JobContext, data: never): Promise<unknown> };

const SCHEDULED = { retryLimit: 0, retryDelaySeconds: 60 } as const;

const JOBS = {
  /** Every money and lifecycle sweep (server/sweeps.ts): the next minute is its retry. */
  sweeps: {
    name: 'sweeps',
    cron: '* * * * *',
    expireInSeconds: 600,
    ...SCHEDULED,
    run: async (ctx) => {
      const report = await sweepAll(ctx.market);
      for (const { step, error } of report.errors) ctx.log.error({ err: error, step }, 'sweep step failed');
      for (const failed of report.deadlines?.failed ?? [])
        ctx.log.error(failed, 'a campaign past its deadline could not be cancelled');
      if (report.errors.length)
        throw new Error(`sweep steps failed: ${report.errors.map((e) => e.step).join(', ')}`);
      return { deadlines: report.deadlines?.cancelled ?? 0, payouts: report.payouts?.sent ?? 0 };
    },
  },
  /** Emails due for a retry (a failed send, or one whose sender died): the outbox's own backoff. */
  'email.deliver': {
    name: 'email.deliver',
    cron: '* * * * *',
    expireInSeconds: 600,
    ...SCHEDULED,
    run: (ctx) => ctx.outbox.deliverNow(),
  },
  /** Ended sessions, expired reset links, old rate-limit events, abandoned uploads. */
  housekeeping: {
    name: 'housekeeping',
    cron: '*/10 * * * *',
    expireInSeconds: 600,
    ...SCHEDULED,
    run: async (ctx) => {
      const result = await sweepExpired(ctx.market.db, ctx.clock());
      if (result && result.sessions + result.resetTokens + result.rateLimitEvents > 0)
        ctx.log.info({ housekeeping: result }, 'deleted expired sessions, reset links and rate-limit events');
      return { ...result, slots: await pruneSlots(ctx.market.db, ctx.clock()) };
    },
  },
  /** Every ledger invariant and the provider reconciliation, hourly: a break fails the job (dead letter). */
  'ledger.verify': {
    name: 'ledger.verify',
    cron: '17 * * * *',
    expireInSeconds: 1800,
    ...SCHEDULED,
    run: async (ctx) => {
      const breaks = await verifyLedger(ctx.market.db, ctx.market.money.provider);
      ctx.onLedgerChecked?.(breaks.length === 0, ctx.clock(), breaks.length);
      if (breaks.length) throw new Error(`the ledger is broken: ${breaks[0]!.check}: ${breaks[0]!.detail}`);
      return { checks: 'passed' };
    },
  },
  ...Object.fromEntries(
    Object.values(MONEY_JOBS).map((job) => [
      job.name,
      { ...job, run: (ctx: JobContext, data: never) => job.run(outside(ctx.market.money), data as never) },
    ]),
  ),
} satisfies Record<string, Job>;

/** Names and policies, for installing the queues (no context needed). */
export const JOB_SPECS: readonly JobSpec[] = Object.values(JOBS).map(({ run: _run, ...spec }) => spec);

export type JobName = keyof typeof JOBS;

/** The jobs bound to a running app's context. */
export function jobDefinitions(ctx: JobContext): JobDefinition<never>[] {
  return Object.values(JOBS).map((job: Job) => ({ ...job, run: (data: never) => job.run(ctx, data) }));
}
