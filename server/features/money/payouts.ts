// Money out to bank accounts (docs/money.md): a trader's releases and order payments, an investor's
// withdrawals. A payout is booked out of the user's ledger account (`trader:` or `investor:`) in the
// caller's transaction and sent to the provider after COMMIT (idempotency key `payout-<id>`); the bank's
// answer comes later: paid, or failed and the money returned to the balance. The sweep sends what a
// crash or an outage left and asks about payouts on their way.
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  bankAccountCreateSchema,
  expectedHolder,
  maskIban,
  sameName,
  type BankAccount,
  type BankAccountCreate,
  type CashAccount,
  type Payout,
} from '../../../domain/cash-account.ts';
import { PAYOUT_STATUS_GROUPS, type PayoutPurpose } from '../../../domain/payouts.ts';
import { dec, toFixed, usdText, ZERO } from '../../../domain/money.ts';
import { moneyGateRefusal } from '../../../domain/policies.ts';
import type { Role } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { bankAccounts, payouts, users } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { accounts, post, transfer } from './ledger/ledger.ts';
import { accountBalance, balanceOf, lockBalance } from './balances.ts';
import type { Money } from './context.ts';
import { notify } from '../notifications/index.ts';
import { afterCommitJob } from './after-commit-job.ts';
import { sqlIn } from '../../db/vocabulary.ts';

type PayoutRow = typeof payouts.$inferSelect;
type BankAccountRow = typeof bankAccounts.$inferSelect;

/** The ledger account a user's payouts come from: investors' cash accounts, traders' balances. */
const balanceAccount = (userId: string, purpose: PayoutPurpose) =>
  purpose === 'withdrawal' ? accounts.investor(userId) : accounts.trader(userId);

// ---- bank accounts -----------------------------------------------------------------------------

function toBankAccount(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    holderName: row.holderName,
    ibanMasked: maskIban(row.iban),
    country: row.country,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function activeBankAccount(db: Db | Tx, userId: string): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.removedAt)));
  return row;
}

/**
 * PUT /api/bank-account: the account payouts go to, replacing the one before. Verified as it is added:
 * a valid IBAN (ibantools), held by the user's verified identity (the company for traders and
 * buyers), KYC approved. A trader's balance waiting for an account is paid out at once.
 */
export async function setBankAccount(
  money: Money,
  userId: string,
  input: BankAccountCreate,
): Promise<BankAccount> {
  const [user] = await money.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND');
  const holder = expectedHolder(user);
  if (!sameName(input.holderName, holder))
    throw AppError.of('BANK_HOLDER_MISMATCH', { holder: holder || 'your verified name' });
  const country = input.iban.slice(0, 2);
  const providerRef = await money.provider.registerBankAccount({
    userId,
    holderName: input.holderName,
    iban: input.iban,
    country,
    email: user.email,
  });
  const now = money.clock();
  const row = await inTransaction(money.db, async (tx) => {
    await lockBalance(tx, userId);
    await tx
      .update(bankAccounts)
      .set({ status: 'removed', removedAt: now })
      .where(and(eq(bankAccounts.userId, userId), isNull(bankAccounts.removedAt)));
    const [created] = await tx
      .insert(bankAccounts)
      .values({
        userId,
        holderName: input.holderName,
        iban: input.iban,
        country,
        provider: money.provider.name,
        providerRef,
        createdAt: now,
      })
      .returning();
    if (user.role === 'trader') await payOutTraderBalance(tx, money, userId, now);
    return created!;
  });
  return toBankAccount(row);
}

/** Parses the body of the bank-account call (the route's schema) — exported for the CLI and tests. */
export const parseBankAccount = (body: unknown) => bankAccountCreateSchema.parse(body);

// ---- payouts -----------------------------------------------------------------------------------

