// The embedded database folder (DATA_DIR) is single-user: PGlite only, so skipped on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testBackend } from '../../test/app.ts';
import { DataDirLockedError, openDatabase, type Database } from './connect.ts';
import { prepareDatabase } from '../prepare.ts';
import { campaigns } from './schema/index.ts';

const opened: Database[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hydrobridge-datadir-'));
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function open(lockRetries: number) {
  const database = await openDatabase({ dataDir, lockRetries });
  opened.push(database);
  return database;
}

describe.runIf(testBackend() === 'pglite')('openDatabase({ dataDir })', () => {
  it('refuses a second open of a folder in use; once the first closes, it opens with the data kept', async () => {
    const first = await open(0);
    await prepareDatabase(first, { seedDemo: true });

    const refused = openDatabase({ dataDir, lockRetries: 0 });
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refused).rejects.toThrow(
      `Another HydroBridge process is using the embedded database in ${dataDir}`,
    );

    // A restart while the old process shuts down: with retries, the new open waits for the lock.
    setTimeout(() => void first.close(), 300);
    const again = await open(2);
    const [row] = await again.db.select({ n: sql<number>`count(*)::int` }).from(campaigns);
    expect(row!.n).toBe(7);
  });

  it('refuses a folder written by another PostgreSQL version, naming it, and releases the folder', async () => {
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'hydrobridge-pg17-'));
    try {
      fs.mkdirSync(path.join(old, 'pglite'));
      fs.writeFileSync(path.join(old, 'pglite', 'PG_VERSION'), '17\n');
      await expect(openDatabase({ dataDir: old, lockRetries: 0 })).rejects.toThrow(
        `The embedded database in ${old} was written by PostgreSQL 17; this release embeds PostgreSQL 18`,
      );
      // The refusal let go of the folder's lock: the next open is refused for the version, not the lock.
      await expect(openDatabase({ dataDir: old, lockRetries: 0 })).rejects.not.toBeInstanceOf(
        DataDirLockedError,
      );
    } finally {
      fs.rmSync(old, { recursive: true, force: true });
    }
  });

  it('bounds the embedded buffer cache (the memory budget, README "Start-up and memory")', async () => {
    const database = await openDatabase({ memory: true });
    opened.push(database);
    const { rows } = await database.query('show shared_buffers');
    expect(rows).toEqual([{ shared_buffers: '16MB' }]);
  });
});
