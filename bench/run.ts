// `npm run bench`: the numbers of issue 2 ("Numbers it must reach"), measured in one run, printed as a
// table and written to bench/results/latest.json (the Lighthouse report of the median run goes beside it).
//
// Method
// - Build: `npm run build` (client and server bundle) when either is missing (or with --build).
// - Bundle: JavaScript the landing route `/` loads, as gzip -9 bytes per file (zlib level 9), summed.
//   Primary figure: the .js files Debian Chromium actually requests when it opens `/` on the real
//   server (Playwright, fresh profile, until the network is idle). Cross-check: index.html's scripts
//   and modulepreload links, plus the static-import closure (Vite manifest, .vite/manifest.json)
//   of the entry and of the lazy route chunk of client/src/features/marketing/LandingPage.tsx.
//   Budget 130 kB = 130,000 bytes.
// - API throughput: each server runs in its own child process (bench/serve.ts) so the load generator
//   (autocannon, in this process) and the server don't share an event loop on this 2-core machine.
//   For each backend — PGlite in a temp dir, and a fresh PostgreSQL from test/postgres.ts — the real
//   app (prepareDatabase with the demo seed, then 10,000 generated campaigns from bench/campaign-data.ts,
//   then buildApp) answers two list views: GET /api/campaigns?limit=20, and the same with a search term
//   and two filters. For each view the app's exact body and content-type are served from memory by a
//   raw node:http server (the reference). Order per view: raw, app, raw again (so a change in the
//   machine's load shows and averages out). Ratio = app req/s ÷ mean of the two raw runs. Then, for
//   context: 2,304 distinct views cycled (more than the list cache holds: the uncached cost), and
//   GET /api/health (1 s warm-up). autocannon: 10 connections, a warm-up (default 3 s, discarded),
//   then 10 s measured. Peak RSS = VmHWM of the app's child process after its runs.
//   Query plans of the list statements: `npm run bench:plans` (bench/plans.ts).
// - Start-up: `node dist/server/main.js` (what `npm start` runs) with a temp DATA_DIR. The first start creates and
//   seeds the embedded database and is stopped with SIGTERM; then the server is started again 3 times
//   on that existing database, each timed from spawn to the first 200 of GET /api/health (polled every
//   25 ms). Reported: the median of the 3 (and each).
// - Lighthouse 12.2.3 (node API, default = mobile preset, simulated throttling) on `/` of the last
//   started real server (built client, seeded PGlite), in Debian Chromium via chrome-launcher, a fresh
//   browser per run, 5 runs: the run with the median performance score is reported (its four scores,
//   LCP, and the audits that keep a category under its target).
// Targets print PASS/FAIL; the exit code is 0 unless a part could not be measured at all.
//
// - Investing (bench/invest.ts): full investments per second (intent + sandbox confirm + record over
//   HTTP, 10 investors at once on one campaign) ÷ a bare lock-row + insert + update transaction on the
//   same database, measured in the same child process before and after; p50/p99 of each step.
// - Offers (bench/offers.ts): GET /api/listings on 10,000 listings with two filters and a sort vs the
//   raw node:http reference, as the campaign list views (issue 13: ≥ 0.12 PostgreSQL, ≥ 0.05 PGlite).
// - Lifecycle (bench/lifecycle.ts, its own process): completing a campaign of 1,000 investors in one
//   transaction ÷ a bare INSERT … SELECT of the same 1,000 rows; the deadline sweep of 100 campaigns ×
//   20 investors; GET /api/portfolio with 500 investments.
// - Admin (bench/admin.ts, its own process): the admin console's panels on 100,000 users and 200,000
//   escrow records, and the KYC-audit export of 100,000 rows with the server's RSS growth.
// Options: --only bundle,api,offers,invest,lifecycle,admin,startup,lighthouse · --build (rebuild the client) · --duration S ·
//          --warmup S · --lighthouse-runs N
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH } from '../test/chromium.ts';
import { apiPart } from './api.ts';
import { investPart } from './invest.ts';
import { offersPart } from './offers.ts';
import { cleanupAll, errorMessage, peakRss, progress, ROOT, SERVER_ENTRY, tempDir } from './common.ts';
import {
  BUDGET_BYTES,
  CLIENT_DIR,
  CONNECTIONS,
  DURATION_S,
  INVEST_SETTINGS,
  LIGHTHOUSE_RUNS,
  RESULTS_DIR,
  TARGETS,
  WARMUP_S,
  opts,
  wants,
} from './settings.ts';
import { bundleFromChromium, bundleFromManifest } from './bundle-size.ts';
import { type MainServer, startMain, startupPart } from './startup.ts';
import { lighthousePart } from './lighthouse.ts';
import { report, type BuildResult, type Results } from './report.ts';

// ---------------------------------------------------------------------------------------------------
// Part 0: the production build of the client

