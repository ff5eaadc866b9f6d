// The investing part of `npm run bench` (issue 10): full investments per second — payment intent,
// sandbox card confirmation and the record call, over real HTTP against the app in a child process —
// as a ratio of the reference measured on the same database in the same run (lock the campaign row,
// insert, update: bench/invest-data.ts), with the p50/p99 of each step. Order: reference, investing,
// reference again (the ratio uses the mean of the two, so a change in the machine's load averages out).
import { performance } from 'node:perf_hooks';
import { SANDBOX_SUCCESS_CARD } from '../domain/payments.ts';
import { SESSION_COOKIE } from '../server/features/accounts/index.ts';
import { cleanups, errorMessage, progress, startServeChild, table, tempDir, mark } from './common.ts';
import { percentiles, type ReferenceResult } from './invest-data.ts';

export interface InvestSettings {
  durationS: number;
  concurrency: number;
  /** Full investments per second ÷ the three-call floor, PostgreSQL (issue 18). */
  ofFloorPostgres: number;
}

interface StepLatency {
  p50Ms: number;
  p99Ms: number;
}

export interface InvestBackendResult {
  backend: 'pglite' | 'postgres';
  investments: number;
  perSecond: number;
  failures: number;
  steps: Record<'intent' | 'confirm' | 'record' | 'full', StepLatency>;
  reference: ReferenceResult & { before: number; after: number };
  ratio: number;
  /** Three GET /api/auth/me per iteration: what any three-call flow could reach at best. */
  floor: { perSecond: number; ratio: number };
  /** Investments per second ÷ the floor's iterations per second (issue 18's target, PostgreSQL). */
  ofFloor: number;
  target: number | null;
  pass: boolean | null;
}

interface Ready {
  port: number;
  referencePort: number;
  campaignId: string;
  investors: Array<{ id: string; token: string }>;
}

async function post(
  url: string,
  token: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, string> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, string> };
}

/** Each investor invests $100 again and again for `seconds`: the three calls of spec §4. */
async function investLoad(base: string, ready: Ready, seconds: number) {
  const samples = {
    intent: [] as number[],
    confirm: [] as number[],
    record: [] as number[],
    full: [] as number[],
  };
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async ({ id, token }: Ready['investors'][number]) => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const intent = await post(`${base}/api/create-payment-intent`, token, {
        amount: '100.00',
        campaignId: ready.campaignId,
        investorId: id,
        // What the modal sends once the key information sheet (version 1) is acknowledged.
        acknowledgements: { kiisVersion: 1, riskWarning: true },
      });
      const t1 = performance.now();
      if (intent.status !== 200) {
        failures++;
        continue;
      }
      const confirm = await post(
        `${base}/api/sandbox/payment-intents/${intent.json.paymentIntentId}/confirm`,
        token,
        {
          clientSecret: intent.json.clientSecret,
          card: { number: SANDBOX_SUCCESS_CARD, expMonth: 12, expYear: 2035, cvc: '123' },
        },
      );
      const t2 = performance.now();
      const record = await post(`${base}/api/investments`, token, {
        paymentIntentId: intent.json.paymentIntentId,
        campaignId: ready.campaignId,
        investorId: id,
      });
      const t3 = performance.now();
      if (
        confirm.status !== 200 ||
        (record.status !== 200 && record.status !== 201) ||
        record.json.status !== 'confirmed'
      ) {
        failures++;
        continue;
      }
      samples.intent.push(t1 - t0);
      samples.confirm.push(t2 - t1);
      samples.record.push(t3 - t2);
      samples.full.push(t3 - t0);
    }
  };
  const started = performance.now();
  await Promise.all(ready.investors.map(worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    investments: samples.full.length,
    perSecond: samples.full.length / elapsed,
    failures,
    steps: {
      intent: percentiles(samples.intent),
      confirm: percentiles(samples.confirm),
      record: percentiles(samples.record),
      full: percentiles(samples.full),
    },
  };
}

/**
 * The floor of any three-call flow on this server: three signed-in requests that do next to nothing
 * (GET /api/auth/me) per iteration, at the same concurrency. An investment cannot beat it.
 */
