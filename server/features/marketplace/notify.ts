// The marketplace's emails (new quote requests, offers, order steps): queued in the transaction of the
// change they report (server/email/outbox.ts), so they commit with it, and sent once it commits; no
// answer waits for the mail server.
import { inArray } from 'drizzle-orm';
import { usdText } from '../../../domain/money.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../domain/orders.ts';
import { displayName } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { effectKey, effectOf } from '../../effects.ts';
import type { Outbox } from '../../email/outbox.ts';
import { notify as notice } from '../notifications/index.ts';

/** Queues one email in the caller's transaction (the app passes its outbox's `email`). */
export type Notify = Outbox['email'];

/** Queues nothing: for callers with no one to tell (the demo seed, tests of other things). */
export const SILENT: Notify = async () => '';

async function recipients(db: Db | Tx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Each of the users `ids` with an address, with the name they are greeted by. */
async function tell(
  db: Db | Tx,
  notify: Notify,
  ids: string[],
  send: (to: string, name: string) => Promise<unknown>,
) {
  if (notify === SILENT) return;
  for (const user of await recipients(db, ids)) {
    if (user.email) await send(user.email, displayName(user));
  }
}

/**
 * Tells the buyer and the supplier of the order's step, in `tx`: in the app, and by email unless they
 * turned order emails off (notify(), features/notifications); once per step and side.
 */
export async function notifyOrderStep(
  tx: Tx,
  notify: Notify,
  order: { id: string; buyerId: string; traderId: string; totalAmount: string },
  step: OrderStatus | 'paid' | 'received',
): Promise<void> {
  if (notify === SILENT) return;
  const label =
    step === 'paid'
      ? 'placed and paid'
      : step === 'received'
        ? 'received'
        : ORDER_STATUS_LABELS[step].toLowerCase();
  for (const [id, side] of [
    [order.buyerId, 'buyer'],
    [order.traderId, 'trader'],
  ] as const) {
    await notice(tx, {
      userId: id,
      kind: 'order',
      key: `order:${order.id}:${step}`,
      title: `Order ${order.id.slice(0, 8)} (${usdText(order.totalAmount)}) ${label}`,
      link: side === 'buyer' ? '/buyer/tracking' : '/trader/marketplace',
      email: { template: 'order-step', data: { orderId: order.id, total: order.totalAmount, label, side } },
    });
  }
}

/** How an order's parties hear of a payment the money module captured (filled by server/context.ts). */
export const ORDER_NOTICES = effectKey<{ notify: Notify }>('order-notices');

/**
 * At the end of the transaction: the order is placed and paid, both sides are told (with the commit).
 * The money module takes this step however the server learned of the hold (the card step, the record
 * call, a webhook, the sweep): who hears of it is the app context's (`ORDER_NOTICES` in server/effects.ts).
 */
export function announceOrderPaid(
  tx: Tx,
  order: { id: string; buyerId: string; traderId: string; totalAmount: string },
): void {
  const deps = effectOf(tx, ORDER_NOTICES);
  if (deps) tx.beforeCommit(() => notifyOrderStep(tx, deps.notify, order, 'paid'));
}

export function notifyNewRfq(tx: Tx, notify: Notify, traderIds: string[]) {
  return tell(tx, notify, traderIds, (to, name) => notify(tx, to, 'rfq-new', { name }));
}

export function notifyOffer(tx: Tx, notify: Notify, buyerId: string) {
  return tell(tx, notify, [buyerId], (to, name) => notify(tx, to, 'offer-new', { name }));
}