function ensureBuild(): BuildResult {
  const index = path.join(CLIENT_DIR, 'index.html');
  const serverBundle = path.join(ROOT, SERVER_ENTRY);
  if (fs.existsSync(index) && fs.existsSync(serverBundle) && !opts.build) return { ok: true, built: false };
  progress(
    opts.build
      ? 'building the app (npm run build, --build)'
      : 'no production build: building the app (npm run build)',
  );
  const r = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: 'pipe',
    timeout: 300_000,
  });
  if (r.status !== 0 || !fs.existsSync(index)) {
    const tail = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    return {
      ok: false,
      built: false,
      error: `npm run build failed (exit ${r.status ?? r.signal}):\n${tail}`,
    };
  }
  return { ok: true, built: true };
}

// ---------------------------------------------------------------------------------------------------
// Orchestration

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'not found';
  }
}

async function main() {
  const results: Results = {
    date: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      chromium: chromiumVersion(),
      loadAverage: os.loadavg(),
    },
    settings: {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      lighthouseRuns: LIGHTHOUSE_RUNS,
    },
    errors: {},
  };
  const fail = (part: string, error: unknown) => {
    results.errors[part] = errorMessage(error);
    progress(`${part}: ERROR ${errorMessage(error).split('\n')[0]}`);
  };

  const needsClient = wants('bundle') || wants('lighthouse');
  if (needsClient) {
    results.build = ensureBuild();
    if (!results.build.ok) fail('build', results.build.error);
  }
  const clientOk = !!results.build?.ok;

  // Start-up first: it leaves a real server (main.ts, built client, seeded PGlite) running for the
  // browser parts.
  let server: MainServer | undefined;
  const dataDir = tempDir('hydrobridge-bench-data-');
  if (wants('startup')) {
    try {
      const r = await startupPart(dataDir, 3);
      results.startup = r.result;
      server = r.server;
    } catch (error) {
      fail('startup', error);
    }
  }
  if (needsClient && clientOk && !server) {
    try {
      progress('starting server/main.ts for the browser measurements');
      server = (await startMain(dataDir)).server;
    } catch (error) {
      fail('server', error);
    }
  }
  const baseUrl = server ? `http://127.0.0.1:${server.port}/` : undefined;

  if (wants('bundle')) {
    results.bundle = { budget: BUDGET_BYTES };
    if (!clientOk)
      fail('bundle', `no client build: ${results.build?.error ?? 'dist/client/index.html missing'}`);
    else {
      try {
        progress('bundle: index.html + Vite manifest');
        results.bundle.manifest = bundleFromManifest();
      } catch (error) {
        fail('bundle (manifest)', error);
      }
      if (baseUrl) {
        try {
          progress('bundle: JavaScript Chromium loads for /');
          results.bundle.chromium = await bundleFromChromium(baseUrl);
        } catch (error) {
          fail('bundle (chromium)', error);
        }
      }
      const primary = results.bundle.chromium ?? results.bundle.manifest;
      if (primary) {
        results.bundle.gzip = primary.gzip;
        results.bundle.measuredBy = results.bundle.chromium ? 'chromium' : 'manifest';
        results.bundle.pass = primary.gzip <= BUDGET_BYTES;
      }
    }
  }

  if (wants('lighthouse')) {
    if (!clientOk)
      fail('lighthouse', `no client build: ${results.build?.error ?? 'dist/client/index.html missing'}`);
    else if (!baseUrl) fail('lighthouse', 'no server to measure');
    else {
      try {
        results.lighthouse = await lighthousePart(baseUrl);
      } catch (error) {
        fail('lighthouse', error);
      }
    }
  }
  if (server) {
    results.mainServerPeakRssBytes = peakRss(server.pid);
    const code = await server.stop();
    if (code !== 0) fail('shutdown', `server/main.ts exited with ${code} on SIGTERM:\n${server.output()}`);
  }

  if (wants('api')) {
    const r = await apiPart({
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      ratioPglite: TARGETS.ratioPglite,
      ratioPostgres: TARGETS.ratioPostgres,
    });
    results.api = { backends: r.backends };
    for (const e of r.errors) fail('api', e);
  }

  if (wants('offers')) {
    const r = await offersPart({
      connections: CONNECTIONS,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      ratioPglite: TARGETS.ratioPglite,
      ratioPostgres: TARGETS.ratioPostgres,
    });
    results.offers = { backends: r.backends };
    for (const e of r.errors) fail('offers', e);
  }

  if (wants('invest')) {
    const r = await investPart(INVEST_SETTINGS);
    results.invest = { backends: r.backends };
    for (const e of r.errors) fail('invest', e);
  }

  for (const part of ['lifecycle', 'admin'] as const) {
    if (!wants(part)) continue;
    progress(`${part}: bench/${part}.ts in its own process (npm run bench:${part})`);
    const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', `bench/${part}.ts`], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 1_200_000,
    });
    if (r.status !== 0) fail(part, `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim());
    else results[part] = { lines: r.stdout.trim().split('\n') };
  }

  await cleanupAll();
  results.machine.loadAverageEnd = os.loadavg();
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  report(results);
  // Exit now: keep-alive sockets and browser pipes must not hold the process open.
  process.exit(Object.keys(results.errors).length ? 1 : 0);
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  await cleanupAll();
  process.exit(1);
});