/**
 * Books a payout of `amount` out of the user's balance to their bank account, in the caller's
 * transaction (which locked the balance, or holds the lock of what credited it), and sends it after
 * COMMIT. Without a bank account the money stays in the balance (a trader's is paid out when they add
 * one); answers the payout, or null.
 */
export async function payOutBalance(
  tx: Tx,
  money: Money,
  input: { userId: string; purpose: PayoutPurpose; amount: string; campaignId?: string },
  now: Date,
): Promise<PayoutRow | null> {
  if (!dec(input.amount).gt(0)) return null;
  const bank = await activeBankAccount(tx, input.userId);
  if (!bank) return null;
  const [row] = await tx
    .insert(payouts)
    .values({
      userId: input.userId,
      bankAccountId: bank.id,
      purpose: input.purpose,
      campaignId: input.campaignId ?? null,
      amount: toFixed(input.amount),
      provider: money.provider.name,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await post(
    tx,
    transfer(
      'bank_payout',
      balanceAccount(input.userId, input.purpose),
      accounts.clearing(money.provider.name),
      input.amount,
      {
        payoutId: row!.id,
        campaignId: input.campaignId,
        at: now,
        memo: `Payout ${row!.id} to the bank account ending ${bank.iban.slice(-4)}`,
      },
    ),
  );
  await afterCommitJob(tx, money, 'money.payouts', { payoutId: row!.id });
  return row!;
}

/** A trader's whole balance (releases and order payments waiting for a bank account) paid out. */
export async function payOutTraderBalance(tx: Tx, money: Money, userId: string, now: Date) {
  const balance = await accountBalance(tx, accounts.trader(userId));
  return payOutBalance(tx, money, { userId, purpose: 'supplier', amount: toFixed(balance) }, now);
}

/** Sends a pending payout to the provider (idempotently), then asks how it went. */
export async function sendPayout(money: Money, payoutId: string): Promise<PayoutRow> {
  const [row] = await money.db
    .select({ payout: payouts, destination: bankAccounts.providerRef })
    .from(payouts)
    .innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(eq(payouts.id, payoutId));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.payout.status !== 'pending') return settlePayout(money, payoutId);
  const sent = await money.provider.createPayout({
    amount: row.payout.amount,
    destination: row.destination,
    metadata: { payoutId, userId: row.payout.userId, purpose: row.payout.purpose },
    idempotencyKey: `payout-${payoutId}`,
  });
  await money.db
    .update(payouts)
    .set({ status: 'in_transit', providerPayoutId: sent.id, sentAt: money.clock(), updatedAt: money.clock() })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')));
  return settlePayout(money, payoutId);
}

/**
 * Asks the provider about a payout on its way: paid, or failed — the money goes back to the balance it
 * came from (`payout_return`), once.
 */
export async function settlePayout(money: Money, payoutId: string): Promise<PayoutRow> {
  const [current] = await money.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!current || current.status !== 'in_transit') return current!;
  const remote = await money.provider.retrievePayout(current.providerPayoutId!);
  if (!remote || remote.status === 'in_transit') return current;
  const now = money.clock();
  return inTransaction(money.db, async (tx) => {
    const [locked] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (locked!.status !== 'in_transit') return locked!;
    const [settled] = await tx
      .update(payouts)
      .set({
        status: remote.status,
        failureReason:
          remote.status === 'failed' ? (remote.failureMessage ?? 'The bank refused the payout.') : null,
        settledAt: now,
        updatedAt: now,
      })
      .where(eq(payouts.id, payoutId))
      .returning();
    if (remote.status === 'failed')
      await post(
        tx,
        transfer(
          'payout_return',
          accounts.clearing(locked!.provider),
          balanceAccount(locked!.userId, locked!.purpose),
          locked!.amount,
          {
            payoutId,
            campaignId: locked!.campaignId ?? undefined,
            at: now,
            memo: `Payout ${payoutId} failed: returned to the balance`,
          },
        ),
      );
    // The payee hears how it went, once: paid to the bank, or back in the balance.
    await notify(tx, {
      userId: locked!.userId,
      kind: 'withdrawal',
      key: `payout:${payoutId}:${remote.status}`,
      title:
        remote.status === 'paid'
          ? `${usdText(locked!.amount)} reached your bank account`
          : `Your bank refused the payout of ${usdText(locked!.amount)}: it is back in your balance`,
      body: remote.status === 'failed' ? settled!.failureReason : null,
      link: locked!.purpose === 'withdrawal' ? '/portfolio' : '/trader/dashboard',
    });
    return settled!;
  });
}

