// Test kit for the API suites: a fresh database on the backend the Vitest project chose (TEST_DB),
// the real app on top of it, and factories that insert rows through drizzle.
//
//   const app = await buildTestApp({ seed: true });   // closed after the test file (test/setup-api.ts)
//   const res = await app.inject({ url: '/api/campaigns' });
//   const campaign = await createCampaign(app.db, { status: 'funded' });
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../server/app.ts';
import { openDatabase, PGLITE_OPTIONS, pgliteQuery, type Database, type Db } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/prepare.ts';
import { installJobQueues, JOB_SCHEMA, type JobMode } from '../server/jobs/queue.ts';
import { JOB_SPECS } from '../server/job-registry.ts';
import * as schema from '../server/db/schema/index.ts';
import { hashPassword } from '../server/features/accounts/index.ts';
import { invalidateCampaignLists } from '../server/features/campaigns/index.ts';
import { inTransaction } from '../server/db/transaction.ts';
import { setReleaseSchedule } from '../server/features/money/index.ts';

export type TestBackend = 'pglite' | 'postgres';

/** The backend of this run: set per Vitest project (`api-pglite`, `api-postgres`). */
export function testBackend(): TestBackend {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

const opened: Array<{ close(): Promise<unknown> }> = [];

/** Closes every app and database opened through this kit; test/setup-api.ts runs it after each file. */
export async function closeTestResources(): Promise<void> {
  await Promise.all(opened.splice(0).map((x) => x.close()));
}

/**
 * A fresh database without rows on this run's backend (PGlite starts from the migrated template,
 * PostgreSQL without tables: run `prepareDatabase` or `migrate()` first; `withoutTables` starts both
 * without tables); closed after the test file.
 */
export async function openTestDatabase({ withoutTables = false } = {}): Promise<Database> {
  const database =
    withoutTables && testBackend() === 'pglite'
      ? await openDatabase({ memory: true })
      : await freshDatabase();
  opened.push(database);
  return database;
}

/**
 * The real app (no built client) on a fresh, migrated database; `seed` adds the demo data, `clock`
 * replaces the time the app judges reservations and deadlines by (move it instead of sleeping).
 */
export async function buildTestApp({
  seed = false,
  clock,
  jobs,
}: { seed?: boolean; clock?: () => Date; jobs?: JobMode } = {}): Promise<App> {
  const database = await freshDatabase();
  try {
    await prepareDatabase(database, { seedDemo: seed });
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({ database, clock, jobs }); // closing the app closes its database
  opened.push(app);
  return app;
}

/** In-memory PGlite, or a new database in the run's PostgreSQL cluster. */
async function freshDatabase(): Promise<Database> {
  if (testBackend() === 'pglite') return openDatabase({ memory: true, loadDataDir: await pgliteTemplate() });
  const adminUrl = inject('postgresUrl');
  if (!adminUrl)
    throw new Error('TEST_DB=postgres but no cluster was started (run through vitest.config.ts)');
  const name = `hb_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return openDatabase({ databaseUrl: adminUrl.replace(/\/[^/]*$/, `/${name}`), poolSize: 4 });
}

const MIGRATIONS = path.resolve(import.meta.dirname, '../server/db/migrations');
let template: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite snapshot, made once per worker process: an instance started from it skips
 * initdb and the migrations, about half the cost of a new one. It holds the same tables as a database
 * that `prepareDatabase` just migrated, so it counts as fresh: a test that needs the migrations to run
 * on a truly new database uses `openDatabase({ memory: true })` itself.
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const client = await PGlite.create(PGLITE_OPTIONS);
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
      await installJobQueues({ query: pgliteQuery(client) }, JOB_SPECS);
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  })();
  return template;
}

/**
 * Empties every table (keeps the migrations): a clean slate between tests that share one database,
 * much cheaper than a new PGlite instance (~2 s each).
 */
export async function resetDatabase(db: Db): Promise<void> {
  const tables = Object.values(schema)
    .filter((t) => is(t, PgTable))
    .map((t) => sql.identifier(getTableName(t)));
  await db.execute(sql`truncate ${sql.join(tables, sql`, `)} cascade`);
  // The queue's jobs too, where the queue is installed (a database the test has not prepared has none).
  await db.execute(
    sql.raw(
      `do $$ begin if to_regclass('${JOB_SCHEMA}.job') is not null then truncate ${JOB_SCHEMA}.job; end if; end $$`,
    ),
  );
}

// ---- factories ---------------------------------------------------------------------------------

const { campaigns, users } = schema;
export type NewUser = typeof users.$inferInsert;
export type NewCampaign = typeof campaigns.$inferInsert;

export const TEST_PASSWORD = 'Test-password-123';
let passwordHash: Promise<string> | undefined;
let sequence = 0;

/**
 * The authenticator-app secret of every admin `createUser` makes (admins must have a second factor).
 * Sign one in with `signInWithPassword` (test/two-factor.ts), which answers the second step.
 */
export const TEST_ADMIN_TOTP_SECRET = 'KRSXG5CBMRWWS3SUN5ZGKU3FMNZGK5BB';

/**
 * Inserts a user (investor, email verified, KYC approved, a real argon2 hash of TEST_PASSWORD) with
 * overrides; `emailVerified: false` for an account that has not opened its verification link. An
 * admin gets an authenticator app (TEST_ADMIN_TOTP_SECRET), as every admin must; `{ secondFactor:
 * false }` makes one that has not enrolled yet.
 */
export async function createUser(
  db: Db,
  overrides: Partial<NewUser> = {},
  { secondFactor = overrides.role === 'admin' }: { secondFactor?: boolean } = {},
) {
  const n = ++sequence;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      username: `user${n}_${randomUUID().slice(0, 8)}`,
      email: `user${n}_${randomUUID().slice(0, 8)}@test.example`,
      emailVerified: true,
      password: await passwordHash,
      role: 'investor',
      firstName: `First${n}`,
      lastName: `Last${n}`,
      country: 'GB',
      kycStatus: 'approved',
      termsAccepted: true,
      riskDisclosureAccepted: true,
      ...overrides,
    })
    .returning();
  if (secondFactor) {
    await db
      .insert(schema.totpFactors)
      .values({ userId: user!.id, secret: TEST_ADMIN_TOTP_SECRET, enabledAt: new Date() });
  }
  return user!;
}

const DAY_MS = 86_400_000;

/** A date `days` from now, as the campaign form sends a deadline ("2027-03-01"). */
export const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** A complete, valid body of `POST /api/campaigns` (the spec's create payload), with overrides. */
export function campaignBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Kandla → Rotterdam spring cargo',
    description: 'Green ammonia for a Dutch fertilizer plant.',
    tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
    targetAmount: '750000',
    quantity: '250',
    buyPrice: '1.40',
    sellPrice: '5.60',
    deadline: inDays(45),
    ...overrides,
  };
}

/** Inserts an active, approved campaign (100 t at 1.40 → 5.60, target 100,000) with overrides; creates its trader when none is given. */
export async function createCampaign(db: Db, overrides: Partial<NewCampaign> = {}) {
  const traderId =
    overrides.traderId ??
    (
      await createUser(db, {
        role: 'trader',
        companyName: 'Test Trading Ltd',
        registrationNumber: `REG-${randomUUID()}`,
      })
    ).id;
  const n = ++sequence;
  const [campaign] = await db
    .insert(campaigns)
    .values({
      traderId,
      title: `Test cargo ${n}`,
      description: 'A test shipment of green ammonia.',
      tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
      targetAmount: '100000.00',
      raisedAmount: '0',
      quantity: '100',
      buyPrice: '1.40',
      sellPrice: '5.60',
      status: 'active',
      // As a campaign stands once an admin's due-diligence review approved it (`reviewStatus:
      // 'pending'` for a new one; test/diligence.ts approves one made through the API).
      reviewStatus: 'approved',
      deadline: new Date(Date.now() + 30 * DAY_MS),
      ...overrides,
    })
    .returning();
  // Its release schedule, as the app writes one at creation (100% when trading starts).
  await inTransaction(db, (tx) => setReleaseSchedule(tx, campaign!.id, undefined, campaign!.createdAt));
  // A write like the app's own: the public list must not answer from before it.
  await invalidateCampaignLists(db);
  return campaign!;
}

/** A clock for the app that stands still until moved: `clock.advance(16 * 60_000)`. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
  });
}
