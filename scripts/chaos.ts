// `npm run chaos [-- --kills N]` (issue 20 §6): one HydroBridge server on PostgreSQL under continuous
// load — investors paying into campaigns (intent, card, record), an admin cancelling funded campaigns
// (refund jobs, refund emails), campaigns filling up (funded emails) — killed with SIGKILL at random
// moments N times (default 200) and restarted. After every kill, before the restart, `verify-ledger`
// must pass on what the dead server left; at the end, once the restarted server has caught up, every
// payment is settled (none left held, refunding or recorded twice), every refund was made exactly once
// at the provider, every job finished, and every email queued was delivered once (none pending, none
// dead, none twice in the mailbox). Prints its figures (the README quotes them); exit 1 on any break.
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { verifyLedger } from '../server/checks/ledger.ts';
import { openDatabase } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/prepare.ts';
import {
  campaigns,
  emailOutbox,
  investments,
  outgoingEmails,
  payments,
  sandboxPaymentIntents,
} from '../server/db/schema/index.ts';
import { createSession } from '../server/features/accounts/index.ts';
import { JOB_SCHEMA } from '../server/jobs/queue.ts';
import { callAs, invest100, loadInvestor, type LoadInvestor } from '../bench/investor-kit.ts';
import { cleanupAll, cleanups, ROOT, SERVER_ENTRY, sleep, spawnNode } from '../bench/common.ts';
import { freePort } from '../test/free-port.ts';
import { createCampaign, createUser } from '../test/app.ts';
import { startPostgres } from '../test/postgres.ts';

const { values } = parseArgs({ options: { kills: { type: 'string', default: '200' } } });
const KILLS = Number(values.kills);
/** Each investor pays at most every 20 s: the intent cap (30 per 10 minutes) never stops the load. */
const INVESTORS = 90;
const PACE_MS = 20_000;

