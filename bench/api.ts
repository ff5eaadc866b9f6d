// The API part of `npm run bench`: list views on 10,000 campaigns against a raw node:http server
// serving the same bytes, uncached views and GET /api/health for context, sign-in latency. Method: see
// the header of bench/run.ts.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { TOTAL_COUNT_HEADER } from '../domain/campaigns.ts';
import { DEMO_PASSWORD } from '../server/seed/demo-accounts.ts';
import { BENCH_CAMPAIGNS } from './campaign-data.ts';
import { cleanups, errorMessage, peakRss, progress, startServeChild, tempDir } from './common.ts';
import { measureSigninLatency, type SigninLatency } from './latency.ts';

export interface ApiSettings {
  connections: number;
  durationS: number;
  warmupS: number;
  /** Ratio targets: app req/s ÷ raw req/s. */
  ratioPglite: number;
  ratioPostgres: number;
}

export interface LoadResult {
  reqPerSec: number;
  p99Ms: number;
  avgMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** `paths`: each request takes the next of these, in turn (on the origin `url`). */
async function load(
  cfg: ApiSettings,
  url: string,
  seconds: number,
  paths?: readonly string[],
): Promise<LoadResult> {
  let next = 0;
  const requests = paths && [
    { setupRequest: (req: object) => ({ ...req, path: paths[next++ % paths.length] }) },
  ];
  const r = await autocannon({
    url,
    connections: cfg.connections,
    duration: seconds,
    pipelining: 1,
    ...(requests && { requests }),
  });
  return {
    reqPerSec: r.requests.average,
    p99Ms: r.latency.p99,
    avgMs: r.latency.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

function meanLoad(a: LoadResult, b: LoadResult): LoadResult {
  const mean = (k: keyof LoadResult) => (a[k] + b[k]) / 2;
  return {
    reqPerSec: mean('reqPerSec'),
    p99Ms: mean('p99Ms'),
    avgMs: mean('avgMs'),
    requests: a.requests + b.requests,
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
  };
}

async function measure(cfg: ApiSettings, url: string, warmupS = cfg.warmupS): Promise<LoadResult> {
  if (warmupS > 0) await load(cfg, url, warmupS);
  return load(cfg, url, cfg.durationS);
}

/** The list views measured against the raw reference (issue 4): the default page, and a search with two filters. */
const LIST_VIEWS = [
  { label: 'GET /api/campaigns?limit=20', path: '/api/campaigns?limit=20' },
  {
    label: 'GET /api/campaigns?limit=20&q=rotterdam&risk=medium&region=europe',
    path: '/api/campaigns?limit=20&q=rotterdam&risk=medium&region=europe',
  },
] as const;

/**
 * Views the cache cannot hold all of: the first 3 pages of every combination of 6 searches, 4 risk and
 * 4 region choices, 2 status filters and 4 sorts (2,304 views, more than the list cache's 1,000
 * entries), cycled in order so every request runs the statements: the uncached cost, for context.
 */
export const UNCACHED_PATHS = ['', 'rotterdam', 'hamburg', 'japan', 'fertilizer', 'steel'].flatMap((q) =>
  ['all', 'low', 'medium', 'high'].flatMap((risk) =>
    ['all', 'asia', 'europe', 'americas'].flatMap((region) =>
      ['', 'active'].flatMap((status) =>
        ['newest', 'deadline', 'roi', 'funded'].flatMap((sort) =>
          [1, 2, 3].map(
            (page) =>
              `/api/campaigns?limit=20&q=${q}&risk=${risk}&region=${region}&status=${status}&sort=${sort}&page=${page}`,
          ),
        ),
      ),
    ),
  ),
);

export interface ViewResult {
  label: string;
  bodyBytes: number;
  contentType: string;
  /** Mean of the reference measured right before and right after the app. */
  raw: LoadResult;
  rawBefore: LoadResult;
  rawAfter: LoadResult;
  app: LoadResult;
  ratio: number;
  pass: boolean;
}

export interface BackendResult {
  backend: 'pglite' | 'postgres';
  campaigns: number;
  target: number;
  views: ViewResult[];
  /** Every request a page the cache does not hold; ratio against the first view's reference. */
  uncached: LoadResult & { ratio: number };
  health: LoadResult;
  pass: boolean;
  peakRssBytes: number | null;
  latency: SigninLatency;
}

/** One view: the app's exact bytes served by a raw node:http child (before and after), and the app. */
export async function measureView(
  cfg: ApiSettings,
  backend: string,
  appUrl: string,
  view: { label: string; path: string },
  target: number,
): Promise<ViewResult> {
  const res = await fetch(appUrl + view.path);
  const body = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get('content-type') ?? 'application/json';
  if (res.status !== 200)
    throw new Error(`${view.label} answered ${res.status}: ${body.toString().slice(0, 300)}`);
  const bodyFile = path.join(tempDir('hydrobridge-bench-body-'), 'campaigns.json');
  fs.writeFileSync(bodyFile, body);
  const raw = await startServeChild(['raw', '--body', bodyFile, '--content-type', contentType]);
  try {
    const rawUrl = `http://127.0.0.1:${raw.port}${view.path}`;
    const check = await fetch(rawUrl);
    const same =
      Buffer.from(await check.arrayBuffer()).equals(body) &&
      check.headers.get('content-type') === contentType;
    if (!same) throw new Error('the reference server does not return the app’s bytes');
    progress(
      `${backend}: raw node:http reference, ${body.length} bytes (${cfg.warmupS} s warm-up + ${cfg.durationS} s)`,
    );
    const rawBefore = await measure(cfg, rawUrl);
    progress(`${backend}: app ${view.label} (${cfg.warmupS} s warm-up + ${cfg.durationS} s)`);
    const app = await measure(cfg, appUrl + view.path);
    // The reference again, so that a change in the machine's load during the app run shows and averages out.
    progress(`${backend}: raw node:http reference again (${cfg.durationS} s)`);
    const rawAfter = await load(cfg, rawUrl, cfg.durationS);
    const rawMean = meanLoad(rawBefore, rawAfter);
    const ratio = app.reqPerSec / rawMean.reqPerSec;
    const clean = [rawBefore, rawAfter, app].every((r) => r.non2xx === 0 && r.errors === 0);
    if (!clean) progress(`${backend}: WARNING some requests failed (non-2xx or errors), see latest.json`);
    return {
      label: view.label,
      bodyBytes: body.length,
      contentType,
      raw: rawMean,
      rawBefore,
      rawAfter,
      app,
      ratio,
      pass: ratio >= target && clean,
    };
  } finally {
    await raw.stop();
  }
}

async function throughput(
  cfg: ApiSettings,
  backend: 'pglite' | 'postgres',
  appArgs: string[],
): Promise<BackendResult> {
  progress(`${backend}: starting the app (child process, demo seed + ${BENCH_CAMPAIGNS} campaigns)`);
  const app = await startServeChild(['app', ...appArgs, '--campaigns', String(BENCH_CAMPAIGNS)]);
  try {
    const appUrl = `http://127.0.0.1:${app.port}`;
    const campaigns = Number(
      (await fetch(`${appUrl}/api/campaigns?limit=1`)).headers.get(TOTAL_COUNT_HEADER),
    );
    const target = backend === 'pglite' ? cfg.ratioPglite : cfg.ratioPostgres;
    const views: ViewResult[] = [];
    for (const view of LIST_VIEWS) views.push(await measureView(cfg, backend, appUrl, view, target));
    progress(
      `${backend}: app, ${UNCACHED_PATHS.length} distinct views cycled (uncached) (${cfg.durationS} s)`,
    );
    const uncachedLoad = await load(cfg, appUrl, cfg.durationS, UNCACHED_PATHS);
    const uncached = { ...uncachedLoad, ratio: uncachedLoad.reqPerSec / views[0]!.raw.reqPerSec };
    progress(`${backend}: app GET /api/health (${Math.min(1, cfg.warmupS)} s warm-up + ${cfg.durationS} s)`);
    // The app process is warm by now: a short warm-up for this route is enough.
    const health = await measure(cfg, `${appUrl}/api/health`, Math.min(1, cfg.warmupS));
    progress(`${backend}: sign-in latency next to GET /api/health (sequential requests)`);
    const latency = await measureSigninLatency(appUrl, DEMO_PASSWORD);
    const peakRssBytes = peakRss(app.pid);
    return {
      backend,
      campaigns,
      target,
      views,
      uncached,
      health,
      pass: views.every((v) => v.pass),
      peakRssBytes,
      latency,
    };
  } finally {
    const code = await app.stop();
    if (code !== 0) progress(`${backend}: app child exited with ${code}: ${app.output().slice(-500)}`);
  }
}

export async function apiPart(cfg: ApiSettings): Promise<{ backends: BackendResult[]; errors: string[] }> {
  const backends: BackendResult[] = [];
  const errors: string[] = [];
  try {
    backends.push(
      await throughput(cfg, 'pglite', ['--db', 'pglite', '--data-dir', tempDir('hydrobridge-bench-pglite-')]),
    );
  } catch (error) {
    errors.push(`pglite: ${errorMessage(error)}`);
  }
  try {
    progress('postgres: starting a throwaway PostgreSQL (test/postgres.ts)');
    const { startPostgres } = await import('../test/postgres.ts');
    const pg = await startPostgres();
    cleanups.push(() => pg.stop());
    const url = pg.createDatabase('hydrobridge_bench');
    backends.push(await throughput(cfg, 'postgres', ['--db', 'postgres', '--url', url]));
    pg.stop();
  } catch (error) {
    errors.push(`postgres: ${errorMessage(error)}`);
  }
  return { backends, errors };
}
