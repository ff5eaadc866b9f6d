// The admin console at scale (issue 12's numbers): 100,000 users and 200,000 escrow records in an
// embedded database (or DATABASE_URL), one request per dashboard panel (p50 of 20), and the KYC-audit
// export of 100,000 rows over real HTTP with the server's RSS growth sampled while it streams.
//   node --import tsx bench/admin.ts
// Rows are inserted with generate_series (no ledger postings: the ledger is not what is measured).
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/prepare.ts';
import { createSession, SESSION_COOKIE } from '../server/features/accounts/index.ts';
import { median } from './common.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ESCROW = Number(process.env.BENCH_ESCROW ?? 200_000);

const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { memory: true },
);
await prepareDatabase(database, { seedDemo: false });
const { db } = database;
const t = performance.now();
await db.execute(sql`insert into users (username, password, role, email, email_verified, first_name, last_name, country, kyc_status, account_status, created_at)
  select 'u' || g, 'x', (array['investor','trader','buyer'])[1 + g % 3], 'u' || g || '@bench.example', true,
    'First' || g, 'Last' || g, (array['GB','IN','DE','BR'])[1 + g % 4],
    (array['pending','under_review','approved','approved','rejected'])[1 + g % 5],
    case when g % 50 = 0 then 'suspended' else 'active' end, now() - (g % 400) * interval '1 day'
  from generate_series(1, ${USERS}) g`);
await db.execute(
  sql`insert into users (username, password, role, email, email_verified, kyc_status) values ('benchadmin', 'x', 'admin', 'admin@bench.example', true, 'approved')`,
);
await db.execute(sql`insert into campaigns (trader_id, title, target_amount, quantity, buy_price, sell_price, trade_route, deadline)
  select (select id from users where role = 'trader' limit 1), 'Bench cargo ' || g, 100000000, 250, 1.40, 5.60, 'Kandla → Rotterdam', now() + interval '60 days'
  from generate_series(1, 1000) g`);
await db.execute(sql`with inv as (select id, row_number() over () as n from users where role = 'investor' limit 20000),
    camp as (select id, row_number() over () as n from campaigns)
  insert into investments (investor_id, campaign_id, amount, shares, provider, stripe_payment_id, status, reserved_until, confirmed_at)
  select inv.id, camp.id, 1000 + g % 5000, 0.00001, 'sandbox', 'pi_bench_' || g, 'confirmed', now(), now() - (g % 60) * interval '1 day'
  from generate_series(1, ${ESCROW}) g join inv on inv.n = 1 + g % 20000 join camp on camp.n = 1 + g % 1000`);
await db.execute(sql`insert into escrow_records (investment_id, campaign_id, amount, status, disputed_at)
  select id, campaign_id, amount, case when random() < 0.01 then 'disputed' else 'held' end, null from investments`);
await db.execute(sql`analyze`);
console.log(
  `data: ${USERS} users, ${ESCROW} escrow records in ${((performance.now() - t) / 1000).toFixed(1)} s (${database.kind})`,
);

const app = await buildApp({ database });
const adminId = (
  (await db.execute(sql`select id from users where username = 'benchadmin'`)) as unknown as {
    rows: Array<{ id: string }>;
  }
).rows[0]!.id;
const { token } = await createSession(db, adminId, { persistent: false }, new Date());
const cookie = `${SESSION_COOKIE}=${token}`;

async function p50(url: string, runs = 20) {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const start = performance.now();
    const res = await app.inject({ url, headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (i >= 2) times.push(performance.now() - start); // two warm-up calls
  }
  return median(times);
}

for (const url of [
  '/api/admin/dashboard',
  '/api/admin/users?tab=all',
  '/api/admin/users?tab=pending-kyc',
  '/api/admin/users?tab=all&q=last4242',
  '/api/admin/escrow',
  '/api/admin/escrow?status=disputed',
  '/api/admin/audit-log',
])
  console.log(`${url.padEnd(40)} p50 ${(await p50(url)).toFixed(1)} ms`);

// The export over real HTTP, read and dropped as it arrives; RSS sampled every 20 ms.
const address = await app.listen({ port: 0, host: '127.0.0.1' });
global.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const start = performance.now();
const res = await fetch(`${address}/api/admin/reports/kyc-audit.csv`, { headers: { cookie } });
let bytes = 0;
let lines = 0;
for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
  bytes += chunk.length;
  for (const b of chunk) if (b === 10) lines++;
}
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(
  `kyc-audit.csv: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - start) / 1000).toFixed(1)} s; ` +
    `RSS ${(before / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB, growth ${((peak - before) / 1e6).toFixed(1)} MB`,
);
await app.close();