async function floorLoad(base: string, ready: Ready, seconds: number): Promise<number> {
  let iterations = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async ({ token }: Ready['investors'][number]) => {
    while (performance.now() < end) {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${base}/api/auth/me`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
        await res.arrayBuffer();
      }
      iterations++;
    }
  };
  const started = performance.now();
  await Promise.all(ready.investors.map(worker));
  return iterations / ((performance.now() - started) / 1000);
}

async function reference(ready: Ready, seconds: number, concurrency: number): Promise<ReferenceResult> {
  const res = await fetch(
    `http://127.0.0.1:${ready.referencePort}/reference?seconds=${seconds}&concurrency=${concurrency}`,
  );
  if (!res.ok) throw new Error(`reference failed: ${await res.text()}`);
  return (await res.json()) as ReferenceResult;
}

async function measureBackend(
  cfg: InvestSettings,
  backend: 'pglite' | 'postgres',
  args: string[],
): Promise<InvestBackendResult> {
  progress(
    `${backend}: investing (${cfg.concurrency} investors, ${cfg.durationS} s each: reference, invest, reference)`,
  );
  const child = await startServeChild(['invest', ...args, '--investors', String(cfg.concurrency)]);
  try {
    const ready = child.ready as unknown as Ready;
    const base = `http://127.0.0.1:${ready.port}`;
    await investLoad(base, ready, 2); // warm-up, discarded
    const before = await reference(ready, cfg.durationS, cfg.concurrency);
    const load = await investLoad(base, ready, cfg.durationS);
    const after = await reference(ready, cfg.durationS, cfg.concurrency);
    const floorPerSecond = await floorLoad(base, ready, cfg.durationS);
    const refPerSecond = (before.perSecond + after.perSecond) / 2;
    const ratio = load.perSecond / refPerSecond;
    const ofFloor = load.perSecond / floorPerSecond;
    const target = backend === 'postgres' ? cfg.ofFloorPostgres : null;
    return {
      backend,
      ...load,
      reference: { ...before, perSecond: refPerSecond, before: before.perSecond, after: after.perSecond },
      ratio,
      floor: { perSecond: floorPerSecond, ratio: floorPerSecond / refPerSecond },
      ofFloor,
      target,
      pass: target === null ? null : ofFloor >= target && load.failures === 0,
    };
  } finally {
    await child.stop();
  }
}

export async function investPart(cfg: InvestSettings) {
  const backends: InvestBackendResult[] = [];
  const errors: string[] = [];
  try {
    backends.push(
      await measureBackend(cfg, 'pglite', [
        '--db',
        'pglite',
        '--data-dir',
        tempDir('hydrobridge-bench-invest-'),
      ]),
    );
  } catch (error) {
    errors.push(`pglite: ${errorMessage(error)}`);
  }
  try {
    const { startPostgres } = await import('../test/postgres.ts');
    const pg = await startPostgres();
    cleanups.push(() => pg.stop());
    const url = pg.createDatabase('hydrobridge_bench_invest');
    backends.push(await measureBackend(cfg, 'postgres', ['--db', 'postgres', '--url', url]));
    pg.stop();
  } catch (error) {
    errors.push(`postgres: ${errorMessage(error)}`);
  }
  return { backends, errors };
}

export function formatInvest(backends: InvestBackendResult[], cfg: InvestSettings): string[] {
  const ms = (s: StepLatency) => `${s.p50Ms.toFixed(1)} / ${s.p99Ms.toFixed(1)}`;
  return [
    '',
    `Investing (${cfg.concurrency} investors at once, ${cfg.durationS} s; full = intent + sandbox card hold + record over HTTP; floor = 3 × GET /api/auth/me; reference = lock row + insert + update in one transaction, same database)`,
    table(
      [
        'backend',
        'investments/s',
        'floor it/s',
        '÷ floor',
        'target',
        '',
        'p50 / p99 ms: intent',
        'confirm',
        'record',
        'full',
      ],
      backends.map((b) => [
        b.backend,
        b.perSecond.toFixed(1),
        b.floor.perSecond.toFixed(1),
        b.ofFloor.toFixed(3),
        b.target === null ? '' : `≥ ${b.target}`,
        b.pass === null ? '' : mark(b.pass),
        ms(b.steps.intent),
        ms(b.steps.confirm),
        ms(b.steps.record),
        ms(b.steps.full),
      ]),
      'lrrrllrrrr',
    ),
    ...backends.map(
      (b) =>
        `  ${b.backend}: ${b.investments} investments recorded, ${b.failures} failed · ÷ reference ` +
        `(${b.reference.perSecond.toFixed(0)} tx/s): ${b.ratio.toFixed(3)}; floor ÷ reference ${b.floor.ratio.toFixed(3)}`,
    ),
  ];
}
