// The lifecycle part of the benchmarks (issues 11 and 18), run with `node --import tsx bench/lifecycle.ts`:
// - distributing the paid settlement of a campaign of 1,000 investors in one transaction (the ledger's
//   one distribution posting, investments paid out, escrow records released, the campaign completed:
//   money/settlement.ts `distribute` itself), on PGlite and on PostgreSQL, against the floor of its
//   status writes alone (1,000 investments + 1,000 escrow records) in the same run: target ≤ 3× the
//   floor (issue 18); and against a bare `INSERT … SELECT` of the same 1,000 rows (issue 11's ratio);
// - the deadline sweep refunding 100 expired campaigns of 20 investors each (sandbox provider): total;
// - GET /api/portfolio of an investor with 500 investments, through the real app (inject): p50, p99.
// Set-up rows (users, campaigns, payments captured at the sandbox, investments with their escrow
// records and ledger postings, the release and the settlement paid in) are written directly and are
// not timed; every run ends with verify-ledger reconciled against the sandbox, which must find nothing.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { verifyLedger } from '../server/checks/ledger.ts';
import { openDatabase, type Database } from '../server/db/connect.ts';
import {
  campaignReleases,
  campaigns,
  escrowRecords,
  investments,
  payments,
  sandboxPaymentIntents,
  settlements,
  users,
} from '../server/db/schema/index.ts';
import { inTransaction } from '../server/db/transaction.ts';
import { createMoney } from '../server/compose.ts';
import { sweepDeadlines } from '../server/features/campaigns/index.ts';
import { settlementFigures } from '../domain/money-out.ts';
import { accounts, post, postMany, transfer } from '../server/features/money/index.ts';
import { distribute } from '../server/features/money/index.ts';
import { SandboxProvider } from '../server/features/money/index.ts';
import { startPostgres } from '../test/postgres.ts';
import { buildApp } from '../server/app.ts';
import { createSession, SESSION_COOKIE } from '../server/features/accounts/index.ts';
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
  // Each investment paid by a card the sandbox captured, as the money module leaves it.
  const intents = people.map(() => `pi_sb_bench_${randomUUID().replaceAll('-', '')}`);
  await db.insert(sandboxPaymentIntents).values(
    intents.map((id, k) => ({
      id,
      amount: `${amount}.00`,
      status: 'succeeded' as const,
      amountCaptured: `${amount}.00`,
      metadata: { payerId: people[k]!.id },
      clientSecretHash: 'bench',
    })),
  );
  const paid = await db
    .insert(payments)
    .values(
      people.map((p, k) => ({
        purpose: 'investment' as const,
        payerId: p.id,
        amount: `${amount}.00`,
        provider: 'sandbox' as const,
        intentId: intents[k]!,
        status: 'captured' as const,
        capturedAt: new Date(),
      })),
    )
    .returning({ id: payments.id });
  const rows = await db
    .insert(investments)
    .values(
      people.map((p, k) => ({
        investorId: p.id,
        campaignId: campaign!.id,
        amount: `${amount}.00`,
        shares: (amount / target).toFixed(6),
        paymentId: paid[k]!.id,
        termsVersion: 1,
        status: 'confirmed' as const,
        confirmedAt: new Date(),
      })),
    )
    .returning();
  const trading = status === 'trading';
  await db.insert(escrowRecords).values(
    rows.map((r) => ({
      investmentId: r.id,
      campaignId: campaign!.id,
      amount: r.amount,
      releasedAmount: trading ? r.amount : '0',
    })),
  );
  const [release] = await db
    .insert(campaignReleases)
    .values({
      campaignId: campaign!.id,
      seq: 0,
      trigger: 'trading',
      percent: '100',
      status: trading ? 'released' : 'scheduled',
      amount: trading ? String(investors * amount) : null,
      releasedAt: trading ? new Date() : null,
    })
    .returning();
  await inTransaction(db, async (tx) => {
    await postMany(
      tx,
      rows.map((r, k) =>
        transfer('investment', accounts.clearing('sandbox'), accounts.escrow(campaign!.id), r.amount, {
          campaignId: campaign!.id,
          investmentId: r.id,
          paymentId: paid[k]!.id,
          at: new Date(),
        }),
      ),
    );
    // A trading campaign's escrow went to its trader (then to their bank: not needed here).
    if (trading)
      await post(
        tx,
        transfer(
          'release',
          accounts.escrow(campaign!.id),
          accounts.trader(trader!.id),
          String(investors * amount),
          {
            campaignId: campaign!.id,
            releaseId: release!.id,
            at: new Date(),
          },
        ),
      );
  });
  return campaign!;
}

