// A server for the benchmark, run as a child process of bench/run.ts so that the load generator and the
// server do not share one event loop. It listens on a free port on 127.0.0.1 and prints one JSON line
// `{"ready":true,"port":N,"pid":P}` on stdout; SIGTERM closes it.
//
//   node --import tsx bench/serve.ts app --db pglite --data-dir DIR [--client DIR]
//   node --import tsx bench/serve.ts app --db postgres --url postgres://…
//   node --import tsx bench/serve.ts raw --body FILE --content-type TYPE
//
// `app` is the real application (buildApp after prepareDatabase with the demo seed). `raw` is the
// reference: a bare node:http server answering every request with the given bytes from memory.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { insertBenchCampaigns } from './campaign-data.ts';

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

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`missing ${name}`);
  return value;
}

const mode = positionals[0];
const run = mode === 'raw' ? serveRaw : mode === 'app' ? serveApp : undefined;
if (!run) {
  console.error('usage: serve.ts app|raw [options]');
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
