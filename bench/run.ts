// `npm run bench`: the numbers of issue 2 ("Numbers it must reach"), measured in one run, printed as a
// table and written to bench/results/latest.json (the Lighthouse report of the median run goes beside it).
//
// Method
// - Build: `npm run build` (client and server bundle) when either is missing (or with --build).
// - Bundle: JavaScript the landing route `/` loads, as gzip -9 bytes per file (zlib level 9), summed.
//   Primary figure: the .js files Debian Chromium actually requests when it opens `/` on the real
//   server (Playwright, fresh profile, until the network is idle). Cross-check: index.html's scripts
//   and modulepreload links, plus the static-import closure (Vite manifest, .vite/manifest.json)
//   of the entry and of the lazy route chunk of client/src/features/landing/LandingPage.tsx.
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
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/chromium.ts';
import { apiPart, UNCACHED_PATHS, type BackendResult, type LoadResult } from './api.ts';
import { formatInvest, investPart, type InvestBackendResult } from './invest.ts';
import { formatOffers, offersPart, type OffersBackendResult } from './offers.ts';
import {
  cleanupAll,
  errorMessage,
  freePort,
  gzip9,
  kB,
  mark,
  MB,
  median,
  peakRss,
  cpuMs,
  progress,
  ROOT,
  SERVER_ENTRY,
  sleep,
  spawnNode,
  START_TIMEOUT_MS,
  t0,
  table,
  tempDir,
} from './common.ts';

const CLIENT_DIR = path.join(ROOT, 'dist', 'client');
const RESULTS_DIR = path.join(import.meta.dirname, 'results');
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const LANDING_MODULE = 'features/landing/LandingPage.tsx';
const BUDGET_BYTES = 130_000;
const TARGETS = {
  ratioPglite: 0.05,
  ratioPostgres: 0.12,
  startupMs: 1_000,
  /** The embedded server's peak resident memory (issue 20), MiB as printed. */
  embeddedPeakRssBytes: 400 * 1024 * 1024,
  signinP50Ms: 150,
  /** Full investments per second ÷ the floor of any three-call flow (issue 18), PostgreSQL. */
  investOfFloorPostgres: 0.35,
  lighthouse: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as Record<
    string,
    number
  >,
};

const PARTS = ['bundle', 'api', 'offers', 'invest', 'lifecycle', 'admin', 'startup', 'lighthouse'] as const;
type Part = (typeof PARTS)[number];

const { values: opts } = parseArgs({
  options: {
    only: { type: 'string' },
    build: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    'lighthouse-runs': { type: 'string', default: '5' },
  },
});
const only = new Set((opts.only ?? PARTS.join(',')).split(',').map((s) => s.trim()));
for (const p of only)
  if (!PARTS.includes(p as Part)) throw new Error(`--only: unknown part "${p}" (${PARTS.join(', ')})`);
const wants = (p: Part) => only.has(p);
const DURATION_S = Number(opts.duration);
const WARMUP_S = Number(opts.warmup);
const LIGHTHOUSE_RUNS = Math.max(1, Number(opts['lighthouse-runs']));
const CONNECTIONS = 10;
const INVEST_SETTINGS = {
  durationS: DURATION_S,
  concurrency: 10,
  ofFloorPostgres: TARGETS.investOfFloorPostgres,
};
// ---------------------------------------------------------------------------------------------------
// Part 0: the production build of the client

interface BuildResult {
  ok: boolean;
  built: boolean;
  error?: string;
}

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
// Part 1: landing route JavaScript

interface BundleFile {
  file: string;
  bytes: number;
  gzip: number;
}
interface BundleMeasure {
  files: BundleFile[];
  bytes: number;
  gzip: number;
  notes: string[];
}

