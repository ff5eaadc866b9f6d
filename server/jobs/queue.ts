// Durable background work (docs/jobs.md): one queue, pg-boss, on PostgreSQL and on the embedded PGlite
// alike (pg-boss runs on any connection that executes SQL text). A job is enqueued in the transaction
// of the event that causes it, so it exists exactly when the event does; a worker takes it with SKIP
// LOCKED (one instance runs it), a failure is retried with exponential backoff, and after the last
// attempt the job moves to its dead-letter queue, where an admin sees it and can send it again.
// Scheduled jobs (sweeps, housekeeping) are cron entries pg-boss sends across instances; each run claims
// its slot first (slots.ts), so a slot runs once even when pg-boss sends it twice.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/connect.ts';
import { afterCommit, isTx, type Tx } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { claimSlot, cronSlot, isScheduledRun, SCHEDULED_DATA } from './slots.ts';

/** pg-boss's tables live in their own schema, beside ours. */
export const JOB_SCHEMA = 'pgboss';
/** A failed job's last attempt is kept this long in its dead-letter queue (about twice, see docs). */
const RETENTION_DAYS = 30;

export interface JobSpec {
  name: string;
  /** Attempts after the first; attempt n waits about retryDelaySeconds · 2^n (with jitter). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long one run may take before it counts as failed (and is retried). */
  expireInSeconds: number;
  /** Runs on its own every slot of this cron pattern (UTC), once across instances. */
  cron?: string;
}

export interface JobDefinition<Data = unknown> extends JobSpec {
  run(data: Data, attempt: { id: string; retryCount: number }): Promise<unknown>;
}

export interface DeadJob {
  id: string;
  /** The queue the job failed in. */
  queue: string;
  data: unknown;
  /** The last attempt's error message. */
  error: string;
  failedAt: Date;
}

export type JobMode =
  /** Workers take jobs (the server); one enqueued wakes its worker once the transaction commits. */
  | 'workers'
  /** A job runs in this process right after its transaction commits, awaited (API tests). */
  | 'inline'
  /** Nothing runs on its own: `runDue` runs what is due (the CLI, tests of the queue itself). */
  | 'manual';

