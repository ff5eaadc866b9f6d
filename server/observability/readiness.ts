// Readiness (GET /api/ready, docs/operations.md): whether this instance should get traffic. Named
// checks run at once, each within a time limit; any that is not ready makes the answer 503 naming it.
// The app registers the database and its migrations; the job registry registers its own. Once
// shutdown begins, the instance is not ready whatever the checks say.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/connect.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

/**
 * A readiness check: resolves with nothing when ready, or with a short reason a caller may read
 * ("3 migrations not applied"); a throw counts as not ready too (the error is logged, not shown).
 */
export type ReadinessCheck = () => Promise<string | void> | string | void;

export interface ReadinessReport {
  ready: boolean;
  /** Per check: "ok", or why it is not ready. */
  checks: Record<string, string>;
}

export interface Readiness {
  /** Registers a check under a name (unique). */
  add(name: string, check: ReadinessCheck): void;
  /** From now on the instance answers not ready (shutdown has begun: a load balancer stops sending). */
  beginShutdown(): void;
  readonly shuttingDown: boolean;
  run(): Promise<ReadinessReport>;
}

/** A check that has not answered in this time is not ready (a hung database must not hang the probe). */
export const CHECK_TIMEOUT_MS = 2_000;

export const SHUTTING_DOWN = 'shutting down';

export function createReadiness(log: { error(obj: object, msg: string): void }): Readiness {
  const checks = new Map<string, ReadinessCheck>();
  let shuttingDown = false;

  async function runOne(name: string, check: ReadinessCheck): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
    });
    try {
      const reason = await Promise.race([Promise.resolve().then(check), timeout]);
      return reason || 'ok';
    } catch (error) {
      log.error({ err: error, check: name }, 'readiness check failed');
      return 'failing';
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    add(name, check) {
      if (checks.has(name)) throw new Error(`readiness check "${name}" is already registered`);
      checks.set(name, check);
    },
    beginShutdown() {
      shuttingDown = true;
    },
    get shuttingDown() {
      return shuttingDown;
    },
    async run() {
      if (shuttingDown) return { ready: false, checks: { shutdown: SHUTTING_DOWN } };
      const names = [...checks.keys()];
      const results = await Promise.all(names.map((name) => runOne(name, checks.get(name)!)));
      const report = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
      return { ready: results.every((r) => r === 'ok'), checks: report };
    },
  };
}

/** PostgreSQL's undefined_table (42P01) or invalid_schema_name (3F000), on drizzle's `cause` or not. */
function isUndefinedTable(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  const code = e?.code ?? e?.cause?.code;
  return code === '42P01' || code === '3F000';
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this build ships (drizzle's journal): their tags and creation times. */
export function shippedMigrations(dir = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The database answers a trivial query. */
export function databaseCheck(database: Pick<Database, 'ping'>): ReadinessCheck {
  return async () => {
    await database.ping();
  };
}

/**
 * Every migration this build ships is applied. Drizzle records each applied migration with its
 * journal time (`created_at`) and applies those newer than the newest it recorded, so the database is
 * current when it recorded the newest shipped one. Once current it stays current (migrations only go
 * forward), so later probes only ping the database.
 */
export function migrationsCheck(
  database: Pick<Database, 'db'>,
  shipped: JournalEntry[] = shippedMigrations(),
): ReadinessCheck {
  const newest = Math.max(0, ...shipped.map((m) => m.when));
  let current = false;
  return async () => {
    if (current) return;
    let applied: number[];
    try {
      const rows = await queryRows<{ created_at: string | number }>(
        database.db,
        sql`select created_at from drizzle.__drizzle_migrations`,
      );
      applied = rows.map((r) => Number(r.created_at));
    } catch (error) {
      // No migrations table yet: nothing applied.
      if (!isUndefinedTable(error)) throw error;
      applied = [];
    }
    const missing = shipped.filter((m) => !applied.some((when) => when >= m.when)).length;
    if (applied.some((when) => when >= newest)) {
      current = true;
      return;
    }
    return `${missing} of ${shipped.length} migrations not applied`;
  };
}