async function main() {
  if (!fs.existsSync(`${ROOT}/${SERVER_ENTRY}`)) throw new Error('Build the server first: npm run build');
  const pg = await startPostgres();
  cleanups.push(() => pg.stop());
  const database = await openDatabase({ databaseUrl: pg.url, poolSize: 4 });
  cleanups.push(() => database.close());
  await prepareDatabase(database, { seedDemo: false });
  const { db } = database;

  const admin = await createUser(db, { role: 'admin' });
  const adminToken = (await createSession(db, admin.id, { persistent: true }, new Date())).token;
  const investors: LoadInvestor[] = [];
  for (let i = 0; i < INVESTORS; i++) investors.push(await loadInvestor(db));
  /** Campaigns open to investing: each fills after 20 investments of $100 (funded emails). */
  const open: string[] = [];
  const newCampaign = async () => {
    const campaign = await createCampaign(db, {
      title: `Chaos cargo ${open.length + 1}`,
      targetAmount: '2000',
      minimumInvestment: '100',
      deadline: new Date(Date.now() + 30 * 86_400_000),
    });
    open.push(campaign.id);
  };
  for (let i = 0; i < 4; i++) await newCampaign();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ReturnType<typeof spawnNode> | undefined;
  const start = async () => {
    server = spawnNode(SERVER_ENTRY, [], {
      DATABASE_URL: pg.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'fatal',
    });
    cleanups.push(server.stop);
    const started = Date.now();
    while ((await fetch(`${base}/api/ready`).catch(() => null))?.ok !== true) {
      if (Date.now() - started > 120_000) throw new Error(`no restart in 120 s:\n${server.output()}`);
      await sleep(50);
    }
    return Date.now() - started;
  };
  const call = (token: string, method: string, path: string, body?: unknown) =>
    callAs(base, token, method, path, body);

  // The load: never stops, shrugs off a dead server (the requests in flight fail).
  const tally = { confirmed: 0, cancelled: 0, failedCalls: 0 };
  let running = true;
  const investLoop = async (investor: LoadInvestor, i: number) => {
    await sleep((i * PACE_MS) / INVESTORS);
    while (running) {
      const next = Date.now() + PACE_MS;
      try {
        const campaignId = open[randomInt(open.length)]!;
        if ((await invest100(base, investor, campaignId)) === 'confirmed') tally.confirmed++;
      } catch {
        tally.failedCalls++;
      }
      await sleep(Math.max(0, next - Date.now()));
    }
  };
  /** Every few seconds an admin cancels a funded campaign (refunds, refund emails); a new one opens. */
  const cancelLoop = async () => {
    while (running) {
      await sleep(3_000);
      try {
        const [funded] = await db
          .select({ id: campaigns.id })
          .from(campaigns)
          .where(and(inArray(campaigns.id, open), eq(campaigns.status, 'funded')))
          .limit(1);
        if (!funded) continue;
        const res = await call(adminToken, 'POST', `/api/campaigns/${funded.id}/transitions`, {
          to: 'cancelled',
          reason: 'Chaos: the carrier withdrew',
        });
        if (res.status === 200) {
          tally.cancelled++;
          open.splice(open.indexOf(funded.id), 1);
          await newCampaign();
        }
      } catch {
        tally.failedCalls++;
      }
    }
  };

  const startups: number[] = [await start()];
  const loads = [...investors.map((investor, i) => investLoop(investor, i)), cancelLoop()];
  const ledgerBreaks: string[] = [];
  console.log(`killing the server ${KILLS} times under load…`);
  for (let kill = 1; kill <= KILLS; kill++) {
    await sleep(300 + randomInt(2_500));
    server!.proc.kill('SIGKILL');
    await server!.exited;
    const breaks = await verifyLedger(db);
    if (breaks.length) ledgerBreaks.push(`after kill ${kill}: ${breaks[0]!.check}: ${breaks[0]!.detail}`);
    startups.push(await start());
    if (kill % 20 === 0)
      console.log(
        `  ${kill} kills, ${tally.confirmed} investments confirmed, ${tally.cancelled} campaigns cancelled, ${ledgerBreaks.length} ledger breaks`,
      );
  }
  running = false;
  await Promise.all(loads);

  // The restarted server catches up: sweeps (every minute) and jobs finish what the kills left.
  console.log('letting the last server catch up (sweeps, jobs, emails)…');
  const settled = async () => {
    const [open] = await db
      .select({ n: count() })
      .from(payments)
      .where(inArray(payments.status, ['authorized', 'voiding', 'refunding']));
    const { rows } = await database.query(
      `select count(*)::int as n from ${JOB_SCHEMA}.job where state in ('created','retry','active') and name not like '%.dead' and name not in ('sweeps','housekeeping','ledger.verify','email.deliver')`,
    );
    const [mail] = await db
      .select({ n: count() })
      .from(outgoingEmails)
      .where(inArray(outgoingEmails.status, ['pending', 'sending']));
    return open!.n === 0 && (rows[0] as { n: number }).n === 0 && mail!.n === 0;
  };
  const deadline = Date.now() + 8 * 60_000;
  while (!(await settled()) && Date.now() < deadline) await sleep(2_000);

  const [left] = await db
    .select({ n: count() })
    .from(payments)
    .where(inArray(payments.status, ['authorized', 'voiding', 'refunding']));
  const refunded = await db
    .select({ amount: payments.amount, refunded: sandboxPaymentIntents.amountRefunded })
    .from(payments)
    .innerJoin(sandboxPaymentIntents, eq(sandboxPaymentIntents.id, payments.intentId))
    .where(eq(payments.status, 'refunded'));
  const wrongRefunds = refunded.filter((r) => r.refunded !== r.amount).length;
  const twice = await db
    .select({ paymentId: investments.paymentId, n: count() })
    .from(investments)
    .groupBy(investments.paymentId)
    .having(sql`count(*) > 1`);
  const { rows: jobRows } = await database.query(
    `select state, count(*)::int as n from ${JOB_SCHEMA}.job where name in ('money.refunds','money.payouts') group by state`,
  );
  const jobs = Object.fromEntries(
    (jobRows as Array<{ state: string; n: number }>).map((r) => [r.state, r.n]),
  );
  const { rows: deadRows } = await database.query(
    `select count(*)::int as n from ${JOB_SCHEMA}.job where name like '%.dead'`,
  );
  const emails = await db
    .select({ status: outgoingEmails.status, n: count() })
    .from(outgoingEmails)
    .groupBy(outgoingEmails.status);
  const byStatus = Object.fromEntries(emails.map((e) => [e.status, e.n]));
  const [mailbox] = await db
    .select({ n: count(), distinct: sql<number>`count(distinct ${emailOutbox.messageId})::int` })
    .from(emailOutbox);
  const finalBreaks = await verifyLedger(db);
  const lost = (byStatus.pending ?? 0) + (byStatus.sending ?? 0) + (byStatus.dead ?? 0);
  const sorted = [...startups].sort((a, b) => a - b);

  const checks: Array<[string, boolean, string]> = [
    [
      'verify-ledger after every kill',
      ledgerBreaks.length === 0,
      `${ledgerBreaks.length} breaks in ${KILLS} kills`,
    ],
    ['verify-ledger at the end', finalBreaks.length === 0, `${finalBreaks.length} breaks`],
    ['no payment left in flight', left!.n === 0, `${left!.n} held, voiding or refunding`],
    [
      'each refund made exactly once at the provider',
      wrongRefunds === 0,
      `${refunded.length - wrongRefunds} of ${refunded.length} refunded payments refunded exactly their amount`,
    ],
    ['no payment recorded twice', twice.length === 0, `${twice.length} payments behind two investments`],
    [
      'every refund and payout job finished',
      (jobs.created ?? 0) + (jobs.retry ?? 0) + (jobs.active ?? 0) === 0 &&
        (deadRows[0] as { n: number }).n === 0,
      `${JSON.stringify(jobs)}, ${(deadRows[0] as { n: number }).n} dead`,
    ],
    [
      'no email lost, none delivered twice',
      lost === 0 && mailbox!.n === mailbox!.distinct && mailbox!.n === (byStatus.sent ?? 0),
      `${byStatus.sent ?? 0} sent, ${lost} pending or dead; mailbox ${mailbox!.n} (${mailbox!.distinct} distinct)`,
    ],
  ];
  console.log(
    `\n${KILLS} kills under load: ${tally.confirmed} investments confirmed, ${tally.cancelled} campaigns cancelled, ${tally.failedCalls} calls cut off; restart to ready: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms`,
  );
  for (const [check, pass, figure] of checks) console.log(`${pass ? '✔' : '✖'} ${check}: ${figure}`);
  for (const line of ledgerBreaks.slice(0, 5)) console.log(`  ${line}`);
  if (checks.some(([, pass]) => !pass)) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
