// What a commit on the app's database handle sets off: the public list caches to clear and the
// notices to queue. They belong to one app context (server/context.ts), which binds them to the
// database handle it gives features (`ctx.db`): a service deep in the money module announces through
// the `tx` it already holds, without a module-level registry. A handle no context made (a script's,
// a migration's) has none: nothing is cached through it and nothing is announced.
//
// This file is infrastructure: it knows no feature. Each feature declares the slot it owns with its
// type (`effectKey<CampaignListCache>('campaign-lists')` in features/campaigns), and the app context
// fills the slots when it is built.
import type { Db } from './db/connect.ts';
import { rootDb, type Tx } from './db/transaction.ts';

/** A named, typed slot of the effects; the key object itself is the identity. */
export interface EffectKey<T> {
  readonly name: string;
  /** Carries the slot's type only; never set. */
  readonly type?: T;
}

/** Declares a slot (once, in the feature that owns what it holds). */
export function effectKey<T>(name: string): EffectKey<T> {
  return { name };
}

/** The effects of one app context: each feature's caches and hooks in its own slot. */
export interface AppEffects {
  get<T>(key: EffectKey<T>): T | undefined;
  set<T>(key: EffectKey<T>, value: T): void;
}

export function createEffects(): AppEffects {
  const slots = new Map<EffectKey<unknown>, unknown>();
  return {
    get: <T>(key: EffectKey<T>) => slots.get(key) as T | undefined,
    set: (key, value) => {
      slots.set(key, value);
    },
  };
}

const EFFECTS = Symbol('hydrobridge.effects');

/**
 * A handle on the same database whose transactions carry `effects`. The original handle is left as
 * it was (two contexts on one database do not share caches or hooks).
 */
export function bindEffects(db: Db, effects: AppEffects): Db {
  return Object.create(db, { [EFFECTS]: { value: effects, enumerable: false } }) as Db;
}

/** The effects of the context `db` (or the transaction's database) belongs to, if any. */
export function effectsOf(db: Db | Tx): AppEffects | undefined {
  return (rootDb(db) as Db & { [EFFECTS]?: AppEffects })[EFFECTS];
}

/** What the context `db` belongs to holds in `key`'s slot, if anything. */
export function effectOf<T>(db: Db | Tx, key: EffectKey<T>): T | undefined {
  return effectsOf(db)?.get(key);
}
