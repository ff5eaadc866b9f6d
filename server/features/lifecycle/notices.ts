// What the lifecycle tells investors about (funded, cancelled and refunded, completed): the app
// registers its mail hooks per database (server/app.ts), and the services announce a change after
// COMMIT, never after a rollback. Keyed on the database handle, as the campaign list caches are.
import type { Db } from '../../db/connect.ts';
import type { Tx } from '../../db/transaction.ts';

export interface LifecycleHooks {
  onFunded?: (campaignId: string) => unknown;
  onCompleted?: (campaignId: string) => unknown;
  onCancelled?: (campaignId: string) => unknown;
  /** The trader did not pay the settlement in time: investors are told (not an optional email). */
  onDefaulted?: (campaignId: string) => unknown;
  /** An investor revoked an investment in its reflection period: its trader is told (issue 19). */
  onRevoked?: (investmentId: string) => unknown;
  /** An admin approved a campaign or sent it back: its trader is told. */
  onReviewed?: (campaignId: string) => unknown;
}

const hooksByDb = new WeakMap<Db, LifecycleHooks>();

export function setLifecycleHooks(db: Db, hooks: LifecycleHooks): void {
  hooksByDb.set(db, hooks);
}

/** Announces `event` for the campaign (the investment, for onRevoked) once the transaction commits. */
export function announce(tx: Tx, event: keyof LifecycleHooks, id: string): void {
  const hook = hooksByDb.get(tx.root)?.[event];
  if (hook) tx.afterCommit(() => hook(id));
}

/** Announces the campaigns the sweep just put in default (their change is committed already). */
export async function announceDefaults(db: Db, campaignIds: readonly string[]): Promise<void> {
  const hook = hooksByDb.get(db)?.onDefaulted;
  if (hook) for (const id of campaignIds) await hook(id);
}