/** The trader's settlement of a trading campaign, approved and paid in by bank transfer (not timed). */
async function paidSettlement(database: Database, campaign: typeof campaigns.$inferSelect) {
  const figures = settlementFigures({
    actualProfit: '12345.67',
    targetAmount: campaign.targetAmount,
    principal: campaign.raisedAmount,
    disbursed: campaign.raisedAmount,
  });
  const [payment] = await database.db
    .insert(payments)
    .values({
      purpose: 'settlement',
      payerId: campaign.traderId,
      amount: figures.amountDue,
      source: 'bank_transfer',
      status: 'captured',
      capturedAt: new Date(),
    })
    .returning();
  const [settlement] = await database.db
    .insert(settlements)
    .values({
      campaignId: campaign.id,
      status: 'approved',
      actualProfit: '12345.67',
      ...figures,
      declaredBy: campaign.traderId,
      declaredAt: new Date(),
      paymentId: payment!.id,
    })
    .returning();
  await inTransaction(database.db, (tx) =>
    post(
      tx,
      transfer(
        'settlement_payment',
        accounts.clearing('bank'),
        accounts.settlement(campaign.id),
        figures.amountDue,
        {
          campaignId: campaign.id,
          paymentId: payment!.id,
          at: new Date(),
        },
      ),
    ),
  );
  return settlement!;
}

async function timeCompletion(database: Database) {
  const campaign = await seedCampaign(database, {
    investors: 1000,
    amount: 100,
    status: 'trading',
    deadline: new Date(Date.now() - DAY),
  });
  const settlement = await paidSettlement(database, campaign);
  const start = performance.now();
  await inTransaction(database.db, async (tx) => {
    const [locked] = await tx.select().from(campaigns).where(eq(campaigns.id, campaign.id)).for('update');
    await distribute(tx, locked!, settlement, new Date());
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
  const sandbox = new SandboxProvider(database.db);
  const report = await sweepDeadlines(createMoney(database.db, sandbox));
  const sweep = performance.now() - sweepStart;
  const breaks = await verifyLedger(database.db, sandbox);
  const ratio = reference / completion;
  // The best ratio any distribution could reach under this reference: its status writes alone.
  const best = reference / floor;
  const timesFloor = completion / floor;
  const portfolio = await portfolioP50(database);
  console.log(
    `${kind.padEnd(10)} settlement distribution to 1,000 investors: ${completion.toFixed(1)} ms (median of 5); ` +
      `floor, its status writes alone (1,000 investments + 1,000 escrow records): ${floor.toFixed(1)} ms; ` +
      `${timesFloor.toFixed(2)}× the floor (target ≤ 3: ${timesFloor <= 3 ? 'PASS' : 'FAIL'})`,
  );
  console.log(
    `${kind.padEnd(10)} bare INSERT … SELECT of 1,000 rows: ${reference.toFixed(1)} ms; reference ÷ distribution ` +
      `${ratio.toFixed(3)}; the best ratio any distribution can reach (reference ÷ floor): ${best.toFixed(3)}`,
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
  const paid = await db
    .insert(payments)
    .values(
      Array.from({ length: 500 }, () => ({
        purpose: 'investment' as const,
        payerId: investor!.id,
        amount: '100.00',
        source: 'balance' as const,
        status: 'captured' as const,
      })),
    )
    .returning({ id: payments.id });
  await db.insert(investments).values(
    owned.flatMap((c, i) =>
      Array.from({ length: 5 }, (_, k) => ({
        investorId: investor!.id,
        campaignId: c.id,
        amount: '100.00',
        shares: '0.001000',
        paymentId: paid[i * 5 + k]!.id,
        termsVersion: 1,
        status: 'confirmed' as const,
        confirmedAt: new Date(),
      })),
    ),
  );
  const app = await buildApp({ database });
  const { token } = await createSession(db, investor!.id, { persistent: false }, new Date());
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
