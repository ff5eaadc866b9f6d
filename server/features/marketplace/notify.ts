// The marketplace's emails (new quote requests, offers, order steps): written after the change they
// report commits, sent in the background so no answer waits for the mail server.
import { inArray } from 'drizzle-orm';
import { usdText } from '../../../domain/money.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../domain/orders.ts';
import { displayName } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { rootDb, type Tx } from '../../db/transaction.ts';
import { users } from '../../db/schema/index.ts';
import type { MailMessage } from '../../mail.ts';

/** Delivers one email without making the caller wait (routes pass sendInBackground). */
export type Notify = (message: MailMessage) => void;

/** Sends nothing: for callers with no one to tell (the CLI's sweep logs instead, the demo seed). */
export const SILENT: Notify = () => {};

async function recipients(db: Db, ids: string[]) {
  if (!ids.length) return [];
  // Called after a commit: a transaction handle is closed by then, its database is not.
  return rootDb(db)
    .select({ id: users.id, email: users.email, firstName: users.firstName, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
}

async function tell(db: Db, notify: Notify, ids: string[], subject: string, text: (name: string) => string) {
  if (notify === SILENT) return;
  for (const user of await recipients(db, ids)) {
    if (user.email) notify({ to: user.email, subject, text: text(displayName(user)) });
  }
}

const sign = '\n\n— HydroBridge';

export function notifyOrderStep(
  db: Db,
  notify: Notify,
  order: { id: string; buyerId: string; traderId: string; totalAmount: string },
  step: OrderStatus | 'paid' | 'received',
  publicUrl: string,
) {
  const label =
    step === 'paid'
      ? 'placed and paid'
      : step === 'received'
        ? 'received'
        : ORDER_STATUS_LABELS[step].toLowerCase();
  const subject = `Order ${order.id.slice(0, 8)} ${label}`;
  const body = (name: string, where: string) =>
    `Hello ${name},\n\nOrder ${order.id} (${usdText(order.totalAmount)}) is now ${label}.\n` +
    `Follow it at ${publicUrl}${where}${sign}`;
  return Promise.all([
    tell(db, notify, [order.buyerId], subject, (name) => body(name, '/buyer/tracking')),
    tell(db, notify, [order.traderId], subject, (name) => body(name, '/trader/marketplace')),
  ]);
}

/**
 * Who hears of an order step the money module takes (its payment captured, however the server learned
 * of the hold: the card step, the record call, a webhook, the sweep), per database: the routes set it.
 */
const noticesByDb = new WeakMap<Db, { notify: Notify; publicUrl: string }>();

export function setOrderNotices(db: Db, deps: { notify: Notify; publicUrl: string }): void {
  noticesByDb.set(db, deps);
}

/** Once the transaction commits: the order is placed and paid, both sides are told. */
export function announceOrderPaid(
  tx: Tx,
  order: { id: string; buyerId: string; traderId: string; totalAmount: string },
): void {
  const deps = noticesByDb.get(tx.root);
  if (deps) tx.afterCommit(() => notifyOrderStep(tx.root, deps.notify, order, 'paid', deps.publicUrl));
}

export function notifyNewRfq(db: Db, notify: Notify, traderIds: string[], publicUrl: string) {
  return tell(
    db,
    notify,
    traderIds,
    'New request for quote',
    (name) =>
      `Hello ${name},\n\nA buyer asks for a quote for green hydrogen. Answer it from your workspace: ` +
      `${publicUrl}/trader/marketplace${sign}`,
  );
}

export function notifyOffer(db: Db, notify: Notify, buyerId: string, publicUrl: string) {
  return tell(
    db,
    notify,
    [buyerId],
    'New offer on your request for quote',
    (name) =>
      `Hello ${name},\n\nA supplier answered your request for quote with an offer. Review it at ` +
      `${publicUrl}/buyer/offers${sign}`,
  );
}
