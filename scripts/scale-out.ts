// `npm run scale-out` (issue 20 §7): three HydroBridge instances on one PostgreSQL behind a round-robin
// proxy, as an operator would run them, and what must still hold:
//   1. 50 investors race for room for 10 $100 investments, each call landing on the next instance:
//      exactly 10 confirmed, the campaign never over-funded, the ledger sound;
//   2. the background jobs run once across instances: one sweep per cron minute (not three), and a
//      campaign the deadline sweep cancels has each of its payments refunded exactly once;
//   3. sessions and rate limits are shared: every instance knows every session, and wrong passwords are
//      counted together (the 11th in 15 minutes is refused, whichever instances saw the first ten);
//   4. a campaign list cached by an instance is stale for at most its stated 2 seconds.
// It prints its figures (the README quotes them) and exits 1 if any check fails. Takes about 3 minutes.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { and, count, eq } from 'drizzle-orm';
import { verifyLedger } from '../server/checks/ledger.ts';
import { openDatabase } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/prepare.ts';
import { campaigns, investments, payments, sandboxPaymentIntents } from '../server/db/schema/index.ts';
import { JOB_SCHEMA } from '../server/jobs/queue.ts';
import { callAs, invest100, loadInvestor, type LoadInvestor } from '../bench/investor-kit.ts';
import { cleanupAll, cleanups, sleep, spawnNode } from '../bench/common.ts';
import { freePort } from '../test/free-port.ts';
import { createCampaign, TEST_PASSWORD } from '../test/app.ts';
import { startPostgres } from '../test/postgres.ts';

const INSTANCES = 3;
const RACERS = 50;
const ROOM = 10;
const results: Array<{ check: string; pass: boolean; figure: string }> = [];
const record = (check: string, pass: boolean, figure: string) => {
  results.push({ check, pass, figure });
  console.log(`${pass ? '✔' : '✖'} ${check}: ${figure}`);
};

