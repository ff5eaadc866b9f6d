// Housekeeping: what the sweep deletes and what it keeps (judged by an injected clock), the schedule
// it runs on (a job of the queue), and one sweep at a time across instances.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, openTestDatabase, testBackend } from '../../../test/app.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/connect.ts';
import { prepareDatabase } from '../../prepare.ts';
import { passwordResetTokens, rateLimitEvents, sessions } from '../../db/schema/index.ts';
import { JOB_SPECS } from '../../job-registry.ts';
import { sweepExpired } from './housekeeping.ts';
import { hashToken, newToken } from './sessions.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await prepareDatabase(database, { seedDemo: false });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Rows around the end of their lifetime as of `now`; returns the names of those that must stay. */
async function rowsAround(now: Date) {
  const { db } = database;
  const user = await createUser(db);
  const at = (ms: number) => new Date(now.getTime() + ms);
  const session = (name: string, values: { persistent: boolean; createdAt: Date; expiresAt: Date }) =>
    db
      .insert(sessions)
      .values({ tokenHash: hashToken(name + newToken()), userId: user.id, ...values, userAgent: name });
  await session('idle-ended', { persistent: false, createdAt: at(-13 * HOUR), expiresAt: at(-1000) });
  await session('in-use', { persistent: false, createdAt: at(-HOUR), expiresAt: at(11 * HOUR) });
  // Slid past its 7-day end before absolute ends existed.
  await session('past-7-days', { persistent: false, createdAt: at(-7 * DAY - 1000), expiresAt: at(HOUR) });
  await session('remembered', { persistent: true, createdAt: at(-29 * DAY), expiresAt: at(DAY) });
  await session('remembered-past-30-days', {
    persistent: true,
    createdAt: at(-30 * DAY - 1000),
    expiresAt: at(HOUR),
  });

  const link = (expiresAt: Date, usedAt: Date | null = null) =>
    db
      .insert(passwordResetTokens)
      .values({ tokenHash: hashToken(newToken()), userId: user.id, expiresAt, usedAt });
  await link(at(-1000));
  await link(at(30 * MINUTE));
  await link(at(30 * MINUTE), at(-MINUTE));

  const event = (key: string, age: number) =>
    db.insert(rateLimitEvents).values({ bucket: 'signin-account', key, createdAt: at(-age) });
  await event('older-than-every-window', 60 * MINUTE + 1000);
  await event('in-the-hour-window', 59 * MINUTE);
  await event('in-the-15-minute-window', 14 * MINUTE);
  return user;
}

async function remaining(userId: string) {
  const { db } = database;
  return {
    sessions: (await db.select().from(sessions).where(eq(sessions.userId, userId)))
      .map((s) => s.userAgent)
      .sort(),
    resetTokens: (await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)))
      .length,
    events: (await db.select().from(rateLimitEvents)).map((e) => e.key).sort(),
  };
}

describe('a sweep', () => {
  it('deletes ended sessions, expired reset links and events older than every window; keeps the rest', async () => {
    // A clock three months ahead of the database's: expiry is judged by the clock given, not by now().
    const now = new Date(Date.now() + 90 * DAY);
    await database.db.delete(rateLimitEvents);
    const user = await rowsAround(now);

    expect(await sweepExpired(database.db, now)).toEqual({
      sessions: 3,
      resetTokens: 1,
      rateLimitEvents: 1,
      abandonedUploads: 0,
    });
    expect(await remaining(user.id)).toEqual({
      sessions: ['in-use', 'remembered'],
      resetTokens: 2,
      events: ['in-the-15-minute-window', 'in-the-hour-window'],
    });
    // Nothing left to do a moment later.
    expect(await sweepExpired(database.db, now)).toEqual({
      sessions: 0,
      resetTokens: 0,
      rateLimitEvents: 0,
      abandonedUploads: 0,
    });
  });

  // PostgreSQL only: the embedded database admits one process (its lock file), so one instance.
  it.skipIf(testBackend() === 'pglite')(
    'runs on one instance at a time: while another holds the sweep lock, it skips and deletes nothing',
    async () => {
      const now = new Date(Date.now() + 200 * DAY);
      const user = await createUser(database.db);
      await database.db.insert(sessions).values({
        tokenHash: hashToken(newToken()),
        userId: user.id,
        persistent: false,
        expiresAt: new Date(),
      });
      // Another instance's sweep, in progress on another connection.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const other = database.db.transaction(async (tx) => {
        const result = await sweepExpired(tx, now);
        expect(result).not.toBeNull();
        locked();
        await released;
      });
      try {
        await holding;
        await database.db.insert(sessions).values({
          tokenHash: hashToken(newToken()),
          userId: user.id,
          persistent: false,
          expiresAt: new Date(),
        });
        expect(await sweepExpired(database.db, now)).toBeNull();
        // The other sweep has not committed yet and this one deleted nothing: both rows still show.
        expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
      } finally {
        release();
        await other;
      }
      expect(await sweepExpired(database.db, now)).toMatchObject({ sessions: 1 });
    },
  );
});

describe('the housekeeping job', () => {
  it('is scheduled every ten minutes, and deletes what expired when the queue runs it', async () => {
    const appDb = await openTestDatabase();
    await prepareDatabase(appDb, { seedDemo: false });
    const now = new Date(Date.now() + 400 * DAY);
    const app = await buildApp({ database: appDb, jobs: 'manual', clock: () => now });
    expect(JOB_SPECS.find((j) => j.name === 'housekeeping')?.cron).toBe('*/10 * * * *');

    const user = await createUser(appDb.db);
    await appDb.db.insert(sessions).values({
      tokenHash: hashToken(newToken()),
      userId: user.id,
      persistent: false,
      expiresAt: new Date(),
    });
    const left = async () =>
      (await appDb.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    expect(await left()).toBe(1);
    // What a cron slot does: one job in the queue, run by whichever instance takes it.
    await app.jobs.enqueue(appDb.db, 'housekeeping', {});
    expect(await app.jobs.runDue(['housekeeping'])).toBe(1);
    expect(await left()).toBe(0);
    await app.close();
  });
});
