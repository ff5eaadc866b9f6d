// The lifecycle part of `npm run bench` (issue 11), in this process on each database (PGlite in a temp
// dir, then a fresh PostgreSQL), with the app built on it and driven through its own services:
// - Completion: a trading campaign with 1,000 investors (each invested through the real intent →
//   sandbox confirm → record calls) is completed in one transaction (distribution, ledger, statuses),
//   timed from BEGIN to COMMIT (the investors' emails, sent after it, are not part of it); the reference is a bare `INSERT … SELECT` of the same 1,000 rows (the campaign's
//   investments copied to a scratch table) in one transaction on the same database, timed 5 times
//   before and 5 times after; ratio = median reference ÷ completion (target ≥ 0.2).
// - Deadline sweep: 100 campaigns of 20 investors each pass their deadline unfunded; one sweep
//   cancels all of them and refunds all 2,000 investments (provider refund + ledger), timed.
// `verify-ledger` must pass afterwards, or the part fails.
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../server/app.ts';
import { buildApp } from '../server/app.ts';
import { verifyLedger } from '../server/checks/ledger.ts';
import { openDatabase, type Database } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { campaigns } from '../server/db/schema/index.ts';
import { inTransaction } from '../server/db/transaction.ts';
import {
  completeCampaign,
  sweepDeadlines,
  transitionCampaign,
} from '../server/features/lifecycle/service.ts';
import { createCampaign } from '../test/app.ts';
import { investIn, signedInAs, type Actor } from '../test/investing.ts';
import { cleanups, errorMessage, mark, median, progress, table, tempDir } from './common.ts';

const COMPLETION_INVESTORS = 1_000;
const SWEEP_CAMPAIGNS = 100;
const SWEEP_INVESTORS = 20;
const AMOUNT = '1000.00';
const DAY_MS = 86_400_000;
const REFERENCE_RUNS = 5;

export interface LifecycleBackendResult {
  backend: 'pglite' | 'postgres';
  completion: { investors: number; ms: number; referenceMs: number; ratio: number; pass: boolean };
  sweep: { campaigns: number; refunds: number; ms: number };
  ledgerOk: boolean;
}

/** `count` investors, `AMOUNT` each, through the three calls of spec §4; throws on any refusal. */
async function fill(app: App, investors: Actor[], campaignId: string, count: number) {
  const batch = 10;
  for (let i = 0; i < count; i += batch) {
    await Promise.all(
      investors.slice(i, Math.min(i + batch, count)).map(async (investor) => {
        const { record } = await investIn(app, investor, { id: campaignId }, AMOUNT);
        if (!record || record.statusCode >= 300) throw new Error(`investing failed: ${record?.body}`);
      }),
    );
  }
}

