// GET /metrics as Prometheus reads it: refused without the operator's token, absent without
// METRICS_TOKEN, and its numbers move when what they count happens (a request, a provider call, a
// withdrawal waiting for the bank, a job run, a verify-ledger run).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createCampaign, openTestDatabase } from '../../test/app.ts';
import { buildAppWithSettings } from '../../test/auth-services.ts';
import { giveBalance, giveBankAccount } from '../../test/authz/money.ts';
import { openIntent } from '../../test/investing.ts';
import { signedInAs } from '../../test/actor.ts';
import { buildApp, type App } from '../app.ts';
import { prepareDatabase } from '../prepare.ts';
import { sweepPayouts } from '../features/money/index.ts';
import { ProviderUnavailableError } from '../features/money/index.ts';
import { checkLedger } from './ledger-check.ts';

const TOKEN = 'metrics-test-token-0123456789abcdefghij';

let app: App;
beforeAll(async () => {
  app = await buildAppWithSettings({ metricsToken: TOKEN });
});
afterAll(async () => {
  await app?.close();
});

async function scrape(): Promise<string> {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The value of the first sample of `name` whose labels include `labels`; undefined when none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const value = async (name: string, labels: Record<string, string> = {}) =>
  sample(await scrape(), name, labels) ?? 0;

describe('GET /metrics', () => {
  it('refuses a request without the token with 401, saying how to send it', async () => {
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Send the metrics token as Authorization: Bearer <token>' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.body).not.toContain('hydrobridge_');
  });

  it('refuses another authorization scheme with 401 and a wrong token with 403', async () => {
    const basic = await app.inject({
      url: '/metrics',
      headers: { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
    for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), 'short', TOKEN.toUpperCase()]) {
      const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${wrong}` } });
      expect(res.statusCode, wrong).toBe(403);
      expect(res.json()).toEqual({ error: 'The metrics token is not valid' });
    }
  });

  it('answers Prometheus text to the token: our metrics and the process', async () => {
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    for (const name of [
      'hydrobridge_http_request_duration_seconds',
      'hydrobridge_payment_provider_calls_total',
      'hydrobridge_job_runs_total',
      'hydrobridge_pending_refunds',
      'hydrobridge_pending_payouts',
      'hydrobridge_pending_withdrawals',
      'hydrobridge_ledger_check_success',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(res.body).toContain(`# TYPE ${name} `);
    expect(sample(res.body, 'hydrobridge_database_up')).toBe(1);
  });

  it('does not exist when METRICS_TOKEN is unset: 404, with or without a token', async () => {
    const plain = await buildTestApp();
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await plain.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
    expect(plain.apiRoutes.some((r) => r.url === '/metrics')).toBe(false);
  });
});

describe('what the metrics count', () => {
  it('a request is one observation of its route pattern, never of its URL', async () => {
    const labels = { method: 'GET', route: '/api/campaigns/:id', status_code: '404' };
    const before = await value('hydrobridge_http_request_duration_seconds_count', labels);
    const id = randomUUID();
    expect((await app.inject({ url: `/api/campaigns/${id}` })).statusCode).toBe(404);
    const after = await scrape();
    expect(sample(after, 'hydrobridge_http_request_duration_seconds_count', labels)).toBe(before + 1);
    expect(after).not.toContain(id);

    const list = { method: 'GET', route: '/api/campaigns', status_code: '200' };
    const listed = await value('hydrobridge_http_request_duration_seconds_count', list);
    expect((await app.inject({ url: '/api/campaigns?limit=20' })).statusCode).toBe(200);
    expect(await value('hydrobridge_http_request_duration_seconds_count', list)).toBe(listed + 1);
  });

  it('a path no route has counts as unmatched, whatever the path', async () => {
    const labels = { method: 'GET', route: '(unmatched)', status_code: '404' };
    const before = await value('hydrobridge_http_request_duration_seconds_count', labels);
    await app.inject({ url: '/api/nothing-here' });
    await app.inject({ url: `/${randomUUID()}` });
    expect(await value('hydrobridge_http_request_duration_seconds_count', labels)).toBe(before + 2);
  });

  it("an investor's payment intent is one call to the sandbox; a failing call is an error", async () => {
    const create = { provider: 'sandbox', operation: 'createIntent' };
    const calls = await value('hydrobridge_payment_provider_calls_total', create);
    const investor = await signedInAs(app, 'investor');
    const campaign = await createCampaign(app.db);
    await openIntent(investor, campaign, '500.00');
    const text = await scrape();
    expect(sample(text, 'hydrobridge_payment_provider_calls_total', create)).toBe(calls + 1);
    expect(sample(text, 'hydrobridge_payment_provider_call_duration_seconds_count', create)).toBe(calls + 1);
    expect(sample(text, 'hydrobridge_payment_provider_errors_total', create) ?? 0).toBe(0);

    const capture = { provider: 'sandbox', operation: 'captureIntent' };
    const errors = await value('hydrobridge_payment_provider_errors_total', capture);
    await expect(app.payments.captureIntent('pi_sb_unknown', { idempotencyKey: 'k' })).rejects.toThrow();
    expect(await value('hydrobridge_payment_provider_errors_total', capture)).toBe(errors + 1);
  });

  it('a withdrawal waiting for the bank is a pending withdrawal until the payout is sent and paid', async () => {
    const investor = await signedInAs(app, 'investor');
    await giveBankAccount(app, investor.user);
    await giveBalance(app, investor.user, '500.00');
    const before = await value('hydrobridge_pending_withdrawals');
    const payout = { provider: 'sandbox', operation: 'createPayout' };
    const errors = await value('hydrobridge_payment_provider_errors_total', payout);
    // The provider is down while the investor withdraws: the payout waits for the sweep.
    const provider = app.payments as unknown as Record<string, unknown>;
    provider.createPayout = () => Promise.reject(new ProviderUnavailableError('sandbox is down'));
    try {
      const res = await investor.post('/api/withdrawals', { amount: '200.00' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'pending' });
    } finally {
      delete provider.createPayout;
    }
    const waiting = await scrape();
    expect(sample(waiting, 'hydrobridge_pending_withdrawals')).toBe(before + 1);
    expect(sample(waiting, 'hydrobridge_pending_payouts')).toBe(0);
    expect(sample(waiting, 'hydrobridge_payment_provider_errors_total', payout)).toBe(errors + 1);

    // Back up: the sweep sends it, and the sandbox's bank has paid it by the time anyone asks.
    await sweepPayouts(app.money);
    expect(await value('hydrobridge_pending_withdrawals')).toBe(before);
  });

  it("verify-ledger's last result, with when it ran", async () => {
    expect(await value('hydrobridge_ledger_check_timestamp_seconds')).toBe(0);
    const at = app.clock();
    expect(await checkLedger(app, app.payments)).toEqual([]);
    const text = await scrape();
    expect(sample(text, 'hydrobridge_ledger_check_success')).toBe(1);
    expect(sample(text, 'hydrobridge_ledger_check_breaks')).toBe(0);
    expect(sample(text, 'hydrobridge_ledger_check_timestamp_seconds')).toBeGreaterThanOrEqual(
      Math.floor(at.getTime() / 1000),
    );

    app.metrics.recordLedgerCheck(false, new Date('2030-01-02T03:04:05Z'), 2);
    const broken = await scrape();
    expect(sample(broken, 'hydrobridge_ledger_check_success')).toBe(0);
    expect(sample(broken, 'hydrobridge_ledger_check_breaks')).toBe(2);
    expect(sample(broken, 'hydrobridge_ledger_check_timestamp_seconds')).toBe(
      Date.parse('2030-01-02T03:04:05Z') / 1000,
    );
  });

  it("the queue's hourly ledger check counts as a job run and records verify-ledger's result", async () => {
    const job = { job: 'ledger.verify' };
    const runs = await value('hydrobridge_job_runs_total', job);
    await app.jobs.enqueue(app.db, 'ledger.verify', {});
    await app.jobs.runDue(['ledger.verify']);
    const text = await scrape();
    expect(sample(text, 'hydrobridge_job_runs_total', job)).toBe(runs + 1);
    expect(sample(text, 'hydrobridge_job_failures_total', job) ?? 0).toBe(0);
    expect(sample(text, 'hydrobridge_job_duration_seconds_count', job)).toBe(runs + 1);
    expect(sample(text, 'hydrobridge_ledger_check_success')).toBe(1);
    expect(sample(text, 'hydrobridge_ledger_check_timestamp_seconds')).toBeGreaterThan(0);
  });

  it('a job waiting for a worker is a pending job until it runs', async () => {
    const database = await openTestDatabase();
    await prepareDatabase(database, { seedDemo: false });
    const manual = await buildApp({ database, settings: { metricsToken: TOKEN }, jobs: 'manual' });
    try {
      const pending = async () => {
        const res = await manual.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        return sample(res.body, 'hydrobridge_jobs_pending', { job: 'ledger.verify' });
      };
      await manual.jobs.enqueue(manual.db, 'ledger.verify', {});
      expect(await pending()).toBe(1);
      await manual.jobs.runDue(['ledger.verify']);
      expect(await pending()).toBe(0);
    } finally {
      await manual.close();
    }
  });

  it('a job run counts as a run, a failed one as a failure too, each with its duration', async () => {
    await expect(app.metrics.observeJob('refunds', async () => 'done')).resolves.toBe('done');
    const failure = new Error('provider down');
    await expect(
      app.metrics.observeJob('refunds', async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    const text = await scrape();
    expect(sample(text, 'hydrobridge_job_runs_total', { job: 'refunds' })).toBe(2);
    expect(sample(text, 'hydrobridge_job_failures_total', { job: 'refunds' })).toBe(1);
    expect(sample(text, 'hydrobridge_job_duration_seconds_count', { job: 'refunds' })).toBe(2);
  });

  it('the database going away: the scrape still answers, saying so', async () => {
    // Last in this file: it closes the app's database.
    await app.database.close();
    const text = await scrape();
    expect(sample(text, 'hydrobridge_database_up')).toBe(0);
    expect(text).toContain('hydrobridge_http_request_duration_seconds_count');
  });
});
