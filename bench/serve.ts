// A server for the benchmark, run as a child process of bench/run.ts so that the load generator and the
// server do not share one event loop. It listens on a free port on 127.0.0.1 and prints one JSON line
// `{"ready":true,"port":N,"pid":P}` on stdout; SIGTERM closes it.
//
//   node --import tsx bench/serve.ts app --db pglite --data-dir DIR [--client DIR]
//   node --import tsx bench/serve.ts app --db postgres --url postgres://… [--campaigns N] [--listings N]
//   node --import tsx bench/serve.ts raw --body FILE --content-type TYPE
//   node --import tsx bench/serve.ts invest --db pglite|postgres [--url …] --investors N
//
// `app` is the real application (buildApp after prepareDatabase with the demo seed). `raw` is the
// reference: a bare node:http server answering every request with the given bytes from memory.
// `invest` is the app on an empty database with one open campaign and N signed-in investors (their
// ids and session tokens are in the ready line), plus a second port whose GET /reference runs the
// investing reference on the same database: bench/invest.ts.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/prepare.ts';
import { insertBenchCampaigns } from './campaign-data.ts';
import { insertBenchListings } from './listing-data.ts';
import { prepareInvestBench, runReference } from './invest-data.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: 'string' },
    url: { type: 'string' },
    'data-dir': { type: 'string' },
    client: { type: 'string' },
    body: { type: 'string' },
    'content-type': { type: 'string' },
    campaigns: { type: 'string' },
    listings: { type: 'string' },
    investors: { type: 'string' },
  },
});

function ready(port: number) {
  process.stdout.write(`${JSON.stringify({ ready: true, port, pid: process.pid })}\n`);
}

async function serveRaw() {
  if (!values.body || !values['content-type'])
    throw new Error('raw needs --body FILE and --content-type TYPE');
  const body = fs.readFileSync(values.body);
  const headers = { 'content-type': values['content-type'], 'content-length': String(body.length) };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.once('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
  ready((server.address() as AddressInfo).port);
}

async function serveApp() {
  const database =
    values.db === 'postgres'
      ? await openDatabase({ databaseUrl: required(values.url, '--url') })
      : values['data-dir']
        ? await openDatabase({ dataDir: values['data-dir'] })
        : await openDatabase({ memory: true });
  await prepareDatabase(database, { seedDemo: true });
  if (values.campaigns) await insertBenchCampaigns(database.db, Number(values.campaigns));
  if (values.listings) await insertBenchListings(database.db, Number(values.listings));
  const app = await buildApp(values.client ? { database, clientDir: values.client } : { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.once('SIGTERM', () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  ready((app.server.address() as AddressInfo).port);
}

async function serveInvest() {
  const database =
    values.db === 'postgres'
      ? await openDatabase({ databaseUrl: required(values.url, '--url') })
      : await openDatabase({ dataDir: required(values['data-dir'], '--data-dir') });
  await prepareDatabase(database, { seedDemo: false });
  const bench = await prepareInvestBench(database.db, Number(values.investors ?? 10));
  // Ten investors paying again and again: far past an honest payer's rate of new intents.
  const app = await buildApp({
    database,
    paymentLimits: { intentRate: { max: Number.MAX_SAFE_INTEGER, windowMinutes: 10 } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const reference = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    runReference(
      database.db,
      bench.campaignId,
      Number(url.searchParams.get('seconds')),
      Number(url.searchParams.get('concurrency')),
    ).then(
      (result) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result));
      },
      (error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => reference.listen(0, '127.0.0.1', resolve));
  process.once('SIGTERM', () => {
    reference.close();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  process.stdout.write(
    `${JSON.stringify({
      ready: true,
      port: (app.server.address() as AddressInfo).port,
      pid: process.pid,
      referencePort: (reference.address() as AddressInfo).port,
      ...bench,
    })}\n`,
  );
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`missing ${name}`);
  return value;
}

const mode = positionals[0];
const run = { raw: serveRaw, app: serveApp, invest: serveInvest }[mode ?? ''];
if (!run) {
  console.error('usage: serve.ts app|raw|invest [options]');
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