function sizeOf(files: Iterable<string>): BundleMeasure {
  const list: BundleFile[] = [];
  for (const file of files) {
    const buf = fs.readFileSync(path.join(CLIENT_DIR, file));
    list.push({ file, bytes: buf.length, gzip: gzip9(buf) });
  }
  list.sort((a, b) => b.gzip - a.gzip);
  return {
    files: list,
    bytes: list.reduce((s, f) => s + f.bytes, 0),
    gzip: list.reduce((s, f) => s + f.gzip, 0),
    notes: [],
  };
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** index.html entry + modulepreloads, plus the static-import closure of the entry and the landing chunk. */
function bundleFromManifest(): BundleMeasure {
  const html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const files = new Set<string>();
  const isExternal = (url: string) => /^([a-z]+:)?\/\//i.test(url);
  const toFile = (url: string) => decodeURIComponent(url.replace(/[?#].*$/, '')).replace(/^\//, '');
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && !isExternal(src)) files.add(toFile(src));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && !isExternal(href) && /rel\s*=\s*["']modulepreload["']/i.test(tag)) files.add(toFile(href));
  }
  const notes: string[] = [];
  const manifestPath = path.join(CLIENT_DIR, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    notes.push(
      'no .vite/manifest.json (set build.manifest: true): index.html scripts only, landing chunk not included',
    );
  } else {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    // A chunk and everything it imports statically (dynamic imports load later, on demand).
    const seen = new Set<string>();
    const closure = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) return;
      files.add(chunk.file);
      for (const i of chunk.imports ?? []) closure(i);
    };
    const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
    if (!entries.length) notes.push('manifest has no entry chunk');
    for (const [key] of entries) closure(key);
    const landing = Object.entries(manifest).find(([key, c]) => (c.src ?? key).endsWith(LANDING_MODULE));
    if (landing) closure(landing[0]);
    else
      notes.push(
        `no chunk for ${LANDING_MODULE} in the manifest (the landing page is bundled into the entry, or moved)`,
      );
  }
  const js = [...files].filter((f) => f.endsWith('.js') || f.endsWith('.mjs'));
  const missing = js.filter((f) => !fs.existsSync(path.join(CLIENT_DIR, f)));
  if (missing.length)
    throw new Error(`files named by the build are missing from dist/client: ${missing.join(', ')}`);
  const measure = sizeOf(js);
  measure.notes.push(...notes);
  return measure;
}

/** The JavaScript Chromium really requests when it opens `/`. */
async function bundleFromChromium(baseUrl: string): Promise<BundleMeasure> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer | null>();
    const origin = new URL(baseUrl).origin;
    const pending: Array<Promise<void>> = [];
    page.on('response', (response) => {
      const req = response.request();
      const url = new URL(response.url());
      const isJs = req.resourceType() === 'script' || /\.m?js$/.test(url.pathname);
      if (!isJs || url.origin !== origin) return;
      pending.push(
        response.body().then(
          (body) => void scripts.set(url.pathname, response.ok() ? body : null),
          () => void scripts.set(url.pathname, null),
        ),
      );
    });
    try {
      await page.goto(baseUrl, { waitUntil: 'networkidle', timeout: 30_000 });
    } catch {
      await page.waitForLoadState('load', { timeout: 10_000 });
    }
    await sleep(500);
    await Promise.all(pending);
    const list: BundleFile[] = [];
    const notes: string[] = [];
    for (const [pathname, body] of scripts) {
      const file = decodeURIComponent(pathname).replace(/^\//, '');
      const onDisk = path.join(CLIENT_DIR, file);
      const buf = fs.existsSync(onDisk) && fs.statSync(onDisk).isFile() ? fs.readFileSync(onDisk) : body;
      if (!buf) {
        notes.push(`request for ${pathname} failed`);
        continue;
      }
      list.push({ file, bytes: buf.length, gzip: gzip9(buf) });
    }
    if (!list.length) throw new Error('Chromium loaded no same-origin JavaScript for /');
    list.sort((a, b) => b.gzip - a.gzip);
    return {
      files: list,
      bytes: list.reduce((s, f) => s + f.bytes, 0),
      gzip: list.reduce((s, f) => s + f.gzip, 0),
      notes,
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// Part 3: start-up on an existing embedded database

interface MainServer {
  port: number;
  pid: number;
  stop: () => Promise<number | null>;
  output: () => string;
}

/**
 * Spawns server/main.ts and returns once GET /api/health answers 200, with the elapsed time and the CPU
 * time the process used until then (a figure the machine's other load changes far less).
 */
async function startMain(dataDir: string): Promise<{ server: MainServer; ms: number; cpuMs: number | null }> {
  const port = await freePort();
  const started = performance.now();
  const node = spawnNode(SERVER_ENTRY, [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // A demo deployment, as the browser tests run it: the measured pages show the demo data.
    SEED_DEMO: 'true',
    ALLOW_DEMO_ACCOUNTS: 'true',
  });
  node.proc.stdout!.on('data', (d: Buffer) => node.appendOutput(d.toString()));
  let exited = false;
  void node.exited.then(() => (exited = true));
  const deadline = started + START_TIMEOUT_MS;
  for (;;) {
    if (exited)
      throw new Error(`server/main.ts exited before serving (exit ${node.proc.exitCode}):\n${node.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      await node.stop();
      throw new Error(
        `server/main.ts did not answer GET /api/health with 200 within ${START_TIMEOUT_MS / 1000} s:\n${node.output()}`,
      );
    }
    await sleep(25);
  }
  const ms = performance.now() - started;
  return {
    server: { port, pid: node.proc.pid!, stop: node.stop, output: node.output },
    ms,
    cpuMs: cpuMs(node.proc.pid!),
  };
}

interface StartupResult {
  firstStartMs: number;
  runsMs: number[];
  /** CPU time of each run until its first 200. */
  runsCpuMs: Array<number | null>;
  medianMs: number;
  pass: boolean;
}

async function startupPart(
  dataDir: string,
  runs: number,
): Promise<{ result: StartupResult; server: MainServer }> {
  progress('start-up: first start on an empty DATA_DIR (creates and seeds the embedded database)');
  const first = await startMain(dataDir);
  const code = await first.server.stop();
  if (code !== 0) throw new Error(`server/main.ts exited with ${code} on SIGTERM:\n${first.server.output()}`);
  const runsMs: number[] = [];
  const runsCpuMs: Array<number | null> = [];
  let server: MainServer | undefined;
  for (let i = 0; i < runs; i++) {
    progress(`start-up: start ${i + 1}/${runs} on the existing database`);
    const r = await startMain(dataDir);
    runsMs.push(r.ms);
    runsCpuMs.push(r.cpuMs);
    if (i < runs - 1) {
      const c = await r.server.stop();
      if (c !== 0) throw new Error(`server/main.ts exited with ${c} on SIGTERM:\n${r.server.output()}`);
    } else server = r.server;
  }
  const medianMs = median(runsMs);
  return {
    result: { firstStartMs: first.ms, runsMs, runsCpuMs, medianMs, pass: medianMs <= TARGETS.startupMs },
    server: server!,
  };
}

// ---------------------------------------------------------------------------------------------------
// Part 4: Lighthouse

interface FailingAudit {
  category: string;
  id: string;
  title: string;
  score: number | null;
  weight: number;
  displayValue?: string;
  /** What the audit points at (first few items: URL, link, element). */
  items: string[];
}
interface LighthouseRun {
  scores: Record<string, number>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}
interface LighthouseResult {
  version: string;
  /** Lighthouse's measure of this machine's CPU speed during the chosen run (a fast desktop ≈ 2000). */
  benchmarkIndex: number;
  url: string;
  runs: LighthouseRun[];
  median: LighthouseRun;
  pass: Record<string, boolean>;
  failingAudits: FailingAudit[];
  runWarnings: string[];
  /** Runs that Lighthouse could not complete (and were retried or skipped). */
  failedRuns: string[];
  reportHtml: string;
  reportJson: string;
}

/** Short descriptions of the first items of an audit's details table (URL, link text, element). */
function auditItems(details: unknown, baseUrl: string): string[] {
  const items = (details as { items?: unknown[] } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  const origin = new URL(baseUrl).origin;
  const local = (u: string) => (u.startsWith(origin) ? u.slice(origin.length) || '/' : u);
  return items.slice(0, 3).flatMap((raw) => {
    const item = raw as Record<string, unknown>;
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    const text = typeof item.text === 'string' ? ` "${item.text}"` : '';
    if (typeof item.href === 'string') return [`${local(item.href)}${text}`];
    if (typeof item.url === 'string') return [local(item.url)];
    if (node?.selector || node?.snippet) return [node.selector ?? node.snippet!];
    if (typeof item.source === 'object' && item.source && 'url' in item.source)
      return [local(String((item.source as { url: unknown }).url))];
    return [];
  });
}

async function lighthousePart(url: string): Promise<LighthouseResult> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
  const results: Array<{ lhr: Lhr; html: string; run: LighthouseRun }> = [];
  const once = async () => {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROME_FLAGS,
      logLevel: 'silent',
    });
    try {
      const out = await lighthouse(url, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!out) throw new Error('lighthouse returned no result');
      const { lhr } = out;
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const scores: Record<string, number> = {};
      for (const [id, cat] of Object.entries(lhr.categories)) scores[id] = Math.round((cat.score ?? 0) * 100);
      const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      return {
        lhr,
        html: Array.isArray(out.report) ? out.report[0]! : out.report,
        run: {
          scores,
          lcpMs: num('largest-contentful-paint'),
          fcpMs: num('first-contentful-paint'),
          tbtMs: num('total-blocking-time'),
          cls: num('cumulative-layout-shift'),
          speedIndexMs: num('speed-index'),
        },
      };
    } finally {
      chrome.kill();
    }
  };
  const failedRuns: string[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    // A busy machine sometimes spoils a trace (NO_NAVSTART, NO_FCP…): one retry per run.
    for (let attempt = 1; attempt <= 2; attempt++) {
      progress(
        `lighthouse: run ${i + 1}/${LIGHTHOUSE_RUNS}${attempt > 1 ? ' (retry)' : ''} (mobile preset) on ${url}`,
      );
      try {
        results.push(await once());
        break;
      } catch (error) {
        failedRuns.push(`run ${i + 1} attempt ${attempt}: ${errorMessage(error)}`);
        progress(`lighthouse: run failed: ${errorMessage(error)}`);
      }
    }
  }
  if (!results.length) throw new Error(`every Lighthouse run failed:\n${failedRuns.join('\n')}`);
  const perfs = results.map((r) => r.run.scores.performance ?? 0);
  const medianPerf = median(perfs);
  const chosen = results.reduce((best, r) =>
    Math.abs((r.run.scores.performance ?? 0) - medianPerf) <
    Math.abs((best.run.scores.performance ?? 0) - medianPerf)
      ? r
      : best,
  );
  const { lhr } = chosen;
  const pass: Record<string, boolean> = {};
  for (const [id, target] of Object.entries(TARGETS.lighthouse))
    pass[id] = (chosen.run.scores[id] ?? 0) >= target;

  const failingAudits: FailingAudit[] = [];
  for (const [catId, cat] of Object.entries(lhr.categories)) {
    const threshold = catId === 'performance' ? 0.9 : 1;
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      if (['notApplicable', 'informative', 'manual', 'error'].includes(audit.scoreDisplayMode)) continue;
      if (audit.score >= threshold) continue;
      failingAudits.push({
        category: catId,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        items: auditItems(audit.details, url),
      });
    }
  }
  failingAudits.sort((a, b) => a.category.localeCompare(b.category) || b.weight - a.weight);

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const reportHtml = path.join(RESULTS_DIR, 'lighthouse.html');
  const reportJson = path.join(RESULTS_DIR, 'lighthouse.json');
  fs.writeFileSync(reportHtml, chosen.html);
  fs.writeFileSync(reportJson, JSON.stringify(lhr));
  return {
    version: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    url,
    runs: results.map((r) => r.run),
    median: chosen.run,
    pass,
    failingAudits,
    runWarnings: lhr.runWarnings,
    failedRuns,
    reportHtml: path.relative(ROOT, reportHtml),
    reportJson: path.relative(ROOT, reportJson),
  };
}

// ---------------------------------------------------------------------------------------------------
// Orchestration

interface Results {
  date: string;
  machine: {
    node: string;
    cpus: number;
    cpuModel: string;
    chromium: string;
    loadAverage: number[];
    loadAverageEnd?: number[];
  };
  settings: { connections: number; durationS: number; warmupS: number; lighthouseRuns: number };
  build?: BuildResult;
  bundle?: {
    chromium?: BundleMeasure;
    manifest?: BundleMeasure;
    gzip?: number;
    measuredBy?: string;
    budget: number;
    pass?: boolean;
  };
  api?: { backends: BackendResult[] };
  invest?: { backends: InvestBackendResult[] };
  /** The lines bench/lifecycle.ts and bench/admin.ts printed (each runs as its own process). */
  lifecycle?: { lines: string[] };
  admin?: { lines: string[] };
  offers?: { backends: OffersBackendResult[] };
  startup?: StartupResult;
  /** VmHWM of the server/main.ts process that served the browser parts, read before stopping it. */
  mainServerPeakRssBytes?: number | null;
  lighthouse?: LighthouseResult;
  errors: Record<string, string>;
}

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

function report(r: Results) {
  const out: string[] = [];
  out.push(
    '',
    `HydroBridge bench · ${r.date} · Node ${r.machine.node} · ${r.machine.cpus} CPUs · ${r.machine.chromium}`,
  );
  const loads = (l: number[] | undefined) => (l ?? []).map((x) => x.toFixed(2)).join(' ');
  out.push(
    `load average (1/5/15 min) at start: ${loads(r.machine.loadAverage)} · at end: ${loads(r.machine.loadAverageEnd)}`,
  );
  if (Math.max(r.machine.loadAverage[0] ?? 0, r.machine.loadAverageEnd?.[0] ?? 0) > r.machine.cpus) {
    out.push(
      `WARNING: the machine was busy (load above ${r.machine.cpus}): timings and Lighthouse performance are noisy`,
    );
  }

  if (r.bundle) {
    out.push('', `Landing route JavaScript (gzip -9), budget ${kB(BUDGET_BYTES)}`);
    const rows: string[][] = [];
    for (const [by, m] of [
      ['chromium (requests for /)', r.bundle.chromium],
      ['index.html + manifest', r.bundle.manifest],
    ] as const) {
      if (!m) continue;
      rows.push([by, String(m.files.length), kB(m.bytes), kB(m.gzip), mark(m.gzip <= BUDGET_BYTES)]);
    }
    if (rows.length) out.push(table(['measured by', 'files', 'raw', 'gzip', 'budget'], rows, 'lrrrl'));
    const primary = r.bundle.chromium ?? r.bundle.manifest;
    if (primary) {
      out.push(`  files (${r.bundle.measuredBy}):`);
      for (const f of primary.files) out.push(`    ${kB(f.gzip).padStart(9)}  ${f.file}`);
      for (const n of [...(r.bundle.chromium?.notes ?? []), ...(r.bundle.manifest?.notes ?? [])])
        out.push(`  note: ${n}`);
      out.push(`  => ${kB(primary.gzip)} of ${kB(BUDGET_BYTES)}: ${mark(!!r.bundle.pass)}`);
    } else out.push('  FAIL: not measured (see errors)');
  }

  if (r.api) {
    out.push(
      '',
      `API throughput (autocannon, ${r.settings.connections} connections, ${r.settings.warmupS} s warm-up + ${r.settings.durationS} s, servers in child processes)`,
    );
    const rows: string[][] = [];
    for (const b of r.api.backends) {
      const row = (what: string, l: LoadResult, ratio: string, target: string, verdict: string) => [
        b.backend,
        what,
        l.reqPerSec.toFixed(0),
        l.p99Ms.toFixed(1),
        ratio,
        target,
        verdict,
      ];
      for (const v of b.views) {
        rows.push(row(`raw node:http, same ${v.bodyBytes} B (mean)`, v.raw, '1', '', ''));
        rows.push(row(v.label, v.app, v.ratio.toFixed(3), `≥ ${b.target}`, mark(v.pass)));
      }
      rows.push(
        row(
          `uncached: ${UNCACHED_PATHS.length} views cycled`,
          b.uncached,
          b.uncached.ratio.toFixed(3),
          '',
          '',
        ),
      );
      rows.push(
        row('GET /api/health', b.health, (b.health.reqPerSec / b.views[0]!.raw.reqPerSec).toFixed(3), '', ''),
      );
    }
    if (rows.length)
      out.push(table(['backend', 'server', 'req/s', 'p99 ms', 'ratio', 'target', ''], rows, 'llrrrll'));
    for (const b of r.api.backends) {
      out.push(
        `  ${b.backend}: ${b.campaigns} public campaigns · raw reference before / after the app: ` +
          b.views
            .map((v) => `${v.rawBefore.reqPerSec.toFixed(0)} / ${v.rawAfter.reqPerSec.toFixed(0)}`)
            .join(', ') +
          ` req/s · peak RSS of the app process (VmHWM): ${MB(b.peakRssBytes)}` +
          (b.backend === 'pglite'
            ? ` ${mark(b.peakRssBytes !== null && b.peakRssBytes <= TARGETS.embeddedPeakRssBytes)} (target ≤ ${MB(TARGETS.embeddedPeakRssBytes)})`
            : ''),
      );
    }
    for (const b of r.api.backends) {
      const { signin, health } = b.latency;
      out.push(
        `  ${b.backend}: sign-in (argon2id) p50 ${signin.p50Ms.toFixed(1)} ms, p95 ${signin.p95Ms.toFixed(1)} ms` +
          ` ${mark(signin.p50Ms <= TARGETS.signinP50Ms)} (target p50 ≤ ${TARGETS.signinP50Ms} ms)` +
          ` · GET /api/health p50 ${health.p50Ms.toFixed(1)} ms, p95 ${health.p95Ms.toFixed(1)} ms (${signin.samples} sequential requests each)`,
      );
    }
    if (!r.api.backends.length) out.push('  FAIL: not measured (see errors)');
  }

  if (r.offers) {
    out.push(...formatOffers(r.offers.backends));
    if (!r.offers.backends.length) out.push('  FAIL: not measured (see errors)');
  }

  if (r.invest) {
    out.push(...formatInvest(r.invest.backends, INVEST_SETTINGS));
    if (!r.invest.backends.length) out.push('  FAIL: not measured (see errors)');
  }

  if (r.lifecycle)
    out.push('', 'Campaign lifecycle (bench/lifecycle.ts)', ...r.lifecycle.lines.map((l) => `  ${l}`));

  if (r.startup) {
    const s = r.startup;
    out.push(
      '',
      'Start-up (spawn node dist/server/main.js, as npm start does → first 200 of GET /api/health)',
    );
    out.push(
      table(
        ['database', 'runs (ms)', 'median ms', 'target', ''],
        [
          [
            'empty DATA_DIR (create + migrate + seed)',
            s.firstStartMs.toFixed(0),
            s.firstStartMs.toFixed(0),
            '',
            '',
          ],
          [
            'existing DATA_DIR',
            s.runsMs.map((m) => m.toFixed(0)).join(' / '),
            s.medianMs.toFixed(0),
            `≤ ${TARGETS.startupMs}`,
            mark(s.pass),
          ],
        ],
        'lrrll',
      ),
    );
    out.push(
      `  CPU time of each start until its first 200 (user + system): ${s.runsCpuMs.map((m) => (m === null ? 'n/a' : m.toFixed(0))).join(' / ')} ms`,
    );
  }
  if (r.mainServerPeakRssBytes !== undefined) {
    const peak = r.mainServerPeakRssBytes;
    out.push(
      `  peak RSS of server/main.ts (VmHWM, after start-up and the browser runs): ${MB(peak)}` +
        ` ${mark(peak !== null && peak <= TARGETS.embeddedPeakRssBytes)} (target ≤ ${MB(TARGETS.embeddedPeakRssBytes)})`,
    );
  }

  if (r.lighthouse) {
    const l = r.lighthouse;
    out.push(
      '',
      `Lighthouse ${l.version} on ${l.url} (mobile preset; run with the median performance of ${l.runs.length})`,
    );
    out.push(
      table(
        ['category', 'score', 'target', '', 'all runs'],
        Object.entries(TARGETS.lighthouse).map(([id, target]) => [
          id,
          String(l.median.scores[id] ?? 'n/a'),
          target === 100 ? '100' : `≥ ${target}`,
          mark(!!l.pass[id]),
          l.runs.map((x) => x.scores[id] ?? '-').join(' / '),
        ]),
        'lrrll',
      ),
    );
    const m = l.median;
    out.push(
      `  LCP ${m.lcpMs.toFixed(0)} ms · FCP ${m.fcpMs.toFixed(0)} ms · TBT ${m.tbtMs.toFixed(0)} ms · CLS ${m.cls.toFixed(3)} · Speed Index ${m.speedIndexMs.toFixed(0)} ms` +
        `   (LCP of all runs: ${l.runs.map((x) => x.lcpMs.toFixed(0)).join(' / ')} ms)`,
    );
    out.push(
      `  Lighthouse benchmarkIndex (CPU speed of this machine in that run; fast desktop ≈ 2000): ${l.benchmarkIndex}`,
    );
    if (l.failingAudits.length) {
      out.push('  audits below their pass mark (performance < 0.9, others < 1), weight in the category:');
      for (const a of l.failingAudits) {
        out.push(
          `    ${a.category.padEnd(15)} ${a.id.padEnd(34)} score ${String(a.score).padEnd(5)} w${String(a.weight).padEnd(3)} ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`,
        );
        if (a.items.length) out.push(`${' '.repeat(65)}→ ${a.items.join(' · ')}`);
      }
    } else out.push('  no failing audits');
    for (const w of l.runWarnings) out.push(`  warning: ${w}`);
    for (const f of l.failedRuns) out.push(`  failed run (not counted): ${f}`);
    out.push(`  report: ${l.reportHtml} (JSON: ${l.reportJson})`);
  }

  const errs = Object.entries(r.errors);
  if (errs.length) {
    out.push('', 'Could not measure:');
    for (const [part, message] of errs) out.push(`  FAIL ${part}: ${message.split('\n').join('\n    ')}`);
  }
  out.push(
    '',
    `Results: ${path.relative(ROOT, path.join(RESULTS_DIR, 'latest.json'))} · took ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    '',
  );
  console.log(out.join('\n'));
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  await cleanupAll();
  process.exit(1);
});