/**
 * POST /api/withdrawals: an investor sends (part of) their balance to their verified bank account.
 * The balance is locked: two withdrawals at once never take more than it holds.
 */
export async function withdraw(money: Money, userId: string, amount: string): Promise<Payout> {
  const now = money.clock();
  const row = await inTransaction(money.db, async (tx) => {
    await lockBalance(tx, userId);
    // Money leaves only for a verified account, as it comes in (DESIGN.md §3).
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    // The route's money gate, judged again on the row read under the balance's lock: an account
    // suspended or sent back to review while this request was in flight moves nothing.
    const blocker = user && moneyGateRefusal(user);
    if (blocker) throw new AppError(blocker);
    if (!(await activeBankAccount(tx, userId))) throw new AppError('NO_BANK_ACCOUNT');
    const balance = await balanceOf(tx, userId);
    if (balance.lt(amount))
      throw AppError.of('INSUFFICIENT_BALANCE', { balance: usdText(balance), amount: usdText(amount) });
    return (await payOutBalance(tx, money, { userId, purpose: 'withdrawal', amount }, now))!;
  });
  // The provider was asked after COMMIT: the payout as it stands now (paid, failed, or on its way).
  const [sent] = await money.db.select().from(payouts).where(eq(payouts.id, row.id));
  return toPayout(sent ?? row);
}

function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    purpose: row.purpose,
    amount: row.amount,
    status: row.status,
    failureReason: row.failureReason,
    campaignId: row.campaignId,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/** GET /api/cash-account: the balance, what is on its way to the bank, the bank account, recent payouts. */
export async function cashAccountOf(db: Db, user: { id: string; role: Role }): Promise<CashAccount> {
  const account = user.role === 'investor' ? accounts.investor(user.id) : accounts.trader(user.id);
  const [balance, bank, rows] = await Promise.all([
    accountBalance(db, account),
    activeBankAccount(db, user.id),
    db.select().from(payouts).where(eq(payouts.userId, user.id)).orderBy(asc(payouts.createdAt)),
  ]);
  const pending = rows
    .filter((p) => p.status === 'pending' || p.status === 'in_transit')
    .reduce((sum, p) => sum.plus(p.amount), ZERO);
  return {
    balance: toFixed(balance),
    pendingPayouts: toFixed(pending),
    bankAccount: bank ? toBankAccount(bank) : null,
    payouts: rows.reverse().slice(0, 50).map(toPayout),
  };
}

export interface PayoutSweepReport {
  sent: number;
  paid: number;
  failed: number;
}

/** Sends pending payouts and asks about those on their way, oldest first. */
export async function sweepPayouts(money: Money): Promise<PayoutSweepReport> {
  const report: PayoutSweepReport = { sent: 0, paid: 0, failed: 0 };
  const open = await money.db
    .select({ id: payouts.id, status: payouts.status })
    .from(payouts)
    .where(sqlIn(payouts.status, PAYOUT_STATUS_GROUPS.underway))
    .orderBy(asc(payouts.createdAt))
    .limit(500);
  for (const item of open) {
    const after = await sendPayout(money, item.id);
    if (item.status === 'pending' && after.status !== 'pending') report.sent++;
    if (after.status === 'paid') report.paid++;
    if (after.status === 'failed') report.failed++;
  }
  return report;
}
