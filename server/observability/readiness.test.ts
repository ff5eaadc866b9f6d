// GET /api/ready as a load balancer reads it: 200 while the database answers, every migration is
// applied and the background jobs run; 503 naming what is not ready otherwise, and from the moment
// shutdown begins.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase } from '../../test/app.ts';
import { buildApp, type App } from '../app.ts';
import { prepareDatabase } from '../prepare.ts';
import { migrationsCheck, shippedMigrations } from './readiness.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});

describe('GET /api/ready', () => {
  it('answers 200 when the database answers, migrations are applied and jobs run', async () => {
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
    });
  });

  it('answers 503 naming a registered check that is not ready, with its reason', async () => {
    let queue: string | undefined = 'the job queue has not started';
    app.readiness.add('queue', () => queue);
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'Not ready: queue',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok', queue: 'the job queue has not started' },
    });
    queue = undefined;
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('a check that throws is not ready, and its error stays in the logs', async () => {
    let broken = true;
    app.readiness.add('mail', async () => {
      if (broken) throw new Error('connect ECONNREFUSED 10.0.0.7:587');
    });
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'Not ready: mail', checks: { mail: 'failing' } });
    expect(res.body).not.toContain('ECONNREFUSED');
    broken = false;
  });

  it('a check that does not answer within 2 seconds is not ready', async () => {
    let hang = true;
    app.readiness.add('slow', () => (hang ? new Promise<void>(() => {}) : undefined));
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ checks: { slow: 'no answer within 2000 ms' } });
    hang = false;
  });

  it('answers 503 naming the database once it is gone', async () => {
    await app.database.close();
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'Not ready: database', checks: { database: 'failing' } });
    // Liveness says the same of the database.
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
  });

  it('answers 503 from the moment shutdown begins, whatever the checks say', async () => {
    app.readiness.beginShutdown();
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'Not ready: shutdown', checks: { shutdown: 'shutting down' } });
  });

  it('closing the app begins shutdown first', async () => {
    const other = await buildTestApp();
    expect((await other.inject({ url: '/api/ready' })).statusCode).toBe(200);
    await other.close();
    expect(other.readiness.shuttingDown).toBe(true);
  });
});

describe('the jobs check', () => {
  it('is ready once the workers take jobs, and names them once they stop', async () => {
    const database = await openTestDatabase();
    await prepareDatabase(database, { seedDemo: false });
    const server = await buildApp({ database, jobs: 'workers' });
    try {
      // The workers join in the background after the app is ready: not ready until they run.
      const first = await server.inject({ url: '/api/ready' });
      if (first.statusCode !== 200)
        expect(first.json()).toMatchObject({ checks: { jobs: 'job workers are not running' } });
      await expect
        .poll(async () => (await server.inject({ url: '/api/ready' })).statusCode, { timeout: 10_000 })
        .toBe(200);
      const res = await server.inject({ url: '/api/ready' });
      expect(res.json()).toMatchObject({ checks: { jobs: 'ok' } });
      await server.jobs.stop();
      const stopped = await server.inject({ url: '/api/ready' });
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json()).toMatchObject({
        error: 'Not ready: jobs',
        checks: { jobs: 'job workers are not running' },
      });
    } finally {
      await server.close();
    }
  });
});

describe('the migrations check', () => {
  it('names how many migrations a database lacks, and is ready once they are applied', async () => {
    const database = await openTestDatabase({ withoutTables: true });
    const shipped = shippedMigrations();
    const check = migrationsCheck(database);
    expect(await check()).toBe(`${shipped.length} of ${shipped.length} migrations not applied`);
    await database.migrate();
    expect(await check()).toBeUndefined();
  });

  it('counts a migration newer than the database as not applied', async () => {
    const newer = [...shippedMigrations(), { tag: '9999_next', when: Date.now() + 86_400_000 }];
    const database = await openTestDatabase();
    await database.migrate();
    const check = migrationsCheck(database, newer);
    expect(await check()).toBe(`1 of ${newer.length} migrations not applied`);
  });
});
