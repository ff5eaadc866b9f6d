// The embedded database folder (DATA_DIR) is single-user: PGlite only, so skipped on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { testBackend } from '../../test/app.ts';
import { DataDirLockedError, openDatabase, type Database } from './connect.ts';
import { prepareDatabase } from './prepare.ts';
import { campaigns } from './schema/index.ts';

const toClose: Database[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(toClose.splice(0).map((d) => d.close()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hydrobridge-datadir-'));
  dirs.push(dir);
  return dir;
}

async function open(dataDir: string, lockRetries: number) {
  const database = await openDatabase({ dataDir, lockRetries });
  toClose.push(database);
  return database;
}

describe.runIf(testBackend() === 'pglite')('openDatabase({ dataDir })', () => {
  it('refuses a second open of a folder in use, and opens it again with its data after close()', async () => {
    const dataDir = tempDataDir();
    const first = await open(dataDir, 0);
    await prepareDatabase(first, { seedDemo: true });

    const second = openDatabase({ dataDir, lockRetries: 0 });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(
      `Another HydroBridge process is using the embedded database in ${dataDir}`,
    );

    await first.close();
    const again = await open(dataDir, 0);
    const [row] = await again.db.select({ n: sql<number>`count(*)::int` }).from(campaigns);
    expect(row!.n).toBe(6);
  });

  it('waits for the holder to let go when asked to retry (a restart during shutdown)', async () => {
    const dataDir = tempDataDir();
    const first = await open(dataDir, 0);
    setTimeout(() => void first.close(), 300);
    const second = await open(dataDir, 2);
    await expect(second.ping()).resolves.toBeUndefined();
  });
});
