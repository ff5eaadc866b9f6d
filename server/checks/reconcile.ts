// The ledger reconciled against the payment provider (docs/money.md, reliability checklist M9):
// every capture, refund, payout and payout failure the provider made matches one ledger movement of the
// same amount, and every ledger movement that says money arrived or left matches one at the provider.
// A void moves no money: a released hold must have no capture at either end.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { dec } from '../../domain/money.ts';
import type { Db } from '../db/connect.ts';
import { ledgerEntries, ledgerTransactions, payments, payouts } from '../db/schema/index.ts';
import type { PaymentProvider, ProviderMovement } from '../features/money/index.ts';
import type { LedgerBreak } from './break.ts';

export const RECONCILIATION_CHECKS = [
  'every capture at the provider is one payment booked for the same amount, and back',
  'every refund at the provider is one refund booked for the same amount, and back',
  'every payout at the provider is one payout booked for the same amount, and every failure one return',
] as const;
const [CAPTURES, REFUNDS, PAYOUTS] = RECONCILIATION_CHECKS;

const CAPTURE_KINDS = ['investment', 'order_payment', 'settlement_payment'];
const REFUND_KINDS = ['refund', 'order_refund'];

/** What the ledger moved per payment (or payout) for these kinds: the amount that reached the clearing side. */
async function ledgerAmounts(db: Db, kinds: string[], by: 'payment' | 'payout') {
  const ref = by === 'payment' ? ledgerTransactions.paymentId : ledgerTransactions.payoutId;
  const rows = await db
    .select({
      ref,
      kind: ledgerTransactions.kind,
      account: ledgerEntries.account,
      amount: ledgerEntries.amount,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(and(inArray(ledgerTransactions.kind, kinds), isNotNull(ref)));
  const totals = new Map<string, string>();
  for (const r of rows) {
    // The clearing entry is the money that crossed the provider: its size, whatever its sign.
    if (!r.account.startsWith('clearing:')) continue;
    totals.set(
      r.ref!,
      dec(totals.get(r.ref!) ?? '0')
        .plus(dec(r.amount).abs())
        .toFixed(2),
    );
  }
  return totals;
}

function compare(
  check: string,
  what: string,
  provider: Map<string, string>,
  ledger: Map<string, string>,
  names: Map<string, string>,
): LedgerBreak[] {
  const breaks: LedgerBreak[] = [];
  for (const [objectId, amount] of provider) {
    const ours = names.get(objectId);
    const booked = ours ? ledger.get(ours) : undefined;
    if (!booked || !dec(booked).eq(amount))
      breaks.push({
        check,
        detail: `${what} ${objectId} of ${amount} at the provider is ${
          ours ? `booked as ${booked ?? 'nothing'}` : 'unknown to HydroBridge'
        }`,
      });
  }
  const byOurs = new Map([...names].map(([objectId, id]) => [id, objectId]));
  for (const [id, amount] of ledger) {
    const objectId = byOurs.get(id);
    if (!objectId || !provider.has(objectId))
      breaks.push({ check, detail: `${what} of ${id} booked for ${amount} has no match at the provider` });
  }
  return breaks;
}

/** Every mismatch between the ledger and what the provider reports; empty when they agree. */
export async function reconcileWithProvider(db: Db, provider: PaymentProvider): Promise<LedgerBreak[]> {
  const seen: Record<ProviderMovement['kind'], Map<string, string>> = {
    capture: new Map(),
    refund: new Map(),
    payout: new Map(),
    payout_failure: new Map(),
  };
  for await (const m of provider.movements()) seen[m.kind].set(m.objectId, m.amount);

  const ourPayments = await db
    .select({ id: payments.id, intentId: payments.intentId })
    .from(payments)
    .where(and(eq(payments.provider, provider.name), isNotNull(payments.intentId)));
  const paymentOf = new Map(ourPayments.map((p) => [p.intentId!, p.id]));
  const ourPayouts = await db
    .select({ id: payouts.id, providerId: payouts.providerPayoutId })
    .from(payouts)
    .where(and(eq(payouts.provider, provider.name), isNotNull(payouts.providerPayoutId)));
  const payoutOf = new Map(ourPayouts.map((p) => [p.providerId!, p.id]));
  const onlyThisProvider = (ledger: Map<string, string>, ids: Set<string>) =>
    new Map([...ledger].filter(([id]) => ids.has(id)));
  const cardPayments = new Set(ourPayments.map((p) => p.id));
  // A payout booked but never sent (the provider was down) has no provider id yet: not a break.
  const sentPayouts = new Set(ourPayouts.map((p) => p.id));

  const [captured, refunded, paidOut, returned] = await Promise.all([
    ledgerAmounts(db, CAPTURE_KINDS, 'payment'),
    ledgerAmounts(db, REFUND_KINDS, 'payment'),
    ledgerAmounts(db, ['bank_payout'], 'payout'),
    ledgerAmounts(db, ['payout_return'], 'payout'),
  ]);
  return [
    ...compare(CAPTURES, 'capture', seen.capture, onlyThisProvider(captured, cardPayments), paymentOf),
    ...compare(REFUNDS, 'refund', seen.refund, onlyThisProvider(refunded, cardPayments), paymentOf),
    ...compare(PAYOUTS, 'payout', seen.payout, onlyThisProvider(paidOut, sentPayouts), payoutOf),
    ...compare(
      PAYOUTS,
      'payout failure',
      seen.payout_failure,
      onlyThisProvider(returned, sentPayouts),
      payoutOf,
    ),
  ];
}
