// The job queue on the run's database (PGlite or PostgreSQL): a job exists only if its transaction
// commits, a failure is retried with backoff and ends in the dead letters after its last attempt, an
// admin's retry sends it back, and two workers taking the same queue run each job once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.ts';
import type { Database } from '../db/connect.ts';
import { prepareDatabase } from '../prepare.ts';
import { inTransaction } from '../db/transaction.ts';
import { createJobQueue, installJobQueues, JOB_SCHEMA, type JobDefinition, type JobQueue } from './queue.ts';
import { cronSlot, SCHEDULED_DATA } from './slots.ts';

const quietLog = { error: () => {}, warn: () => {} };
let database: Database;
const opened: JobQueue[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await prepareDatabase(database, { seedDemo: false });
});

afterAll(async () => {
  for (const queue of opened) await queue.stop();
});

/** A queue of one job named `name` (installed on the test database) running `run`. */
async function queueOf(
  name: string,
  run: JobDefinition<{ n: number }>['run'],
  options: { retryLimit?: number; mode?: 'manual' | 'workers'; cron?: string } = {},
) {
  const definition = {
    name,
    cron: options.cron,
    retryLimit: options.retryLimit ?? 2,
    retryDelaySeconds: 60,
    expireInSeconds: 60,
    run,
  };
  await installJobQueues(database, [definition]);
  const queue = createJobQueue({
    database,
    jobs: [definition as JobDefinition<never>],
    mode: options.mode ?? 'manual',
    log: quietLog,
    pollingIntervalSeconds: 0.5,
  });
  opened.push(queue);
  return queue;
}

/** What time would do: the job's retry is due now. */
const makeDue = (name: string) =>
  database.query(`update ${JOB_SCHEMA}.job set start_after = now() - interval '1 second' where name = $1`, [
    name,
  ]);

const jobRow = async (name: string) =>
  (
    await database.query(
      `select state, retry_count, start_after > now() + interval '20 seconds' as later from ${JOB_SCHEMA}.job where name = $1`,
      [name],
    )
  ).rows[0] as { state: string; retry_count: number; later: boolean } | undefined;

