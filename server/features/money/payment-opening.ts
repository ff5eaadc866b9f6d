// Opening a card payment (docs/money.md): the payer's caps checked, the provider's intent made, then
// the payment and its subject written in one transaction (the intent cancelled should that fail).
import { randomUUID } from 'node:crypto';
import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { PaymentPurpose } from '../../../domain/payment-lifecycle.ts';
import { payments } from '../../db/schema/index.ts';
import type { Db } from '../../db/connect.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError, RateLimitedError } from '../../errors.ts';
import type { Money } from './context.ts';
import { MINUTE_MS } from './payments.ts';

/**
 * The caps of docs/money.md, checked before a new intent is opened: live holds of the payer, and new
 * intents in the window. Counted from the payments themselves, so every instance sees the same.
 */
export async function assertMayOpenPayment(
  tx: Db | Tx,
  money: Money,
  payerId: string,
  now: Date,
): Promise<void> {
  const { intentRate, maxLiveHolds } = money.limits;
  const since = new Date(now.getTime() - intentRate.windowMinutes * MINUTE_MS);
  const [row] = await tx
    .select({
      holds: sql<number>`count(*) filter (where ${payments.status} = 'authorized')::int`,
      recent: sql<number>`count(*) filter (where ${payments.createdAt} >= ${since} and ${payments.source} = 'card')::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.payerId, payerId),
        or(gte(payments.createdAt, since), eq(payments.status, 'authorized')),
      ),
    );
  if ((row?.holds ?? 0) >= maxLiveHolds) throw new AppError('TOO_MANY_HOLDS');
  if ((row?.recent ?? 0) >= intentRate.max)
    throw new RateLimitedError(
      `Too many payment attempts: please wait ${intentRate.windowMinutes} minutes and try again.`,
      intentRate.windowMinutes * 60,
    );
}

/** What `openCardPayment` hands the subject's insert: the payment's id and the provider's intent. */
export interface OpenedIntent {
  paymentId: string;
  paymentIntentId: string;
  clientSecret: string;
}

/**
 * Opens a card payment for a subject (an investment, an order, a settlement). An unpaid intent
 * reserves nothing, so there is nothing to decide first: the caps, then the provider's intent (its
 * metadata names the payment and the subject, ids chosen here), then one transaction writes the
 * payment and, through `insert`, the subject (which may check and lock what it needs). Should that
 * transaction refuse or fail, the intent is cancelled: its secret never left the server.
 */
export async function openCardPayment<T>(
  money: Money,
  input: { purpose: PaymentPurpose; payerId: string; amount: string; subjectId: string },
  now: Date,
  insert: (tx: Tx, opened: OpenedIntent) => Promise<T>,
): Promise<OpenedIntent & { result: T }> {
  await assertMayOpenPayment(money.db, money, input.payerId, now);
  const paymentId = randomUUID();
  const intent = await money.provider.createIntent({
    amount: input.amount,
    metadata: { paymentId, purpose: input.purpose, payerId: input.payerId, subjectId: input.subjectId },
    idempotencyKey: `intent-${paymentId}`,
  });
  const opened = { paymentId, paymentIntentId: intent.id, clientSecret: intent.clientSecret };
  try {
    const result = await inTransaction(money.db, async (tx) => {
      await tx.insert(payments).values({
        id: paymentId,
        purpose: input.purpose,
        payerId: input.payerId,
        amount: input.amount,
        provider: money.provider.name,
        intentId: intent.id,
        createdAt: now,
        updatedAt: now,
      });
      return insert(tx, opened);
    });
    return { ...opened, result };
  } catch (error) {
    await money.provider.cancelIntent(intent.id).catch(() => undefined);
    throw error;
  }
}
