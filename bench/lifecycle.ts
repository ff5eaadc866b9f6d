// The lifecycle part of the benchmarks (issue 11), run with `node --import tsx bench/lifecycle.ts`:
// - completing a campaign of 1,000 investors in one transaction (distribution, ledger, statuses:
//   completeCampaign itself), on PGlite and on PostgreSQL, against a bare `INSERT … SELECT` of the
//   same 1,000 rows in the same run (ratio = reference time ÷ completion time, target ≥ 0.2);
// - the deadline sweep refunding 100 expired campaigns of 20 investors each (sandbox provider): total;
// - GET /api/portfolio of an investor with 500 investments, through the real app (inject): p50, p99.
// Set-up rows (users, campaigns, confirmed investments with their escrow and ledger postings) are
// written directly and are not timed; every run ends with verify-ledger, which must find nothing.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { verifyLedger } from '../server/checks/ledger.ts';
import { openDatabase, type Database } from '../server/db/connect.ts';
import { campaigns, escrowRecords, investments, users } from '../server/db/schema/index.ts';
import { inTransaction } from '../server/db/transaction.ts';
import { completeCampaign, sweepDeadlines } from '../server/features/lifecycle/service.ts';
import { accounts, postMany, transfer } from '../server/ledger/ledger.ts';
import { SandboxProvider } from '../server/payments/sandbox.ts';
import { startPostgres } from '../test/postgres.ts';
import { buildApp } from '../server/app.ts';
import { createSession, SESSION_COOKIE } from '../server/features/auth/sessions.ts';
import { median } from './common.ts';

const DAY = 86_400_000;

async function seedCampaign(
  database: Database,
  {
    investors,
    amount,
    status,
    deadline,
  }: { investors: number; amount: number; status: 'trading' | 'active'; deadline: Date },
) {
  const { db } = database;
  const [trader] = await db
    .insert(users)
    .values({ username: `t${randomUUID()}`, password: 'x', role: 'trader' })
    .returning();
  const people = await db
    .insert(users)
    .values(Array.from({ length: investors }, () => ({ username: `i${randomUUID()}`, password: 'x' })))
    .returning({ id: users.id });
  const target = investors * amount * (status === 'active' ? 2 : 1);
  const [campaign] = await db
    .insert(campaigns)
    .values({
      traderId: trader!.id,
      title: 'Bench cargo',
      tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
      targetAmount: String(target),
      raisedAmount: String(investors * amount),
      quantity: '100',
      buyPrice: '1.40',
      sellPrice: '5.60',
      status,
      deadline,
      investorCount: investors,
    })
    .returning();
  const rows = await db
    .insert(investments)
    .values(
      people.map((p) => ({
        investorId: p.id,
        campaignId: campaign!.id,
        amount: `${amount}.00`,
        shares: (amount / target).toFixed(6),
        provider: 'sandbox' as const,
        stripePaymentId: `pi_sb_bench_${randomUUID().replaceAll('-', '')}`,
        status: 'confirmed' as const,
        reservedUntil: new Date(),
        confirmedAt: new Date(),
      })),
    )
    .returning();
  await db
    .insert(escrowRecords)
    .values(rows.map((r) => ({ investmentId: r.id, campaignId: campaign!.id, amount: r.amount })));
  await inTransaction(db, (tx) =>
    postMany(
      tx,
      rows.map((r) =>
        transfer('investment', accounts.clearing('sandbox'), accounts.escrow(campaign!.id), r.amount, {
          campaignId: campaign!.id,
          investmentId: r.id,
          at: new Date(),
        }),
      ),
    ),
  );
  return campaign!;
}

async function timeCompletion(database: Database) {
  const campaign = await seedCampaign(database, {
    investors: 1000,
    amount: 100,
    status: 'trading',
    deadline: new Date(Date.now() - DAY),
  });
  const provider = new SandboxProvider(database.db);
  const start = performance.now();
  await inTransaction(database.db, async (tx) => {
    const [locked] = await tx.select().from(campaigns).where(eq(campaigns.id, campaign.id)).for('update');
    await completeCampaign(tx, provider, locked!, '12345.67', new Date());
  });
  const completion = performance.now() - start;
  // The reference: the same 1,000 rows, a bare INSERT … SELECT in one transaction.
  const refStart = performance.now();
  await inTransaction(database.db, (tx) =>
    tx.execute(sql`insert into bench_reference (investment_id, account, amount)
      select id, 'investor:' || investor_id, amount from investments where campaign_id = ${campaign.id}`),
  );
  const reference = performance.now() - refStart;
  // The floor of any completion: only the statuses it must write (1,000 investments paid out with
  // their profit share, 1,000 escrow records released), no distribution and no ledger. Measured on a
  // second campaign, so that both start from the same confirmed, held rows, and rolled back (the
  // ledger would not match them), so a slight underestimate.
  const twin = await seedCampaign(database, {
    investors: 1000,
    amount: 100,
    status: 'trading',
    deadline: new Date(Date.now() - DAY),
  });
  const rolledBack = new Error('rolled back');
  const floorStart = performance.now();
  await inTransaction(database.db, async (tx) => {
    await tx.execute(sql`update ${investments} set status = 'paid_out', profit_share = 1.23, updated_at = now()
      where campaign_id = ${twin.id} and status = 'confirmed'`);
    await tx.execute(sql`update ${escrowRecords} set status = 'released', updated_at = now()
      where campaign_id = ${twin.id} and status = 'held'`);
    throw rolledBack;
  }).catch((error: unknown) => {
    if (error !== rolledBack) throw error;
  });
  const floor = performance.now() - floorStart;
  return { completion, reference, floor };
}

