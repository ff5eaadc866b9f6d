// What the lifecycle tells investors about (funded, cancelled and refunded, completed): the app
// registers its mail hooks per database (server/app.ts), and the services announce a change in its
// transaction: the hook runs at its end, before COMMIT, and queues the emails (server/email/outbox.ts),
// so they commit with the change and never after a rollback. Keyed on the database handle, as the
// campaign list caches are.
import type { Db } from '../../db/connect.ts';
import type { Tx } from '../../db/transaction.ts';

/** Each runs in the announcing transaction (`tx`), with the change made. */
type Hook = (tx: Tx, id: string) => Promise<unknown>;

export interface LifecycleHooks {
  onFunded?: Hook;
  onCompleted?: Hook;
  onCancelled?: Hook;
  /** The trader did not pay the settlement in time: investors are told (not an optional email). */
  onDefaulted?: Hook;
  /** An investor revoked an investment in its reflection period: its trader is told (issue 19). */
  onRevoked?: Hook;
  /** An admin approved a campaign or sent it back: its trader is told. */
  onReviewed?: Hook;
}

const hooksByDb = new WeakMap<Db, LifecycleHooks>();

export function setLifecycleHooks(db: Db, hooks: LifecycleHooks): void {
  hooksByDb.set(db, hooks);
}

/** Announces `event` for the campaign (the investment, for onRevoked) at the end of the transaction. */
export function announce(tx: Tx, event: keyof LifecycleHooks, id: string): void {
  const hook = hooksByDb.get(tx.root)?.[event];
  if (hook) tx.beforeCommit(() => hook(tx, id));
}
