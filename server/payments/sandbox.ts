// The sandbox provider: payment intents kept in our own database, paid with Stripe's test-card
// semantics (DESIGN.md §4). It plays Stripe's part when no keys are set, so the investment flow runs
// end to end (intent → confirm → record) without an outside service. It works on the database
// outside any transaction of the app's, as a remote provider would.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  cardDigits,
  cardExpired,
  luhnValid,
  SANDBOX_FAILING_CARDS,
  type SandboxConfirm,
  type SandboxConfirmResult,
} from '../../domain/payments.ts';
import type { ErrorCode } from '../../domain/errors.ts';
import type { Db } from '../db/connect.ts';
import { sandboxPaymentIntents } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { payerOf, type PaymentProvider, type ProviderIntent } from './provider.ts';

type Row = typeof sandboxPaymentIntents.$inferSelect;

const FAILURE_CODES: Record<(typeof SANDBOX_FAILING_CARDS)[string], ErrorCode> = {
  declined: 'CARD_DECLINED',
  insufficientFunds: 'CARD_INSUFFICIENT_FUNDS',
  invalidNumber: 'CARD_NUMBER_INVALID',
  expired: 'CARD_EXPIRED',
  invalidExpiry: 'CARD_EXPIRED',
  invalidCvc: 'CARD_DECLINED',
};

const hash = (secret: string) => createHash('sha256').update(secret).digest();

function toIntent(row: Row): ProviderIntent {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    metadata: row.metadata,
  };
}

/** Why a card is refused, as Stripe's test mode would answer; undefined when it pays. */
function cardFailure(card: SandboxConfirm['card'], now: Date): ErrorCode | undefined {
  const digits = cardDigits(card.number);
  if (!luhnValid(digits)) return 'CARD_NUMBER_INVALID';
  if (cardExpired(card.expMonth, card.expYear, now)) return 'CARD_EXPIRED';
  const failure = SANDBOX_FAILING_CARDS[digits];
  return failure ? FAILURE_CODES[failure] : undefined;
}

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async createIntent({ amount, metadata }: Parameters<PaymentProvider['createIntent']>[0]) {
    const id = `pi_sb_${randomBytes(12).toString('hex')}`;
    const clientSecret = `${id}_secret_${randomBytes(24).toString('base64url')}`;
    await this.db.insert(sandboxPaymentIntents).values({
      id,
      amount,
      metadata: { ...metadata },
      clientSecretHash: hash(clientSecret).toString('hex'),
    });
    return { id, clientSecret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const [row] = await this.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
    return row ? toIntent(row) : null;
  }

  async cancelIntent(id: string): Promise<ProviderIntent> {
    const [canceled] = await this.db
      .update(sandboxPaymentIntents)
      .set({ status: 'canceled' })
      .where(
        and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, 'requires_payment_method')),
      )
      .returning();
    if (canceled) return toIntent(canceled);
    const current = await this.retrieveIntent(id);
    if (!current) throw new AppError('PAYMENT_NOT_FOUND');
    return current;
  }

  async refund(id: string): Promise<void> {
    // The whole amount, once: a repeated refund finds nothing left to return.
    await this.db
      .update(sandboxPaymentIntents)
      .set({ amountRefunded: sql`${sandboxPaymentIntents.amount}` })
      .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, 'succeeded')));
  }

  /**
   * The card step of the payment (what Stripe.js does in Stripe mode), for the intent's own payer
   * (the investor of an investment, the buyer of an order):
   * checks the client secret and the payer before anything else, then the card. A refused card leaves
   * the intent payable with another card; paying a paid intent again answers the same and charges
   * nothing. Answers the contract's body and the intent as the provider now holds it.
   */
  async confirm(
    id: string,
    input: SandboxConfirm,
    payer: { payerId: string },
  ): Promise<{ result: SandboxConfirmResult; intent: ProviderIntent }> {
    const secretHash = hash(input.clientSecret).toString('hex');
    const failure = cardFailure(input.card, this.clock());
    if (!failure) {
      // The usual case in one statement: the right secret, its own payer, not paid yet. Only the
      // first of racing confirmations moves the intent to succeeded: one charge.
      const [charged] = await this.db
        .update(sandboxPaymentIntents)
        .set({ status: 'succeeded', lastError: null, succeededAt: this.clock() })
        .where(
          and(
            eq(sandboxPaymentIntents.id, id),
            eq(sandboxPaymentIntents.status, 'requires_payment_method'),
            eq(sandboxPaymentIntents.clientSecretHash, secretHash),
            sql`coalesce(${sandboxPaymentIntents.metadata}->>'investorId', ${sandboxPaymentIntents.metadata}->>'buyerId') = ${payer.payerId}`,
          ),
        )
        .returning();
      if (charged) return paid(charged);
    }
    const [row] = await this.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
    // A wrong secret or someone else's intent reveals nothing: the same 404 as an unknown one.
    if (
      !row ||
      !timingSafeEqual(Buffer.from(secretHash, 'hex'), Buffer.from(row.clientSecretHash, 'hex')) ||
      payerOf(row.metadata) !== payer.payerId
    )
      throw new AppError('PAYMENT_NOT_FOUND');
    if (row.status === 'succeeded') return paid(row);
    if (row.status === 'canceled' || !failure)
      throw new AppError(row.metadata.orderId ? 'ORDER_PAYMENT_EXPIRED' : 'PAYMENT_EXPIRED');
    // A refused card leaves the intent payable with another one.
    await this.db
      .update(sandboxPaymentIntents)
      .set({ lastError: failure })
      .where(
        and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, 'requires_payment_method')),
      );
    throw new AppError(failure);
  }
}

/** The contract's answer to a paid intent, and the intent as the provider now holds it. */
function paid(row: Row): { result: SandboxConfirmResult; intent: ProviderIntent } {
  return { result: { id: row.id, status: 'succeeded', amount: row.amount }, intent: toIntent(row) };
}