export interface JobQueue {
  /** Adds a job in the caller's transaction (or at once without one): it exists if the event commits. */
  enqueue(db: Db | Tx, name: string, data: object): Promise<void>;
  /** Runs every due job of `names` (all by default) until none is left; answers how many ran. */
  runDue(names?: readonly string[]): Promise<number>;
  /** Jobs that failed their last attempt, newest first. */
  deadJobs(limit?: number): Promise<DeadJob[]>;
  /** Sends a dead job back to its queue (a new first attempt) and removes it from the dead letters. */
  retryDead(id: string): Promise<void>;
  /** Jobs waiting or running per queue (the admin console, metrics). */
  pending(): Promise<Record<string, number>>;
  /** Whether workers are taking jobs (readiness). */
  readonly running: boolean;
  start(): Promise<void>;
  /** Stops taking jobs and waits for those running. */
  stop(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const deadQueue = (name: string) => `${name}.dead`;
const isDeadQueue = (name: string) => name.endsWith('.dead');

/** pg-boss's `executeSql` over one of our handles: the root connection, or a transaction's. */
function connection(database: Pick<Database, 'query'>, db?: Tx): PgBoss.Db {
  if (!db) return { executeSql: (text, values) => database.query(text, values) };
  return {
    executeSql: async (text, values) => {
      const result = (await db.execute(textToSql(text, values ?? []))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** `select … $1 … $2` with its values as one drizzle query (the transaction's connection runs it). */
function textToSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
  );
}

/**
 * Creates pg-boss's tables and one queue per job (plus its dead-letter queue), idempotently: part of
 * preparing a database, so a server starts without creating anything.
 */
export async function installJobQueues(
  database: Pick<Database, 'query'>,
  specs: readonly JobSpec[],
): Promise<void> {
  const boss = new PgBoss({
    db: connection(database),
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    for (const spec of specs) {
      if (!existing.has(deadQueue(spec.name)))
        await boss.createQueue(deadQueue(spec.name), {
          name: deadQueue(spec.name),
          retentionMinutes: RETENTION_DAYS * 24 * 60,
        });
      const policy = {
        name: spec.name,
        retryLimit: spec.retryLimit,
        retryDelay: spec.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: spec.expireInSeconds,
        retentionMinutes: RETENTION_DAYS * 24 * 60,
        deadLetter: deadQueue(spec.name),
      };
      if (existing.has(spec.name)) await boss.updateQueue(spec.name, policy);
      else await boss.createQueue(spec.name, policy);
    }
  } finally {
    await boss.stop({ graceful: false, wait: true, close: false });
  }
}

export function createJobQueue(options: {
  database: Database;
  jobs: readonly JobDefinition<never>[];
  mode: JobMode;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Wraps every run (metrics: runs, failures, durations). */
  observe?: (name: string, run: () => Promise<unknown>) => Promise<unknown>;
  /** How often an idle worker looks for work (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
}): JobQueue {
  const { database, mode, log } = options;
  const byName = new Map(options.jobs.map((job) => [job.name, job]));
  const workers = mode === 'workers';
  const boss = new PgBoss({
    db: connection(database),
    schema: JOB_SCHEMA,
    migrate: false,
    // Only a server's workers expire stuck jobs and run cron slots; manual mode starts no timer.
    supervise: workers,
    schedule: workers,
    // Every minute: a job whose instance died is failed (and retried) at most a minute past its expiry.
    maintenanceIntervalSeconds: 60,
  });
  // pg-boss reports what its timers hit (a database restart): logged, and its loops carry on.
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  let started: Promise<void> | undefined;
  let running = false;
  const workerIds = new Map<string, string>();

  const ready = () =>
    (started ??= (async () => {
      await boss.start();
    })());

  const execute = async (name: string, job: PgBoss.Job<object>) => {
    const definition = byName.get(name);
    if (!definition) throw new Error(`no job named ${name}`);
    if (definition.cron && isScheduledRun(job.data)) {
      const slot = cronSlot(definition.cron, (job as PgBoss.JobWithMetadata).createdOn);
      if (!(await claimSlot(database.db, name, slot)))
        return { skipped: `the ${slot.toISOString()} slot already ran` };
    }
    const run = () =>
      definition.run(job.data as never, {
        id: job.id,
        retryCount: (job as PgBoss.JobWithMetadata).retryCount ?? 0,
      });
    return options.observe ? options.observe(name, run) : run();
  };

  return {
    get running() {
      return running;
    },

    async enqueue(db, name, data) {
      if (!byName.has(name)) throw new Error(`no job named ${name}`);
      // No `ready()` here: sending needs no started queue, and starting it would query outside the
      // caller's transaction (on PGlite, one connection: a deadlock).
      await boss.send(name, data, isTx(db) ? { db: connection(database, db) } : {});
      if (mode === 'inline') await afterCommit(db, () => this.runDue([name]));
      if (mode === 'workers') {
        const worker = workerIds.get(name);
        // Without this the job waits for the worker's next poll (up to its interval).
        if (worker) await afterCommit(db, () => boss.notifyWorker(worker));
      }
    },

    async runDue(names = [...byName.keys()]) {
      await ready();
      let ran = 0;
      for (;;) {
        let found = false;
        for (const name of names) {
          const [job] = await boss.fetch<object>(name, { includeMetadata: true });
          if (!job) continue;
          found = true;
          ran += 1;
          try {
            const output = await execute(name, job);
            await boss.complete(name, job.id, output && typeof output === 'object' ? output : undefined);
          } catch (error) {
            await boss.fail(name, job.id, error as object);
          }
        }
        if (!found) return ran;
      }
    },

    async deadJobs(limit = 100) {
      await ready();
      const { rows } = await database.query(
        `select id, name, data, output, created_on from ${JOB_SCHEMA}.job
         where name like '%.dead' and state = 'created' order by created_on desc, id limit $1`,
        [limit],
      );
      return (rows as Array<{ id: string; name: string; data: unknown; output: unknown; created_on: Date }>)
        .filter((row) => isDeadQueue(row.name))
        .map((row) => ({
          id: row.id,
          queue: row.name.slice(0, -'.dead'.length),
          data: row.data,
          error: errorText(row.output),
          failedAt: new Date(row.created_on),
        }));
    },

    async retryDead(id) {
      if (!UUID.test(id)) throw new AppError('NOT_FOUND');
      await ready();
      const { rows } = await database.query(
        `select name, data from ${JOB_SCHEMA}.job where id = $1 and state = 'created'`,
        [id],
      );
      const dead = rows[0] as { name: string; data: object } | undefined;
      if (!dead || !isDeadQueue(dead.name)) throw new AppError('NOT_FOUND');
      const queue = dead.name.slice(0, -'.dead'.length);
      // A scheduled job sent back runs now, whatever slot it was created in.
      const { scheduled: _scheduled, ...data } = dead.data as { scheduled?: boolean };
      // One statement each, in order: a crash between them leaves the job in both lists at worst (a
      // retried job is idempotent), never in neither.
      await boss.send(queue, data);
      await boss.deleteJob(dead.name, id);
    },

    async pending() {
      await ready();
      const { rows } = await database.query(
        `select name, count(*)::int as count from ${JOB_SCHEMA}.job
         where state in ('created', 'retry', 'active') and name not like '%.dead' group by name`,
      );
      return Object.fromEntries(
        (rows as Array<{ name: string; count: number }>).map((r) => [r.name, r.count]),
      );
    },

    async start() {
      await ready();
      if (!workers || running) return;
      for (const job of options.jobs) {
        if (job.cron) await boss.schedule(job.name, job.cron, SCHEDULED_DATA, { tz: 'UTC' });
        const id = await boss.work<object>(
          job.name,
          { includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([found]) => (found ? execute(job.name, found) : undefined),
        );
        workerIds.set(job.name, id);
      }
      running = true;
    },

    async stop() {
      running = false;
      if (!started) return;
      await started.catch(() => {});
      // Graceful: workers finish the jobs they hold (up to 15 s, within the server's 20 s shutdown).
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 15_000 });
    },
  };
}

/** The message of pg-boss's stored error (`{ message, name, stack }` or `{ value }`). */
function errorText(output: unknown): string {
  if (output && typeof output === 'object') {
    const o = output as { message?: unknown; value?: unknown };
    if (typeof o.message === 'string') return o.message;
    if (o.value !== undefined) return errorText(o.value);
  }
  return typeof output === 'string' ? output : 'failed';
}