/** Forwards each request to the next instance in turn. */
function roundRobin(ports: number[]) {
  let next = 0;
  const hits = ports.map(() => 0);
  const server = http.createServer((req, res) => {
    const i = next++ % ports.length;
    hits[i]!++;
    const upstream = http.request(
      { host: '127.0.0.1', port: ports[i], path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return { server, hits };
}

async function main() {
  const pg = await startPostgres();
  cleanups.push(() => pg.stop());
  const database = await openDatabase({ databaseUrl: pg.url, poolSize: 4 });
  cleanups.push(() => database.close());
  await prepareDatabase(database, { seedDemo: false });
  const { db } = database;

  // Room for exactly ten $100 investments; a second campaign short of its target, its deadline soon.
  const race = await createCampaign(db, {
    title: 'Ten seats',
    targetAmount: '1000',
    minimumInvestment: '100',
    deadline: new Date(Date.now() + 30 * 86_400_000),
  });
  const lapsing = await createCampaign(db, {
    title: 'Lapsing cargo',
    targetAmount: '5000',
    minimumInvestment: '100',
    deadline: new Date(Date.now() + 150_000),
  });
  const investors: LoadInvestor[] = [];
  for (let i = 0; i < RACERS; i++) investors.push(await loadInvestor(db));

  const proxyPort = await freePort();
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  console.log(`starting ${INSTANCES} instances on PostgreSQL behind a round-robin proxy (:${proxyPort})…`);
  for (const port of ports) {
    const child = spawnNode('server/main.ts', [], {
      DATABASE_URL: pg.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    cleanups.push(child.stop);
    await until(
      async () => (await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null))?.ok === true,
      120_000,
    );
  }
  const proxy = roundRobin(ports);
  await new Promise<void>((resolve) => proxy.server.listen(proxyPort, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => proxy.server.close(resolve)));
  const base = `http://127.0.0.1:${proxyPort}`;
  const call = (token: string | null, method: string, path: string, body?: unknown) =>
    callAs(base, token, method, path, body);
  const invest = (investor: LoadInvestor, campaignId: string) => invest100(base, investor, campaignId);

  // 1. The race.
  const started = performance.now();
  const outcomes = await Promise.all(investors.map((investor) => invest(investor, race.id)));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const confirmed = outcomes.filter((o) => o === 'confirmed').length;
  const [raced] = await db.select().from(campaigns).where(eq(campaigns.id, race.id));
  const [{ n: rows } = { n: 0 }] = await db
    .select({ n: count() })
    .from(investments)
    .where(and(eq(investments.campaignId, race.id), eq(investments.status, 'confirmed')));
  record(
    `${RACERS} investors race for ${ROOM} seats across ${INSTANCES} instances`,
    confirmed === ROOM && rows === ROOM && raced!.raisedAmount === '1000.00',
    `${confirmed} confirmed, raised $${raced!.raisedAmount} of $1000.00, the others: ${tally(outcomes.filter((o) => o !== 'confirmed'))} (${seconds} s; proxy spread ${proxy.hits.join('/')})`,
  );

  // 2a. Ten investments in the lapsing campaign, then its deadline passes: a sweep cancels it.
  const lapsingOutcomes = await Promise.all(investors.slice(0, 10).map((i) => invest(i, lapsing.id)));
  const lapsingConfirmed = lapsingOutcomes.filter((o) => o === 'confirmed').length;
  console.log(`waiting for the deadline and the sweeps (about 2 minutes)…`);
  await until(async () => {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, lapsing.id));
    return row!.status === 'cancelled';
  }, 360_000);
  await until(async () => {
    const [left] = await db
      .select({ n: count() })
      .from(investments)
      .where(and(eq(investments.campaignId, lapsing.id), eq(investments.status, 'refunding')));
    return left!.n === 0;
  }, 120_000);
  const refunds = await db
    .select({
      amount: payments.amount,
      refunded: sandboxPaymentIntents.amountRefunded,
      status: payments.status,
    })
    .from(investments)
    .innerJoin(payments, eq(payments.id, investments.paymentId))
    .innerJoin(sandboxPaymentIntents, eq(sandboxPaymentIntents.id, payments.intentId))
    .where(eq(investments.campaignId, lapsing.id));
  const once = refunds.every((r) => r.status === 'refunded' && r.refunded === r.amount);
  record(
    'a campaign past its deadline is cancelled once and each payment refunded exactly once',
    lapsingConfirmed === 10 && refunds.length === 10 && once,
    `${refunds.filter((r) => r.refunded === r.amount).length} of ${refunds.length} payments refunded once (amount refunded = amount paid)`,
  );

  // 2b. One sweep per cron minute, whichever instance took it (a slot pg-boss sent twice is skipped).
  const { rows: sweeps } = await database.query(
    `select date_trunc('minute', created_on) as slot, count(*)::int as runs from ${JOB_SCHEMA}.job
     where name = 'sweeps' and not (coalesce(output, '{}'::jsonb) ? 'skipped') group by 1 order by 1`,
  );
  const perSlot = (sweeps as Array<{ runs: number }>).map((s) => s.runs);
  record(
    'scheduled jobs run once per slot across the instances',
    perSlot.length >= 2 && perSlot.every((n) => n === 1),
    `${perSlot.length} minutes, sweeps per minute: ${perSlot.join(', ')}`,
  );

  // 3. Sessions and rate limits.
  const me = await Promise.all(
    Array.from({ length: INSTANCES * 4 }, () => call(investors[0]!.token, 'GET', '/api/auth/me')),
  );
  record(
    'a session works on every instance',
    me.every((r) => r.status === 200),
    `${me.filter((r) => r.status === 200).length} of ${me.length} calls through the proxy signed in`,
  );
  const target = investors[RACERS - 1]!;
  let refusedAt = 0;
  for (let attempt = 1; attempt <= 12 && !refusedAt; attempt++) {
    const res = await call(null, 'POST', '/api/auth/signin', {
      email: target.email,
      password: `${TEST_PASSWORD}x`,
    });
    if (res.status === 429) refusedAt = attempt;
  }
  record(
    'wrong passwords are counted across instances',
    refusedAt === 11,
    `the ${refusedAt}th wrong password in a row was refused (429), the first ten spread over ${INSTANCES} instances`,
  );

  // 4. How stale a cached public list gets: a title changed in the database, read on every instance.
  await Promise.all(ports.map((port) => fetch(`http://127.0.0.1:${port}/api/campaigns?limit=20`)));
  await db.update(campaigns).set({ title: 'Ten seats, renamed' }).where(eq(campaigns.id, race.id));
  const changedAt = performance.now();
  const staleness = await Promise.all(
    ports.map(async (port) => {
      await until(
        async () => {
          const list = (await (
            await fetch(`http://127.0.0.1:${port}/api/campaigns?limit=20`)
          ).json()) as Array<{
            title: string;
          }>;
          return list.some((c) => c.title === 'Ten seats, renamed');
        },
        10_000,
        50,
      );
      return performance.now() - changedAt;
    }),
  );
  const worst = Math.max(...staleness);
  record(
    'a cached campaign list is stale for at most 2 s',
    worst <= 2_100,
    `the change showed on each instance after ${staleness.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
  );

  const breaks = await verifyLedger(db);
  record('the ledger is sound after it all', breaks.length === 0, `${breaks.length} breaks`);

  console.log(`\n${results.filter((r) => r.pass).length} of ${results.length} checks passed.`);
  if (results.some((r) => !r.pass)) process.exitCode = 1;
}

/** "intent 409 × 38, voided × 2": what the outcomes were, counted. */
function tally(outcomes: string[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o, (counts.get(o) ?? 0) + 1);
  return [...counts].map(([o, n]) => `${o} × ${n}`).join(', ') || 'none';
}

async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 500) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s`);
    await sleep(everyMs);
  }
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
