// A production start (server/main.ts as a child process, NODE_ENV=production) on the embedded
// database: no demo data unless asked, and no start while a demo account keeps the published
// password, unless the deployment says it is a public demo. PGlite run only: the finding is about
// the embedded database, which seeded itself whatever NODE_ENV said.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { testBackend } from '../test/app.ts';
import { openDatabase } from './db/connect.ts';
import { DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { seedDemoData } from './seed/demo.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SLOW = 240_000; // each start runs Node, tsx and the embedded database

let dataDir: string;
/** Servers still running (a failed assertion must not leave one holding the data folder). */
const running = new Set<() => Promise<void>>();
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hb-production-'));
});
afterAll(async () => {
  await Promise.all([...running].map((stop) => stop()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts server/main.ts in production on this file's DATA_DIR: resolves once it serves, or with its
 * exit code and output when it refuses to start.
 */
async function start(
  env: Record<string, string> = {},
): Promise<Started | { code: number | null; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const code = await Promise.race([
      exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 100)),
    ]);
    if (code !== 'running') return { code, output };
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health?.ok) {
      const stop = async () => {
        running.delete(stop);
        child.kill('SIGTERM');
        await exited;
      };
      running.add(stop);
      return { url, stop };
    }
  }
}

const signin = (url: string, email: string) =>
  fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });

describe.skipIf(testBackend() === 'postgres')('a production start on the embedded database', () => {
  it(
    'on an empty database (SEED_DEMO unset) writes no demo data: nobody signs in as admin',
    { timeout: SLOW },
    async () => {
      const server = await start();
      if (!('url' in server)) throw new Error(`the server did not start:\n${server.output}`);
      try {
        expect((await signin(server.url, 'admin')).status).toBe(401);
        const stats = await (await fetch(`${server.url}/api/stats/platform`)).json();
        expect(stats).toMatchObject({ tradesFunded: 0, investors: 0 });
      } finally {
        await server.stop();
      }
    },
  );

  it('SEED_DEMO=true alone is refused in production, naming the opt-in', { timeout: SLOW }, async () => {
    const refused = await start({ SEED_DEMO: 'true' });
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { output: string }).output).toContain('ALLOW_DEMO_ACCOUNTS=true');
  });

  it(
    'refuses to start while the demo admin has the published password; a public demo says so explicitly',
    { timeout: SLOW },
    async () => {
      // Demo data written by an earlier version (SEED_DEMO=auto seeded production databases).
      const database = await openDatabase({ dataDir, lockRetries: 0 });
      try {
        await seedDemoData(database.db);
      } finally {
        await database.close();
      }

      const refused = await start();
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { output: string }).output).toContain(
        'Refusing to start: the demo accounts investor, trader, buyer, admin, aisha.khan, tom.becker, marie.dubois, kenji.sato, lucas.silva, emma.wilson, rahul.iyer, sophie.martin still have the demo password',
      );

      const demo = await start({ ALLOW_DEMO_ACCOUNTS: 'true' });
      if (!('url' in demo)) throw new Error(`the demo server did not start:\n${demo.output}`);
      try {
        expect((await signin(demo.url, 'admin')).status).toBe(200);
      } finally {
        await demo.stop();
      }
    },
  );
});
