// What the lifecycle tells investors about (funded, cancelled and refunded, completed): the app
// context holds its mail hooks (server/context.ts, server/effects.ts), and the services announce a
// change in its transaction: the hook runs at its end, before COMMIT, and queues the emails
// (server/email/outbox.ts), so they commit with the change and never after a rollback.
import type { Tx } from '../../db/transaction.ts';
import { effectKey, effectOf } from '../../effects.ts';

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
  /** The trader posted an update (its id): the campaign's backers are told (features/updates). */
  onUpdatePosted?: Hook;
  /** The trader answered a question (its id): the asker is told (features/updates). */
  onQuestionAnswered?: Hook;
  /** A campaign went live (an admin approved it): the saved searches it matches are told (features/updates). */
  onCampaignLive?: Hook;
  /** A followed campaign's funding deadline is near (the sweep, once per campaign): its followers are told. */
  onDeadlineNear?: Hook;
}

/** The lifecycle's mail hooks in the app's effects (filled by server/context.ts). */
export const LIFECYCLE_HOOKS = effectKey<LifecycleHooks>('lifecycle-hooks');

/**
 * Announces `event` for the campaign (the investment for onRevoked, the update for onUpdatePosted, the
 * question for onQuestionAnswered) at the end of the transaction.
 */
export function announce(tx: Tx, event: keyof LifecycleHooks, id: string): void {
  const hook = effectOf(tx, LIFECYCLE_HOOKS)?.[event];
  if (hook) tx.beforeCommit(() => hook(tx, id));
}
