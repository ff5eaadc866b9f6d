// Receipts nobody confirmed: AUTO_RECEIPT_DAYS after delivery, an order whose escrow is still Held
// (no open dispute) is received and its escrow released to the supplier. Payments and refunds of
// orders are the money module's sweep (money/payments.ts), as every payment's.
import { and, eq, isNull, lte } from 'drizzle-orm';
import { AUTO_RECEIPT_DAYS } from '../../../domain/orders.ts';
import { escrowRecords, orders } from '../../db/schema/index.ts';
import { confirmReceipt, type MarketDeps } from './orders.ts';

const DAY_MS = 86_400_000;

export async function sweepReceipts(deps: MarketDeps, now: Date): Promise<{ received: number }> {
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(escrowRecords, eq(escrowRecords.orderId, orders.id))
    .where(
      and(
        eq(orders.status, 'delivered'),
        eq(orders.payment, 'held'),
        eq(escrowRecords.status, 'held'),
        isNull(orders.receivedAt),
        lte(orders.deliveredAt, new Date(now.getTime() - AUTO_RECEIPT_DAYS * DAY_MS)),
      ),
    )
    .limit(500);
  for (const o of due) await confirmReceipt(deps, 'system', o.id, now);
  return { received: due.length };
}
