// Investor cash accounts (docs/money.md): the balance is the ledger account `investor:<id>`. Every
// spend of it (an investment from the balance, a withdrawal) locks the investor's user row first, so
// two spends at once are decided one after the other and the balance never goes below zero (the
// ledger refuses it too: migration 0007).
import { eq, sql } from 'drizzle-orm';
import { dec, type Decimal } from '../../../domain/money.ts';
import type { Db } from '../../db/connect.ts';
import { ledgerEntries, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { accounts } from './ledger/ledger.ts';

/** Serialises the spends of one investor's balance (the caller's transaction holds it until COMMIT). */
export async function lockBalance(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
}

/** What a ledger account holds now. */
export async function accountBalance(db: Db | Tx, account: string): Promise<Decimal> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, account));
  return dec(row?.total ?? '0');
}

/** The investor's HydroBridge balance. */
export function balanceOf(db: Db | Tx, userId: string): Promise<Decimal> {
  return accountBalance(db, accounts.investor(userId));
}
