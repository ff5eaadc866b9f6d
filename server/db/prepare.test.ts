import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, openTestDatabase, resetDatabase } from '../../test/app.ts';
import type { Database, Db } from './connect.ts';
import { prepareDatabase } from './prepare.ts';
import { campaigns, users } from './schema/index.ts';

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
    expect(await counts(database.db)).toEqual({ users: 12, campaigns: 6 });
    // Demo users are pre-verified: the demo shows what a verified user can do.
    const demoUsers = await database.db.select({ emailVerified: users.emailVerified }).from(users);
    expect(demoUsers.every((u) => u.emailVerified)).toBe(true);
    await prepareDatabase(database, { seedDemo: true });
    expect(await counts(database.db)).toEqual({ users: 12, campaigns: 6 });
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