async function measure(kind: string, database: Database) {
  await database.migrate();
  await database.db.execute(
    sql`create table if not exists bench_reference (investment_id uuid, account text, amount numeric(15,2))`,
  );
  await timeCompletion(database); // warm-up, not counted
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await timeCompletion(database));
  const completion = median(runs.map((r) => r.completion));
  const reference = median(runs.map((r) => r.reference));
  const floor = median(runs.map((r) => r.floor));

  const past = new Date(Date.now() - DAY);
  for (let i = 0; i < 100; i++)
    await seedCampaign(database, { investors: 20, amount: 100, status: 'active', deadline: past });
  const sweepStart = performance.now();
  const report = await sweepDeadlines(database.db, new SandboxProvider(database.db), new Date());
  const sweep = performance.now() - sweepStart;
  const breaks = await verifyLedger(database.db);
  const ratio = reference / completion;
  // The best ratio any completion could reach under this reference: its status writes alone.
  const best = reference / floor;
  const portfolio = await portfolioP50(database);
  console.log(
    `${kind.padEnd(10)} completion of 1,000 investors: ${completion.toFixed(1)} ms (median of 5); ` +
      `bare INSERT … SELECT of 1,000 rows: ${reference.toFixed(1)} ms; ratio ${ratio.toFixed(3)} ` +
      `(target ≥ 0.2: ${ratio >= 0.2 ? 'PASS' : 'FAIL'})`,
  );
  console.log(
    `${kind.padEnd(10)} floor, the status writes alone (1,000 investments + 1,000 escrow records, no ledger): ` +
      `${floor.toFixed(1)} ms; the best ratio any completion can reach: ${best.toFixed(3)}; ` +
      `completion at ${(floor / completion).toFixed(2)} of the floor`,
  );
  console.log(
    `${kind.padEnd(10)} deadline sweep: ${report.cancelled} campaigns, ${report.refunds} refunds in ` +
      `${(sweep / 1000).toFixed(2)} s; verify-ledger: ${breaks.length ? `${breaks.length} BREAKS` : 'sound'}`,
  );
  console.log(
    `${kind.padEnd(10)} GET /api/portfolio of an investor with 500 investments: p50 ${portfolio.p50.toFixed(1)} ms, ` +
      `p99 ${portfolio.p99.toFixed(1)} ms (${portfolio.runs} requests, one each)`,
  );
}

/** One investor with 500 confirmed investments over 100 campaigns; the real app answers GET /api/portfolio. */
async function portfolioP50(database: Database) {
  const { db } = database;
  const [investor] = await db
    .insert(users)
    .values({ username: `p${randomUUID()}`, password: 'x', role: 'investor' })
    .returning();
  const [trader] = await db
    .insert(users)
    .values({ username: `t${randomUUID()}`, password: 'x', role: 'trader' })
    .returning();
  const owned = await db
    .insert(campaigns)
    .values(
      Array.from({ length: 100 }, (_, i) => ({
        traderId: trader!.id,
        title: `Portfolio cargo ${i}`,
        tradeRoute:
          i % 2 ? 'Kandla, India → Rotterdam, Netherlands' : 'Kochi, India → Houston, United States',
        targetAmount: '100000',
        raisedAmount: '500.00',
        quantity: '100',
        buyPrice: '1.40',
        sellPrice: '5.60',
        status: 'active' as const,
        deadline: new Date(Date.now() + 30 * DAY),
        investorCount: 1,
      })),
    )
    .returning({ id: campaigns.id });
  await db.insert(investments).values(
    owned.flatMap((c) =>
      Array.from({ length: 5 }, () => ({
        investorId: investor!.id,
        campaignId: c.id,
        amount: '100.00',
        shares: '0.001000',
        provider: 'sandbox' as const,
        status: 'confirmed' as const,
        reservedUntil: new Date(),
        confirmedAt: new Date(),
      })),
    ),
  );
  const app = await buildApp({ database });
  const { token } = await createSession(db, investor!.id, { persistent: false });
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const start = performance.now();
    const res = await app.inject({
      url: '/api/portfolio',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    times.push(performance.now() - start);
    if (res.statusCode !== 200 || res.json<{ investments: unknown[] }>().investments.length !== 500)
      throw new Error(`portfolio answered ${res.statusCode}`);
  }
  // The app owns the database from here: closing it closes the database.
  await app.close();
  const sorted = times.slice(5).sort((a, b) => a - b);
  return { p50: median(sorted), p99: sorted[Math.floor(sorted.length * 0.99)]!, runs: sorted.length };
}

// measure() hands each database to the app at its end, which closes it.
await measure('PGlite', await openDatabase({ memory: true }));
const server = await startPostgres();
try {
  await measure(
    'PostgreSQL',
    await openDatabase({ databaseUrl: server.createDatabase('bench_lifecycle'), poolSize: 4 }),
  );
} finally {
  server.stop();
}