/** The bare reference: the campaign's investments copied into a scratch table, in one transaction. */
async function referenceMs(app: App, campaignId: string): Promise<number> {
  const started = performance.now();
  await app.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into bench_lifecycle_copy (investment_id, investor_id, amount)
        select id, investor_id, amount from investments where campaign_id = ${campaignId}`,
    );
  });
  return performance.now() - started;
}

async function measure(backend: 'pglite' | 'postgres', database: Database): Promise<LifecycleBackendResult> {
  await prepareDatabase(database, { seedDemo: false });
  let now = new Date();
  const app = await buildApp({ database, clock: () => now });
  try {
    await app.db.execute(
      sql`create table if not exists bench_lifecycle_copy (id bigserial primary key, investment_id uuid not null, investor_id uuid not null, amount numeric(15,2) not null)`,
    );
    const trader = await signedInAs(app, 'trader');
    progress(`${backend}: lifecycle — ${COMPLETION_INVESTORS} investors`);
    const investors: Actor[] = [];
    for (let i = 0; i < COMPLETION_INVESTORS; i++) investors.push(await signedInAs(app, 'investor'));

    // Completion of 1,000 investors.
    const target = (COMPLETION_INVESTORS * Number(AMOUNT)).toFixed(2);
    const big = await createCampaign(app.db, {
      traderId: trader.user.id,
      targetAmount: target,
      minimumInvestment: '100',
      deadline: new Date(now.getTime() + 30 * DAY_MS),
    });
    progress(`${backend}: lifecycle — ${COMPLETION_INVESTORS} investments through the real flow`);
    await fill(app, investors, big.id, COMPLETION_INVESTORS);
    const traderUser = { id: trader.user.id, role: trader.user.role, emailVerified: true };
    await transitionCampaign(app.db, app.payments, traderUser, big.id, { to: 'trading' }, now);
    const before: number[] = [];
    for (let i = 0; i < REFERENCE_RUNS; i++) before.push(await referenceMs(app, big.id));
    progress(`${backend}: lifecycle — completing the campaign`);
    // The transaction alone (lock, distribution, ledger, statuses, COMMIT): the route adds the
    // checks before it and the investors' emails after it.
    const started = performance.now();
    await inTransaction(app.db, async (tx) => {
      const [locked] = await tx.select().from(campaigns).where(eq(campaigns.id, big.id)).for('update');
      await completeCampaign(tx, app.payments, locked!, '123456.78', now);
    });
    const completionMs = performance.now() - started;
    const after: number[] = [];
    for (let i = 0; i < REFERENCE_RUNS; i++) after.push(await referenceMs(app, big.id));
    const [status] = await app.db
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, big.id));
    if (status?.status !== 'completed') throw new Error(`campaign not completed: ${status?.status}`);
    const reference = median([...before, ...after]);

    // The deadline sweep: 100 campaigns × 20 investors, all past their deadline unfunded.
    progress(`${backend}: lifecycle — ${SWEEP_CAMPAIGNS} × ${SWEEP_INVESTORS} investments to expire`);
    for (let c = 0; c < SWEEP_CAMPAIGNS; c++) {
      const campaign = await createCampaign(app.db, {
        traderId: trader.user.id,
        targetAmount: '100000000.00',
        minimumInvestment: '100',
        deadline: new Date(now.getTime() + DAY_MS),
      });
      const backers = investors.slice((c * SWEEP_INVESTORS) % COMPLETION_INVESTORS);
      await fill(app, backers, campaign.id, SWEEP_INVESTORS);
    }
    now = new Date(now.getTime() + 2 * DAY_MS);
    progress(`${backend}: lifecycle — sweeping`);
    const sweepStarted = performance.now();
    const swept = await sweepDeadlines(app.db, app.payments, now);
    const sweepMs = performance.now() - sweepStarted;
    if (swept.cancelled !== SWEEP_CAMPAIGNS || swept.refunds !== SWEEP_CAMPAIGNS * SWEEP_INVESTORS)
      throw new Error(`sweep cancelled ${swept.cancelled} campaigns, refunded ${swept.refunds}`);

    const ledger = await verifyLedger(app.db);
    const ratio = reference / completionMs;
    return {
      backend,
      completion: {
        investors: COMPLETION_INVESTORS,
        ms: completionMs,
        referenceMs: reference,
        ratio,
        pass: ratio >= 0.2,
      },
      sweep: { campaigns: swept.cancelled, refunds: swept.refunds, ms: sweepMs },
      ledgerOk: ledger.length === 0,
    };
  } finally {
    await app.close();
  }
}

export async function lifecyclePart() {
  const backends: LifecycleBackendResult[] = [];
  const errors: string[] = [];
  try {
    const database = await openDatabase({ dataDir: tempDir('hydrobridge-bench-lifecycle-') });
    backends.push(await measure('pglite', database));
  } catch (error) {
    errors.push(`pglite: ${errorMessage(error)}`);
  }
  try {
    const { startPostgres } = await import('../test/postgres.ts');
    const pg = await startPostgres();
    cleanups.push(() => pg.stop());
    const database = await openDatabase({ databaseUrl: pg.createDatabase('hydrobridge_bench_lifecycle') });
    backends.push(await measure('postgres', database));
    pg.stop();
  } catch (error) {
    errors.push(`postgres: ${errorMessage(error)}`);
  }
  return { backends, errors };
}

export function formatLifecycle(backends: LifecycleBackendResult[]): string[] {
  return [
    '',
    `Campaign lifecycle (in process, the app's services; reference = bare INSERT … SELECT of the same ${COMPLETION_INVESTORS} rows, median of ${2 * REFERENCE_RUNS})`,
    table(
      ['backend', 'completion ms', 'reference ms', 'ratio', 'target', '', 'sweep 100 × 20 ms', 'ledger'],
      backends.map((b) => [
        b.backend,
        b.completion.ms.toFixed(0),
        b.completion.referenceMs.toFixed(1),
        b.completion.ratio.toFixed(3),
        '≥ 0.2',
        mark(b.completion.pass),
        `${b.sweep.ms.toFixed(0)} (${b.sweep.refunds} refunds)`,
        b.ledgerOk ? 'verified' : 'BROKEN',
      ]),
      'lrrrllll',
    ),
  ];
}
