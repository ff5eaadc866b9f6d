import { eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, openTestDatabase, resetDatabase } from '../test/app.ts';
import type { Database, Db } from './db/connect.ts';
import { prepareDatabase } from './prepare.ts';
import { campaigns, users } from './db/schema/index.ts';
import { DEMO_PASSWORD } from './seed/demo-accounts.ts';
import { hashPassword } from './features/accounts/index.ts';

async function counts(db: Db) {
  const [u] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(campaigns);
  return { users: u!.n, campaigns: c!.n };
}

let shared: Database;
beforeAll(async () => {
  shared = await openTestDatabase();
});

/** The file's one database, migrated and emptied: what a first start finds. */
async function emptyDatabase(): Promise<Database> {
  await shared.migrate();
  await resetDatabase(shared.db);
  return shared;
}

describe('prepareDatabase', () => {
  it('seeds the demo data into an empty database once: a second start adds nothing', async () => {
    const database = await emptyDatabase();
    await prepareDatabase(database, { seedDemo: true });
    // One user per role and eight demo backers.
    expect(await counts(database.db)).toEqual({ users: 12, campaigns: 7 });
    // Demo users are pre-verified: the demo shows what a verified user can do.
    const demoUsers = await database.db.select({ emailVerified: users.emailVerified }).from(users);
    expect(demoUsers.every((u) => u.emailVerified)).toBe(true);
    await prepareDatabase(database, { seedDemo: true });
    expect(await counts(database.db)).toEqual({ users: 12, campaigns: 7 });
  });

  it('never seeds a database that already holds users', async () => {
    const database = await emptyDatabase();
    await createUser(database.db);
    await prepareDatabase(database, { seedDemo: true });
    expect(await counts(database.db)).toEqual({ users: 1, campaigns: 0 });
  });

  it('only migrates when seeding is off', async () => {
    const database = await emptyDatabase();
    await prepareDatabase(database, { seedDemo: false });
    expect(await counts(database.db)).toEqual({ users: 0, campaigns: 0 });
  });
});

describe('the demo password check (production)', () => {
  it('refuses a database whose demo accounts still have the published demo password, naming them', async () => {
    const database = await emptyDatabase();
    await prepareDatabase(database, { seedDemo: true });
    await expect(prepareDatabase(database, { seedDemo: false, refuseDemoPasswords: true })).rejects.toThrow(
      'Refusing to start: the demo accounts investor, trader, buyer, admin, aisha.khan, tom.becker, marie.dubois, kenji.sato, lucas.silva, emma.wilson, rahul.iyer, sophie.martin still have the demo password published in the README',
    );
  });

  it('starts once every demo account has another password (or none is there)', async () => {
    const database = await emptyDatabase();
    await prepareDatabase(database, { seedDemo: false, refuseDemoPasswords: true });
    await prepareDatabase(database, { seedDemo: true });
    await database.db
      .update(users)
      .set({ password: await hashPassword('Operator-chosen-passphrase-1') })
      .where(ne(users.username, 'admin'));
    await expect(prepareDatabase(database, { seedDemo: false, refuseDemoPasswords: true })).rejects.toThrow(
      /the demo account admin still has the demo password/,
    );
    await database.db
      .update(users)
      .set({ password: await hashPassword('Operator-chosen-passphrase-2') })
      .where(eq(users.username, 'admin'));
    await prepareDatabase(database, { seedDemo: false, refuseDemoPasswords: true });
  });

  it('an account that is not a demo account may use any password', async () => {
    const database = await emptyDatabase();
    await createUser(database.db, { username: 'someone', password: await hashPassword(DEMO_PASSWORD) });
    await prepareDatabase(database, { seedDemo: false, refuseDemoPasswords: true });
  });
});
