// Part 4 of `npm run bench` (bench/run.ts): Lighthouse on the landing page of the real server.
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from '../test/chromium.ts';
import { errorMessage, median, progress, ROOT } from './common.ts';
import { CHROME_FLAGS, LIGHTHOUSE_RUNS, RESULTS_DIR, TARGETS } from './settings.ts';

// ---------------------------------------------------------------------------------------------------
// Part 4: Lighthouse

export interface FailingAudit {
  category: string;
  id: string;
  title: string;
  score: number | null;
  weight: number;
  displayValue?: string;
  /** What the audit points at (first few items: URL, link, element). */
  items: string[];
}
export interface LighthouseRun {
  scores: Record<string, number>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}
export interface LighthouseResult {
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
export function auditItems(details: unknown, baseUrl: string): string[] {
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

export async function lighthousePart(url: string): Promise<LighthouseResult> {
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
