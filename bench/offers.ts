// The /buyer/offers part of `npm run bench` (issue 13): GET /api/listings on 10,000 listings with two
// filters (availability, certification) and a sort (lowest price), one page of 12, against a raw
// node:http server answering the app's exact bytes (before and after), as the campaign list part does
// (bench/api.ts). Ratio = app req/s ÷ mean raw req/s; p99 of each reported.
import { TOTAL_COUNT_HEADER } from '../domain/campaigns.ts';
import { measureView, type ApiSettings, type ViewResult } from './api.ts';
import { cleanups, errorMessage, progress, startServeChild, tempDir } from './common.ts';
import { BENCH_LISTINGS, OFFERS_VIEW_PATH } from './listing-data.ts';

export interface OffersBackendResult {
  backend: 'pglite' | 'postgres';
  listings: number;
  matching: number;
  view: ViewResult;
}

async function offersOn(cfg: ApiSettings, backend: 'pglite' | 'postgres', appArgs: string[]) {
  progress(`${backend}: starting the app (demo seed + ${BENCH_LISTINGS} listings)`);
  const app = await startServeChild(['app', ...appArgs, '--listings', String(BENCH_LISTINGS)]);
  try {
    const appUrl = `http://127.0.0.1:${app.port}`;
    const count = async (path: string) =>
      Number((await fetch(appUrl + path)).headers.get(TOTAL_COUNT_HEADER));
    const listings = await count('/api/listings?limit=1');
    const matching = await count(OFFERS_VIEW_PATH);
    const target = backend === 'pglite' ? cfg.ratioPglite : cfg.ratioPostgres;
    const view = await measureView(
      cfg,
      backend,
      appUrl,
      { label: `GET ${OFFERS_VIEW_PATH}`, path: OFFERS_VIEW_PATH },
      target,
    );
    return { backend, listings, matching, view };
  } finally {
    await app.stop();
  }
}

export async function offersPart(
  cfg: ApiSettings,
): Promise<{ backends: OffersBackendResult[]; errors: string[] }> {
  const backends: OffersBackendResult[] = [];
  const errors: string[] = [];
  try {
    backends.push(
      await offersOn(cfg, 'pglite', ['--db', 'pglite', '--data-dir', tempDir('hydrobridge-bench-offers-')]),
    );
  } catch (error) {
    errors.push(`pglite: ${errorMessage(error)}`);
  }
  try {
    const { startPostgres } = await import('../test/postgres.ts');
    const pg = await startPostgres();
    cleanups.push(() => pg.stop());
    backends.push(
      await offersOn(cfg, 'postgres', ['--db', 'postgres', '--url', pg.createDatabase('hydrobridge_offers')]),
    );
    pg.stop();
  } catch (error) {
    errors.push(`postgres: ${errorMessage(error)}`);
  }
  return { backends, errors };
}

export function formatOffers(backends: OffersBackendResult[]): string[] {
  const out = ['', '/buyer/offers: GET /api/listings, two filters + a sort, vs raw node:http (issue 13)'];
  for (const b of backends) {
    const v = b.view;
    out.push(
      `  ${b.backend}: ${b.listings} listings (${b.matching} match) · app ${v.app.reqPerSec.toFixed(0)} req/s (p99 ${v.app.p99Ms} ms) · raw ${v.raw.reqPerSec.toFixed(0)} req/s (p99 ${v.raw.p99Ms} ms) · ratio ${v.ratio.toFixed(3)} (target ≥ ${b.backend === 'pglite' ? '0.05' : '0.12'}) ${v.pass ? 'PASS' : 'FAIL'}`,
    );
  }
  return out;
}
