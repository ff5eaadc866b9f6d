// The sandbox provider: payment intents and payouts kept in our own database, with Stripe's test-card
// semantics and manual capture (DESIGN.md §4, docs/money.md). It plays Stripe's part when no keys are
// set, so money moves end to end (intent → hold → capture → refund or payout) without an outside
// service. It works on the database outside any transaction of the app's, as a remote provider would.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  cardDigits,
  cardExpired,
  luhnValid,
  SANDBOX_FAILING_CARDS,
  SANDBOX_FAILING_IBANS,
  type SandboxConfirm,
  type SandboxConfirmResult,
} from '../../../../domain/payments.ts';
import type { ErrorCode } from '../../../../domain/errors.ts';
import { dec } from '../../../../domain/money.ts';
import type { Db } from '../../../db/connect.ts';
import { sandboxDestinations, sandboxPaymentIntents, sandboxPayouts } from '../../../db/schema/index.ts';
import { AppError } from '../../../errors.ts';
import type { PaymentProvider, ProviderIntent, ProviderMovement, ProviderPayout } from './provider.ts';
import { AWAITING_CARD_INTENT_STATUSES } from '../../../../domain/payments.ts';
import { sqlIn } from '../../../db/vocabulary.ts';

type IntentRow = typeof sandboxPaymentIntents.$inferSelect;
type PayoutRow = typeof sandboxPayouts.$inferSelect;

const FAILURE_CODES: Record<(typeof SANDBOX_FAILING_CARDS)[string], ErrorCode> = {
  declined: 'CARD_DECLINED',
  insufficientFunds: 'CARD_INSUFFICIENT_FUNDS',
  invalidNumber: 'CARD_NUMBER_INVALID',
  expired: 'CARD_EXPIRED',
  invalidExpiry: 'CARD_EXPIRED',
  invalidCvc: 'CARD_DECLINED',
};

const hash = (secret: string) => createHash('sha256').update(secret).digest();
const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function toIntent(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    amountCapturable: row.amountCapturable,
    amountCaptured: row.amountCaptured,
    amountRefunded: row.amountRefunded,
    currency: row.currency,
    metadata: row.metadata,
  };
}

