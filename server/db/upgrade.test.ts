// Upgrading a database written before the money module (migration 0011): the previous version's demo
// data (fixtures/demo-at-0010.sql) migrated to the current schema keeps every payment, escrow and
// ledger posting under the one payment lifecycle, passes every ledger check and the provider
// reconciliation, and the new code runs on it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.ts';
import { verifyLedger } from '../checks/ledger.ts';
import { createMoney } from '../compose.ts';
import { investorMovements } from '../features/portfolio/index.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import { SandboxProvider } from '../features/money/index.ts';
import { sweepAll } from '../sweeps.ts';
import { queryRows, type Database } from './connect.ts';

const BEFORE_MONEY_MODULE = 10; // the last migration the fixture's version had

/** The migrations folder as that version shipped it: the journal cut after `last`. */
function migrationsUpTo(last: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hb-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function migrateTo(database: Database, last: number) {
  const migrationsFolder = migrationsUpTo(last);
  try {
    if (database.kind === 'pglite')
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  } finally {
    fs.rmSync(migrationsFolder, { recursive: true, force: true });
  }
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ withoutTables: true });
  await migrateTo(database, BEFORE_MONEY_MODULE);
  const fixture = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/demo-at-0010.sql'), 'utf8');
  // One statement per table: the ledger checks each statement's transactions balance.
  for (const statement of fixture.split('\n\n'))
    if (statement.includes('INSERT')) await database.db.execute(sql.raw(statement));
  await database.migrate();
});

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string }>(database.db, query))[0]!.n);

describe('a database from before the money module, migrated', () => {
  it('gives every investment and order its payment, and every capture and refund its payment', async () => {
    expect(await count(sql`select count(*) as n from investments where payment_id is null`)).toBe(0);
    expect(await count(sql`select count(*) as n from orders where payment_id is null`)).toBe(0);
    expect(await count(sql`select count(*) as n from payments`)).toBe(41 + 7);
    expect(
      await count(sql`select count(*) as n from ledger_transactions
        where kind in ('investment', 'refund', 'order_payment', 'order_refund') and payment_id is null`),
    ).toBe(0);
  });

  it('passes every ledger check and matches the provider', async () => {
    expect(await verifyLedger(database.db, new SandboxProvider(database.db))).toEqual([]);
  });

  it("shows a campaign completed before settlements as paid to the investor's card, with its profit and fee", async () => {
    const [priya] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from users where username = 'investor'`,
    );
    const payouts = (await investorMovements(database.db, priya!.id)).filter((m) => m.kind === 'card_payout');
    expect(payouts).toEqual([
      expect.objectContaining({
        campaignTitle: 'Kandla → Rotterdam first cargo',
        external: '-17419.01', // principal 8,000 + net profit 9,419.01 back on the card
        invested: '-8000.00',
        cash: '0.00',
        profit: '9419.01',
        fee: '495.74',
      }),
    ]);
  });

  it('runs the current sweeps on it and stays sound', async () => {
    const provider = new SandboxProvider(database.db);
    const report = await sweepAll({
      db: database.db,
      money: createMoney(database.db, provider),
      publicUrl: 'http://localhost',
      notify: async () => '',
    });
    expect(report.errors).toEqual([]);
    expect(await verifyLedger(database.db, provider)).toEqual([]);
  });
});
