// Posting to the double-entry ledger (DESIGN.md §3). Every money movement is one call: a transaction
// of entries that sum to exactly zero, written inside the caller's database transaction so the
// ledger moves with the state it describes. The database refuses anything else (migrations 0004 and
// 0007), checking each INSERT statement: a transaction and all its entries are always one statement.
import type { PaymentProviderName } from '../../../../domain/payments.ts';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { dec, ZERO, type DecimalInput } from '../../../../domain/money.ts';
import { queryRows } from '../../../db/connect.ts';
import type { Tx } from '../../../db/transaction.ts';
import { ledgerEntries, ledgerTransactions } from '../../../db/schema/index.ts';

/** Ledger account keys (docs/money.md). Only clearing accounts (money outside the platform) may go negative. */
export const accounts = {
  /** A card provider's side, or `bank` for transfers an admin marked received. */
  clearing: (provider: PaymentProviderName | 'bank') => `clearing:${provider}`,
  escrow: (campaignId: string) => `escrow:${campaignId}`,
  /** A buyer order's payment, held until the buyer confirms receipt (DESIGN.md §3). */
  orderEscrow: (orderId: string) => `order-escrow:${orderId}`,
  /** A trader's settlement paid in, until it is distributed. */
  settlement: (campaignId: string) => `settlement:${campaignId}`,
  platformFees: () => 'platform:fees',
  trader: (userId: string) => `trader:${userId}`,
  /** The investor's cash account: payouts land here; reinvested or withdrawn from here. */
  investor: (userId: string) => `investor:${userId}`,
} as const;

export function mayGoNegative(account: string): boolean {
  return account.startsWith('clearing:');
}

export type LedgerKind =
  /** A payment captured into a campaign's escrow (from a card, or from the investor's balance). */
  | 'investment'
  /** Escrow back to where the payment came from (card or balance). */
  | 'refund'
  /** A tranche of a campaign's escrow to its trader. */
  | 'release'
  /** A trader's settlement paid in (card or bank transfer) to the campaign's settlement account. */
  | 'settlement_payment'
  /** The settlement and what escrow still holds to the investors' cash accounts, the fee to the platform. */
  | 'distribution'
  /** A balance paid out to a bank account, and its return when the bank refuses it. */
  | 'bank_payout'
  | 'payout_return'
  // Buyer orders: paid into order escrow, released to the supplier, or refunded to the buyer's card.
  | 'order_payment'
  | 'order_release'
  | 'order_refund';

export interface Posting {
  kind: LedgerKind;
  /** When the movement happened, by the app's clock: the date statements show (tests and the demo move the clock). */
  at: Date;
  campaignId?: string | undefined;
  investmentId?: string | undefined;
  orderId?: string | undefined;
  paymentId?: string | undefined;
  payoutId?: string | undefined;
  releaseId?: string | undefined;
  memo?: string;
  entries: ReadonlyArray<{ account: string; amount: DecimalInput }>;
}

function assertBalanced(posting: Posting) {
  const total = posting.entries.reduce((sum, e) => sum.plus(e.amount), ZERO);
  if (posting.entries.length < 2 || !total.eq(0) || posting.entries.some((e) => dec(e.amount).eq(0)))
    throw new Error(`ledger posting ${posting.kind} is not balanced: ${JSON.stringify(posting.entries)}`);
}

/**
 * One balanced transaction as two data-modifying CTEs, `posted` (its id) and `posted_entries`: `post`
 * runs them alone; a caller holding a hot lock adds them to its own statement (one round trip fewer
 * while others wait). Throws before anything is written if it does not balance.
 */
export function postingCtes(posting: Posting): SQL {
  assertBalanced(posting);
  const rows = posting.entries.map((e) => sql`(${e.account}, ${dec(e.amount).toFixed(2)}::numeric)`);
  return sql`posted as (
      insert into ${ledgerTransactions}
        (kind, campaign_id, investment_id, order_id, payment_id, payout_id, release_id, memo, created_at)
      values (${posting.kind}, ${posting.campaignId ?? null}, ${posting.investmentId ?? null},
        ${posting.orderId ?? null}, ${posting.paymentId ?? null}, ${posting.payoutId ?? null},
        ${posting.releaseId ?? null}, ${posting.memo ?? ''}, ${posting.at.toISOString()})
      returning id),
    posted_entries as (
      insert into ${ledgerEntries} (transaction_id, account, amount, created_at)
      select posted.id, e.account, e.amount, ${posting.at.toISOString()}::timestamptz
      from posted, (values ${sql.join(rows, sql`, `)}) as e(account, amount))`;
}

/** Writes one balanced transaction (its entries in the same statement); answers its id. */
export async function post(tx: Tx, posting: Posting): Promise<string> {
  const [row] = await queryRows<{ id: string }>(tx, sql`with ${postingCtes(posting)} select id from posted`);
  return row!.id;
}

/**
 * Writes many balanced transactions in one statement (a campaign's refunds, one per investor):
 * the rows travel as two JSON parameters, so 1,000 investors cost one round trip, not 2,000.
 */
export async function postMany(tx: Tx, postings: readonly Posting[]): Promise<void> {
  if (postings.length === 0) return;
  const transactions = postings.map((posting) => {
    assertBalanced(posting);
    return {
      id: randomUUID(),
      kind: posting.kind,
      campaign_id: posting.campaignId ?? null,
      investment_id: posting.investmentId ?? null,
      order_id: posting.orderId ?? null,
      payment_id: posting.paymentId ?? null,
      payout_id: posting.payoutId ?? null,
      memo: posting.memo ?? '',
      created_at: posting.at.toISOString(),
    };
  });
  const entries = postings.flatMap((posting, i) =>
    posting.entries.map((e) => ({
      transaction_id: transactions[i]!.id,
      account: e.account,
      amount: dec(e.amount).toFixed(2),
      created_at: transactions[i]!.created_at,
    })),
  );
  // No join between the two inserts: the ids are ours already, a data-modifying CTE always runs to
  // completion, and the foreign key and ledger checks fire at the end of the statement, when both are
  // written. (A join on the CTE's output was planned as a nested loop: 1,000 investors cost a second.)
  await tx.execute(sql`with t as (
      insert into ${ledgerTransactions}
        (id, kind, campaign_id, investment_id, order_id, payment_id, payout_id, memo, created_at)
      select id, kind, campaign_id, investment_id, order_id, payment_id, payout_id, memo, created_at
      from jsonb_to_recordset(${JSON.stringify(transactions)}::jsonb)
        as x(id uuid, kind text, campaign_id uuid, investment_id uuid, order_id uuid, payment_id uuid,
          payout_id uuid, memo text, created_at timestamptz))
    insert into ${ledgerEntries} (transaction_id, account, amount, created_at)
    select e.transaction_id, e.account, e.amount, e.created_at
    from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
      as e(transaction_id uuid, account text, amount numeric, created_at timestamptz)`);
}

/** Money moving from one account to another: the common two-entry posting. */
export function transfer(
  kind: LedgerKind,
  from: string,
  to: string,
  amount: DecimalInput,
  refs: Omit<Posting, 'kind' | 'entries'>,
): Posting {
  return {
    kind,
    ...refs,
    entries: [
      { account: from, amount: dec(amount).times(-1) },
      { account: to, amount },
    ],
  };
}
