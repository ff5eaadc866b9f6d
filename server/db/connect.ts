// Opens the database: PostgreSQL when a URL is given, otherwise the embedded PGlite under DATA_DIR.
// Both run the same drizzle-kit migrations and the same queries.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { extract } from 'tar';
import { MIGRATIONS_DIR, PGLITE_INITDB_TEMPLATE } from '../paths.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `sql` query: node-postgres and PGlite both answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  /** Round-trips a trivial query; throws when the database is unreachable. */
  ping(): Promise<void>;
  /**
   * A raw statement outside any transaction: `$1`… placeholders with `values`, or several statements
   * without (the job queue's own SQL, server/jobs/queue.ts).
   */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` (sent by any instance, delivered
   * once its transaction commits) and answers how to stop. PostgreSQL: one connection of its own,
   * reconnected after a loss (`onGap` then says messages may have been missed); PGlite: its own
   * LISTEN, in this process. docs/notifications.md
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = MIGRATIONS_DIR;

/**
 * How every embedded instance starts (the server's and the tests'): the extensions the migrations
 * create (PGlite loads them per instance; PostgreSQL ships them), and a bounded buffer cache. PGlite's
 * default of 128 MB of shared buffers is allocated in the WebAssembly heap at start-up and stays resident:
 * 16 MB holds the demo's whole working set many times over (README "Start-up and memory") and keeps the embedded
 * server under its memory budget.
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  postgresqlconf: ['shared_buffers = 16MB'],
} satisfies PGliteOptions;

/** The PostgreSQL major version of the embedded engine; a data folder written by another cannot open. */
const PGLITE_PG_MAJOR = '18';

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  /** `lockRetries`: 2-second waits for another process's lock before refusing (default 6, ~12 s). */
  | { dataDir: string; lockRetries?: number }
  /** In-memory PGlite: nothing on disk (tests); `loadDataDir` starts from a `dumpDataDir()` snapshot. */
  | { memory: true; loadDataDir?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  if ('dataDir' in options) return openPglite(options.dataDir, options.lockRetries ?? 6);
  return openPglite(undefined, 0, options.loadDataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server emits 'error'; log-free recovery is the pool's job.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let ended: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    query: async (text, values) => {
      const result = await pool.query(text, values);
      // Several statements answer one result each: the last one is what a caller asked for.
      return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] };
    },
    listen: (channel, onMessage, onGap) => listenPostgres(url, channel, onMessage, onGap),
    // Idempotent, like the PGlite close: pg's pool.end() throws when called twice.
    close: () => (ended ??= pool.end()),
  };
}

/**
 * LISTEN on a connection outside the pool (a pooled one would be handed to queries and lose it): after
 * a loss it connects again every second until stopped, and reports the gap.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onGap?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onMessage(msg.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client = undefined;
      c.end().catch(() => {});
      throw error;
    }
  };
  /** The connection `c` is gone: try again in a second, until one holds or we stop. */
  const lost = (c: pg.Client | undefined) => {
    if (stopped || (c && client !== c) || retry) return;
    client = undefined;
    c?.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      if (stopped) return;
      connect().then(
        () => onGap?.(),
        () => lost(undefined),
      );
    }, 1000);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
    client = undefined;
  };
}

/** `Database.query` on a PGlite instance (also used on the tests' template instance). */
export function pgliteQuery(client: PGlite): Database['query'] {
  return async (text, values) => {
    if (values?.length) return { rows: (await client.query(text, values)).rows };
    // The extended protocol takes one statement: several go through exec.
    return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
  };
}

/**
 * A folder written by an earlier release's PGlite (PostgreSQL 17) would make PGlite fail with an
 * unhelpful abort: name the folder and the ways out instead.
 */
function refuseOtherMajorVersion(pgDir: string): void {
  let version: string;
  try {
    version = fs.readFileSync(path.join(pgDir, 'PG_VERSION'), 'utf8').trim();
  } catch {
    return; // a new folder: PGlite creates it
  }
  if (version !== PGLITE_PG_MAJOR) {
    throw new Error(
      `The embedded database in ${path.dirname(pgDir)} was written by PostgreSQL ${version}; this release ` +
        `embeds PostgreSQL ${PGLITE_PG_MAJOR} and cannot open it. Move the folder aside to start a new ` +
        'database (seeded with the demo data when SEED_DEMO is on), or keep the previous release for it.',
    );
  }
}

/**
 * A new folder starts as a copy of the build's initdb template where there is one (from source, PGlite
 * runs initdb itself): unpacked as a stream beside it and renamed into place, so a crash midway leaves
 * no half database, and PGlite then opens an existing one.
 */
async function startFromTemplate(pgDir: string): Promise<void> {
  if (fs.existsSync(pgDir) || !fs.existsSync(PGLITE_INITDB_TEMPLATE)) return;
  const unpacking = `${pgDir}.new`;
  fs.rmSync(unpacking, { recursive: true, force: true });
  fs.mkdirSync(unpacking);
  await extract({ file: PGLITE_INITDB_TEMPLATE, cwd: unpacking });
  fs.renameSync(unpacking, pgDir);
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another HydroBridge process is using the embedded database in ${dataDir}. ` +
        'PGlite is single-user: stop the other process, or set DATA_DIR to another folder ' +
        '(or DATABASE_URL to use PostgreSQL).',
    );
    this.name = 'DataDirLockedError';
  }
}

async function openPglite(
  dataDir: string | undefined,
  lockRetries: number,
  loadDataDir?: Blob,
): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let pgDir: string | undefined;
  if (dataDir) {
    // PGlite does not lock its folder and two writers corrupt it, so we hold a lock beside it.
    // A crashed holder's lock goes stale after 10 s; a new start waits that long before refusing.
    fs.mkdirSync(dataDir, { recursive: true });
    pgDir = path.join(dataDir, 'pglite');
    try {
      release = await lockfile.lock(dataDir, {
        lockfilePath: path.join(dataDir, 'pglite.lock'),
        stale: 10_000,
        update: 2_500,
        retries: { retries: lockRetries, factor: 1, minTimeout: 2_000, maxTimeout: 2_000 },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw error;
    }
  }
  let client: PGlite;
  try {
    if (pgDir) {
      refuseOtherMajorVersion(pgDir);
      await startFromTemplate(pgDir);
    }
    client = await PGlite.create({
      ...PGLITE_OPTIONS,
      ...(pgDir ? { dataDir: pgDir } : loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    await release?.();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    query: pgliteQuery(client),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
      await release?.();
      release = undefined;
    },
  };
}
