// The order sweep (every minute in the server with the payments sweep, and `npm run cli -- sweep`).
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { AUTO_RECEIPT_DAYS } from '../../../domain/orders.ts';
import { orders } from '../../db/schema/index.ts';
import {
  confirmReceipt,
  expireOrder,
  finishOrderRefund,
  settleOrderPayment,
  type MarketDeps,
} from './orders.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface OrderSweepReport {
  paid: number;
  expired: number;
  refunded: number;
  received: number;
}

/**
 * What nobody came back for: paid intents never recorded, lapsed reservations (cancelled at the
 * provider first), refunds a provider failure interrupted, and receipts due AUTO_RECEIPT_DAYS after
 * delivery. Each step is idempotent: several instances may sweep at once.
 */
export async function sweepOrders(
  deps: Pick<MarketDeps, 'db' | 'provider' | 'notify' | 'publicUrl'>,
  now: Date,
): Promise<OrderSweepReport> {
  const { db, provider } = deps;
  const report: OrderSweepReport = { paid: 0, expired: 0, refunded: 0, received: 0 };
  const minuteAgo = new Date(now.getTime() - MINUTE_MS);
  const orphaned = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.payment, 'awaiting'), isNull(orders.paymentIntentId), lte(orders.createdAt, minuteAgo)),
    );
  for (const o of orphaned) if (await expireOrder(db, o.id, now)) report.expired++;

  const work = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.provider, provider.name),
        or(
          eq(orders.payment, 'refunding'),
          and(
            eq(orders.payment, 'awaiting'),
            sql`${orders.paymentIntentId} is not null`,
            or(lte(orders.reservedUntil, now), lte(orders.createdAt, minuteAgo)),
          ),
        ),
      ),
    )
    .orderBy(orders.reservedUntil)
    .limit(500);
  let refusal: unknown;
  for (const row of work) {
    if (row.payment === 'refunding') {
      // A refund the provider refuses for good must not hold up the others: it is reported at the end.
      try {
        await finishOrderRefund(deps, row, now);
      } catch (error) {
        refusal ??= error;
        continue;
      }
      const [after] = await db.select({ payment: orders.payment }).from(orders).where(eq(orders.id, row.id));
      if (after?.payment === 'refunded') report.refunded++;
      continue;
    }
    let settled = await settleOrderPayment(deps, row.id, now);
    if (settled.outcome === 'unpaid' && row.reservedUntil <= now) {
      const intent = await provider.cancelIntent(row.paymentIntentId!);
      settled = await settleOrderPayment(deps, row.id, now, intent);
    }
    if (settled.outcome === 'paid') report.paid++;
    if (settled.outcome === 'expired') report.expired++;
  }

  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'delivered'),
        eq(orders.payment, 'held'),
        isNull(orders.receivedAt),
        lte(orders.deliveredAt, new Date(now.getTime() - AUTO_RECEIPT_DAYS * DAY_MS)),
      ),
    )
    .limit(500);
  for (const o of due) {
    await confirmReceipt(deps, 'system', o.id, now);
    report.received++;
  }
  if (refusal) throw refusal;
  return report;
}
