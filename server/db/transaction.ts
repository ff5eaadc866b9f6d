// One way to run a transaction: `inTransaction(db, async (tx) => …)`. Work that must only happen once
// the writes are visible to everyone (clearing caches, kicking the email sender, calling a payment
// provider about what was recorded) is registered with `tx.afterCommit(hook)` and runs after COMMIT,
// never after a rollback. Work that must commit with the transaction but read its final state (the
// emails an event causes, queued in the outbox) is registered with `tx.beforeCommit(hook)`: it runs
// inside the transaction once its work is done, and a failure rolls everything back. A call made with
// a `tx` joins that transaction instead of opening another.
import type { Db } from './connect.ts';

type Hook = () => unknown;

/** A database handle inside a transaction, with its after-commit hooks and the handle it came from. */
export type Tx = Db & {
  readonly afterCommit: (hook: Hook) => void;
  /** Runs `hook` in the transaction after its work, just before COMMIT (in order; it may add more). */
  readonly beforeCommit: (hook: Hook) => void;
  /** The database outside the transaction (what per-database caches are keyed on). */
  readonly root: Db;
};

export function isTx(db: Db | Tx): db is Tx {
  return 'afterCommit' in db && typeof db.afterCommit === 'function';
}

/** The database a handle belongs to, outside any transaction. */
export function rootDb(db: Db | Tx): Db {
  return isTx(db) ? db.root : db;
}

/**
 * Runs `fn` in a transaction (or in the caller's, when `db` already is one), then the hooks it
 * registered, in order. A hook that throws cannot undo the commit: every hook still runs, then the
 * first failure is rethrown.
 */
export async function inTransaction<T>(db: Db | Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (isTx(db)) return fn(db);
  const hooks: Hook[] = [];
  const before: Hook[] = [];
  const result = await db.transaction(async (drizzleTx) => {
    const tx = Object.assign(drizzleTx as unknown as Db, {
      afterCommit: (hook: Hook) => hooks.push(hook),
      beforeCommit: (hook: Hook) => before.push(hook),
      root: db,
    });
    const value = await fn(tx);
    for (let i = 0; i < before.length; i++) await before[i]!();
    return value;
  });
  const failures: unknown[] = [];
  for (const hook of hooks) {
    try {
      await hook();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length) throw failures[0];
  return result;
}

/** Runs `hook` after the caller's transaction commits, or at once when there is no transaction. */
export async function afterCommit(db: Db | Tx, hook: Hook): Promise<void> {
  if (isTx(db)) db.afterCommit(hook);
  else await hook();
}