function toPayout(row: PayoutRow, failure?: string): ProviderPayout {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    failureMessage: failure,
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

  /** The same sandbox on another handle of its database (the demo seed works inside a transaction). */
  onDatabase(db: Db): SandboxProvider {
    return db === this.db ? this : new SandboxProvider(db, this.clock);
  }

  async createIntent({ amount, metadata }: Parameters<PaymentProvider['createIntent']>[0]) {
    const id = randomId('pi_sb');
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

  async captureIntent(id: string): Promise<ProviderIntent> {
    const [captured] = await this.db
      .update(sandboxPaymentIntents)
      .set({
        status: 'succeeded',
        amountCaptured: sql`${sandboxPaymentIntents.amountCapturable}`,
        amountCapturable: '0',
        capturedAt: this.clock(),
      })
      .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, 'requires_capture')))
      .returning();
    // Captured before (a retry), or lapsed: as it is.
    return captured ? toIntent(captured) : this.current(id);
  }

  async cancelIntent(id: string): Promise<ProviderIntent> {
    await this.db
      .update(sandboxPaymentIntents)
      .set({ status: 'canceled', amountCapturable: '0', canceledAt: this.clock() })
      .where(
        and(
          eq(sandboxPaymentIntents.id, id),
          sqlIn(sandboxPaymentIntents.status, AWAITING_CARD_INTENT_STATUSES),
        ),
      );
    return this.current(id);
  }

  async refund(id: string): Promise<void> {
    // The whole captured amount, once: a repeated refund finds nothing left to return.
    await this.db
      .update(sandboxPaymentIntents)
      .set({ amountRefunded: sql`${sandboxPaymentIntents.amountCaptured}` })
      .where(and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, 'succeeded')));
  }

  private async current(id: string): Promise<ProviderIntent> {
    const intent = await this.retrieveIntent(id);
    if (!intent) throw new AppError('PAYMENT_NOT_FOUND');
    return intent;
  }

  /**
   * The card step of the payment (what Stripe.js does in Stripe mode), for the intent's own payer:
   * checks the client secret and the payer before anything else, then the card, then puts a hold on
   * it for the amount (manual capture). A refused card leaves the intent payable with another card;
   * confirming a held or captured intent again answers the same and holds nothing more. Answers the
   * contract's body ("succeeded": the card step succeeded) and the intent as the provider now holds it.
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
      // first of racing confirmations places the hold.
      const [held] = await this.db
        .update(sandboxPaymentIntents)
        .set({
          status: 'requires_capture',
          amountCapturable: sql`${sandboxPaymentIntents.amount}`,
          lastError: null,
          authorizedAt: this.clock(),
        })
        .where(
          and(
            eq(sandboxPaymentIntents.id, id),
            eq(sandboxPaymentIntents.status, 'requires_payment_method'),
            eq(sandboxPaymentIntents.clientSecretHash, secretHash),
            sql`${sandboxPaymentIntents.metadata}->>'payerId' = ${payer.payerId}`,
          ),
        )
        .returning();
      if (held) return confirmed(held);
    }
    const [row] = await this.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, id));
    // A wrong secret or someone else's intent reveals nothing: the same 404 as an unknown one.
    if (
      !row ||
      !timingSafeEqual(Buffer.from(secretHash, 'hex'), Buffer.from(row.clientSecretHash, 'hex')) ||
      row.metadata.payerId !== payer.payerId
    )
      throw new AppError('PAYMENT_NOT_FOUND');
    if (row.status === 'requires_capture' || row.status === 'succeeded') return confirmed(row);
    if (row.status === 'canceled' || !failure)
      throw new AppError(row.metadata.purpose === 'order' ? 'ORDER_PAYMENT_EXPIRED' : 'PAYMENT_EXPIRED');
    // A refused card leaves the intent payable with another one.
    await this.db
      .update(sandboxPaymentIntents)
      .set({ lastError: failure })
      .where(
        and(eq(sandboxPaymentIntents.id, id), eq(sandboxPaymentIntents.status, 'requires_payment_method')),
      );
    throw new AppError(failure);
  }

  // ---- payouts ----------------------------------------------------------------------------------

  async registerBankAccount(input: Parameters<PaymentProvider['registerBankAccount']>[0]) {
    const id = randomId('ba_sb');
    await this.db.insert(sandboxDestinations).values({ id, iban: input.iban, holderName: input.holderName });
    return id;
  }

  async createPayout({
    amount,
    destination,
    metadata,
    idempotencyKey,
  }: Parameters<PaymentProvider['createPayout']>[0]): Promise<ProviderPayout> {
    const [created] = await this.db
      .insert(sandboxPayouts)
      .values({ id: randomId('po_sb'), idempotencyKey, destination, amount, metadata })
      .onConflictDoNothing({ target: sandboxPayouts.idempotencyKey })
      .returning();
    if (created) return toPayout(created);
    const [first] = await this.db
      .select()
      .from(sandboxPayouts)
      .where(eq(sandboxPayouts.idempotencyKey, idempotencyKey));
    return toPayout(first!);
  }

  /**
   * A payout arrives (or the bank refuses it) by the time anyone asks: a test IBAN of
   * SANDBOX_FAILING_IBANS fails with its bank's reason, every other one is paid.
   */
  async retrievePayout(id: string): Promise<ProviderPayout | null> {
    const [row] = await this.db
      .select({ payout: sandboxPayouts, iban: sandboxDestinations.iban })
      .from(sandboxPayouts)
      .innerJoin(sandboxDestinations, eq(sandboxDestinations.id, sandboxPayouts.destination))
      .where(eq(sandboxPayouts.id, id));
    if (!row) return null;
    const failing = SANDBOX_FAILING_IBANS[row.iban];
    if (row.payout.status === 'in_transit') {
      const [settled] = await this.db
        .update(sandboxPayouts)
        .set({
          status: failing ? 'failed' : 'paid',
          failureCode: failing?.code ?? null,
          settledAt: this.clock(),
        })
        .where(and(eq(sandboxPayouts.id, id), eq(sandboxPayouts.status, 'in_transit')))
        .returning();
      if (settled) return toPayout(settled, failing?.message);
    }
    const [now] = await this.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.id, id));
    return toPayout(now!, now!.status === 'failed' ? failing?.message : undefined);
  }

  async *movements(): AsyncIterable<ProviderMovement> {
    const intents = await this.db
      .select({
        id: sandboxPaymentIntents.id,
        captured: sandboxPaymentIntents.amountCaptured,
        refunded: sandboxPaymentIntents.amountRefunded,
      })
      .from(sandboxPaymentIntents)
      .where(gt(sandboxPaymentIntents.amountCaptured, '0'));
    for (const i of intents) {
      yield { kind: 'capture', objectId: i.id, amount: i.captured };
      if (dec(i.refunded).gt(0)) yield { kind: 'refund', objectId: i.id, amount: i.refunded };
    }
    const payouts = await this.db.select().from(sandboxPayouts);
    for (const p of payouts) {
      yield { kind: 'payout', objectId: p.id, amount: p.amount };
      if (p.status === 'failed') yield { kind: 'payout_failure', objectId: p.id, amount: p.amount };
    }
  }
}

/** The contract's answer to a card step that succeeded, and the intent as the provider now holds it. */
function confirmed(row: IntentRow): { result: SandboxConfirmResult; intent: ProviderIntent } {
  return { result: { id: row.id, status: 'succeeded', amount: row.amount }, intent: toIntent(row) };
}
