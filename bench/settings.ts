// `npm run bench`'s settings: its options, targets and where it reads and writes (bench/run.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './common.ts';
import { CHROMIUM_ARGS } from '../test/chromium.ts';

export const CLIENT_DIR = path.join(ROOT, 'dist', 'client');
export const RESULTS_DIR = path.join(import.meta.dirname, 'results');
export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
export const LANDING_MODULE = 'features/marketing/LandingPage.tsx';
export const BUDGET_BYTES = 130_000;
export const TARGETS = {
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

export const PARTS = [
  'bundle',
  'api',
  'offers',
  'invest',
  'lifecycle',
  'admin',
  'startup',
  'lighthouse',
] as const;
export type Part = (typeof PARTS)[number];

export const { values: opts } = parseArgs({
  options: {
    only: { type: 'string' },
    build: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    'lighthouse-runs': { type: 'string', default: '5' },
  },
});
export const only = new Set((opts.only ?? PARTS.join(',')).split(',').map((s) => s.trim()));
for (const p of only)
  if (!PARTS.includes(p as Part)) throw new Error(`--only: unknown part "${p}" (${PARTS.join(', ')})`);
export const wants = (p: Part) => only.has(p);
export const DURATION_S = Number(opts.duration);
export const WARMUP_S = Number(opts.warmup);
export const LIGHTHOUSE_RUNS = Math.max(1, Number(opts['lighthouse-runs']));
export const CONNECTIONS = 10;
export const INVEST_SETTINGS = {
  durationS: DURATION_S,
  concurrency: 10,
  ofFloorPostgres: TARGETS.investOfFloorPostgres,
};
