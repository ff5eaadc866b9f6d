// The ledger's rules as the database holds them (migrations 0004 and 0007), whatever code writes:
// append-only, every transaction balanced, no account but a clearing account below zero.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/app.ts';
import type { App } from '../../../app.ts';
import { queryRows } from '../../../db/connect.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { accounts, post, postMany, transfer } from './ledger.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});

/** The database's refusal, as text (node-postgres puts it on the error, drizzle over PGlite on its cause). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const e = error as { message: string; cause?: { message?: string } };
    return e.cause?.message ?? e.message;
  }
  return 'accepted';
}

/** A transaction and its entries written in one raw statement, bypassing post()'s own check. */
const rawPosting = (entries: Array<[account: string, amount: string]>) => {
  const id = randomUUID();
  const rows = entries.map(([account, amount]) => sql`(${id}::uuid, ${account}, ${amount}::numeric)`);
  return app.db.execute(sql`with t as (
      insert into ledger_transactions (id, kind, memo) values (${id}, 'investment', 'test') returning id)
    insert into ledger_entries (transaction_id, account, amount)
    select e.id, e.account, e.amount from t, (values ${sql.join(rows, sql`, `)}) as e(id, account, amount)`);
};

const balance = async (account: string) => {
  const [row] = await queryRows<{ total: string }>(
    app.db,
    sql`select coalesce(sum(amount), 0)::text as total from ledger_entries where account = ${account}`,
  );
  return row!.total;
};

describe('the ledger in the database', () => {
  it('refuses a transaction whose entries do not sum to zero', async () => {
    const escrow = accounts.escrow(randomUUID());
    expect(await refusal(rawPosting([[escrow, '100.00']]))).toMatch(
      /does not balance: its entries sum to 100/,
    );
    expect(
      await refusal(
        rawPosting([
          ['clearing:sandbox', '-100.00'],
          [escrow, '99.99'],
        ]),
      ),
    ).toMatch(/does not balance/);
    expect(await balance(escrow)).toBe('0');
  });

  it('refuses a debit that takes an account below zero; a clearing account may go below zero', async () => {
    const escrow = accounts.escrow(randomUUID());
    const trader = accounts.trader(randomUUID());
    expect(
      await refusal(
        rawPosting([
          [escrow, '-50.00'],
          [trader, '50.00'],
        ]),
      ),
    ).toMatch(new RegExp(`ledger account ${escrow} would go negative \\(-50`));
    await inTransaction(app.db, (tx) =>
      post(tx, transfer('investment', 'clearing:sandbox', escrow, '80.00', { at: new Date() })),
    );
    await inTransaction(app.db, (tx) =>
      post(tx, transfer('release', escrow, trader, '80.00', { at: new Date() })),
    );
    expect(await balance(escrow)).toBe('0.00');
    expect(await balance(trader)).toBe('80.00');
    expect(
      await refusal(
        inTransaction(app.db, (tx) =>
          post(tx, transfer('release', escrow, trader, '0.01', { at: new Date() })),
        ),
      ),
    ).toMatch(/would go negative/);
  });

  it('checks many postings of one statement together: 1,000 debits of one account pass, one too many fails', async () => {
    const escrow = accounts.escrow(randomUUID());
    const trader = accounts.trader(randomUUID());
    await inTransaction(app.db, (tx) =>
      post(tx, transfer('investment', 'clearing:sandbox', escrow, '1000.00', { at: new Date() })),
    );
    const releases = Array.from({ length: 1000 }, () =>
      transfer('release', escrow, trader, '1.00', { at: new Date() }),
    );
    await inTransaction(app.db, (tx) => postMany(tx, releases));
    expect(await balance(escrow)).toBe('0.00');
    expect(
      await refusal(
        inTransaction(app.db, (tx) =>
          postMany(tx, [transfer('release', escrow, trader, '1.00', { at: new Date() })]),
        ),
      ),
    ).toMatch(/would go negative/);
  });

  it("dates each posting at the app's time it is given, through post and postMany alike", async () => {
    const escrow = accounts.escrow(randomUUID());
    const paidAt = new Date('2025-03-14T09:26:53.000Z');
    const refundedAt = new Date('2025-04-01T12:00:00.000Z');
    await inTransaction(app.db, (tx) =>
      post(tx, transfer('investment', 'clearing:sandbox', escrow, '25.00', { at: paidAt })),
    );
    await inTransaction(app.db, (tx) =>
      postMany(tx, [transfer('refund', escrow, 'clearing:sandbox', '25.00', { at: refundedAt })]),
    );
    const rows = await queryRows<{ kind: string; posted: Date | string; entered: Date | string }>(
      app.db,
      sql`select t.kind, t.created_at as posted, e.created_at as entered
        from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.account = ${escrow} order by t.created_at`,
    );
    expect(
      rows.map((r) => [r.kind, new Date(r.posted).toISOString(), new Date(r.entered).toISOString()]),
    ).toEqual([
      ['investment', paidAt.toISOString(), paidAt.toISOString()],
      ['refund', refundedAt.toISOString(), refundedAt.toISOString()],
    ]);
  });

  it('is append-only: entries and transactions cannot be updated or deleted', async () => {
    const escrow = accounts.escrow(randomUUID());
    await inTransaction(app.db, (tx) =>
      post(tx, transfer('investment', 'clearing:sandbox', escrow, '10.00', { at: new Date() })),
    );
    expect(
      await refusal(app.db.execute(sql`update ledger_entries set amount = 0 where account = ${escrow}`)),
    ).toMatch(/append-only: UPDATE on ledger_entries is refused/);
    expect(await refusal(app.db.execute(sql`delete from ledger_entries where account = ${escrow}`))).toMatch(
      /append-only: DELETE on ledger_entries is refused/,
    );
    expect(await refusal(app.db.execute(sql`delete from ledger_transactions`))).toMatch(
      /append-only: DELETE on ledger_transactions is refused/,
    );
    expect(await balance(escrow)).toBe('10.00');
  });
});