describe('enqueueing in a transaction', () => {
  it('adds the job only when the transaction commits', async () => {
    const ran: number[] = [];
    const queue = await queueOf('test.commit', async ({ n }) => ran.push(n));
    await expect(
      inTransaction(database.db, async (tx) => {
        await queue.enqueue(tx, 'test.commit', { n: 1 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await inTransaction(database.db, async (tx) => {
      await queue.enqueue(tx, 'test.commit', { n: 2 });
    });
    expect(await queue.pending()).toMatchObject({ 'test.commit': 1 });
    expect(await queue.runDue()).toBe(1);
    expect(ran).toEqual([2]);
    expect(await queue.pending()).not.toHaveProperty('test.commit');
  });
});

describe('a job that fails', () => {
  it('is retried later with backoff, then goes to the dead letters with its error; a retry sends it back once', async () => {
    let failing = true;
    const attempts: number[] = [];
    const queue = await queueOf(
      'test.flaky',
      async () => {
        attempts.push(attempts.length);
        if (failing) throw new Error('the provider answered 503');
      },
      { retryLimit: 2 },
    );
    await queue.enqueue(database.db, 'test.flaky', { n: 1 });

    expect(await queue.runDue()).toBe(1);
    // Waits for its retry: nothing is due now, and the retry is not for a while (60 s · 2^n, jitter).
    // (pg-boss counts a retry when it starts: the count names the retries begun so far.)
    expect(await jobRow('test.flaky')).toMatchObject({ state: 'retry', retry_count: 0, later: true });
    expect(await queue.runDue()).toBe(0);

    await makeDue('test.flaky');
    expect(await queue.runDue()).toBe(1);
    expect(await jobRow('test.flaky')).toMatchObject({ state: 'retry', retry_count: 1, later: true });
    await makeDue('test.flaky');
    expect(await queue.runDue()).toBe(1);
    expect(attempts).toHaveLength(3);

    const [dead, ...others] = (await queue.deadJobs()).filter((j) => j.queue === 'test.flaky');
    expect(others).toEqual([]);
    expect(dead).toMatchObject({ queue: 'test.flaky', data: { n: 1 }, error: 'the provider answered 503' });
    expect(await queue.pending()).not.toHaveProperty('test.flaky');

    failing = false;
    await queue.retryDead(dead!.id);
    expect((await queue.deadJobs()).filter((j) => j.queue === 'test.flaky')).toEqual([]);
    expect(await queue.runDue()).toBe(1);
    expect(attempts).toHaveLength(4);
    await expect(queue.retryDead(dead!.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(queue.retryDead('not-an-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('two workers on one queue', () => {
  it('run each of 40 jobs exactly once', async () => {
    const runs = new Map<number, number>();
    const run = async ({ n }: { n: number }) => {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      // Hold the job a moment, as a provider call would, so both workers are busy at once.
      await database.query('select pg_sleep(0.01)');
    };
    const first = await queueOf('test.shared', run, { mode: 'workers' });
    const second = await queueOf('test.shared', run, { mode: 'workers' });
    for (let n = 0; n < 40; n++) await first.enqueue(database.db, 'test.shared', { n });
    await Promise.all([first.start(), second.start()]);
    await expect.poll(() => runs.size, { timeout: 30_000, interval: 200 }).toBe(40);
    await first.stop();
    await second.stop();
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const { rows } = await database.query(
      `select count(*)::int as done from ${JOB_SCHEMA}.job where name = 'test.shared' and state = 'completed'`,
    );
    expect(rows).toEqual([{ done: 40 }]);
  });
});

describe('a scheduled job', () => {
  it('runs once per cron slot, however often pg-boss sends the slot; the CLI and a retry are not held back', async () => {
    const ran: string[] = [];
    const queue = await queueOf('test.cron', async (data) => void ran.push(JSON.stringify(data)), {
      cron: '*/10 * * * *',
    });
    // pg-boss's cron sent the 12:10 slot twice (a late check resends it) and then the 12:20 slot.
    for (let i = 0; i < 3; i++) await queue.enqueue(database.db, 'test.cron', SCHEDULED_DATA as never);
    await database.query(
      `update ${JOB_SCHEMA}.job set created_on = (array['2026-11-26 12:10:02+00', '2026-11-26 12:19:59+00',
         '2026-11-26 12:20:01+00']::timestamptz[])[row_number] from (select id as jid, row_number() over (order by created_on, id)::int
         from ${JOB_SCHEMA}.job where name = 'test.cron') numbered where id = jid`,
    );
    // The CLI's run (no cron data) runs whatever the slot.
    await queue.enqueue(database.db, 'test.cron', { n: 7 });

    expect(await queue.runDue()).toBe(4);
    expect(ran.sort()).toEqual(['{"n":7}', '{"scheduled":true}', '{"scheduled":true}']);
    const { rows } = await database.query(
      `select output from ${JOB_SCHEMA}.job where name = 'test.cron' and output ? 'skipped'`,
    );
    expect(rows).toEqual([{ output: { skipped: 'the 2026-11-26T12:10:00.000Z slot already ran' } }]);
  });

  it('names the slot as the last cron tick at or before the job was created', () => {
    expect(cronSlot('*/10 * * * *', new Date('2026-11-27T12:17:30Z'))).toEqual(
      new Date('2026-11-27T12:10:00Z'),
    );
    expect(cronSlot('17 * * * *', new Date('2026-11-27T12:17:00Z'))).toEqual(
      new Date('2026-11-27T12:17:00Z'),
    );
    expect(cronSlot('17 * * * *', new Date('2026-11-27T12:16:59Z'))).toEqual(
      new Date('2026-11-27T11:17:00Z'),
    );
  });
});

describe('installing the queues', () => {
  it('is idempotent: a second prepare keeps the jobs waiting', async () => {
    const queue = await queueOf('test.install', async () => {});
    await queue.enqueue(database.db, 'test.install', { n: 1 });
    await prepareDatabase(database, { seedDemo: false });
    expect(await queue.pending()).toMatchObject({ 'test.install': 1 });
    const { rows } = await database.query(`select count(*)::int as n from ${JOB_SCHEMA}.queue`);
    expect((rows as Array<{ n: number }>)[0]!.n).toBeGreaterThan(1);
  });
});
