// `npm run bench`'s results: what one run measured, and the table it prints (bench/run.ts).
import path from 'node:path';
import { formatInvest } from './invest.ts';
import { formatOffers } from './offers.ts';
import { performance } from 'node:perf_hooks';
import { UNCACHED_PATHS, type BackendResult, type LoadResult } from './api.ts';
import { type InvestBackendResult } from './invest.ts';
import { type OffersBackendResult } from './offers.ts';
import { kB, mark, MB, ROOT, t0, table } from './common.ts';
import { BUDGET_BYTES, INVEST_SETTINGS, RESULTS_DIR, TARGETS } from './settings.ts';
import type { BundleMeasure } from './bundle-size.ts';
import type { StartupResult } from './startup.ts';
import type { LighthouseResult } from './lighthouse.ts';

export interface BuildResult {
  ok: boolean;
  built: boolean;
  error?: string;
}

export interface Results {
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

export function report(r: Results) {
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
