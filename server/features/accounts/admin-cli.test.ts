// The operator CLI (scripts/cli.ts) run as a child process, as an operator would: `create-admin` and
// `outbox`, against a fresh embedded database in a temp DATA_DIR (api-pglite) or a fresh PostgreSQL
// database through DATABASE_URL (api-postgres).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testBackend } from '../../../test/app.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/connect.ts';
import { emailOutbox, passwordResetTokens, sessions, users } from '../../db/schema/index.ts';
import { verifyPassword } from './password.ts';
import { createSession, hashToken, newToken } from './sessions.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Operator-passphrase-1';
const backend = testBackend();

let dataDir: string;
let databaseUrl: string | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hb-cli-'));
  if (backend === 'postgres') {
    const adminUrl = inject('postgresUrl');
    const name = `hb_cli_${Date.now()}_${process.pid}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  }
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `npm run cli -- <args>` (the same script, without npm) and collects its output. */
function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The CLI's database, opened here (the CLI must not be running: PGlite admits one process). */
async function open(): Promise<Database> {
  return databaseUrl ? openDatabase({ databaseUrl, poolSize: 2 }) : openDatabase({ dataDir, lockRetries: 0 });
}

async function withDb<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const SLOW = 240_000; // each run starts Node, tsx and the database

describe('npm run cli -- create-admin', () => {
  it(
    'creates an admin (KYC approved, email verified by the operator, terms accepted) who can sign in with that password',
    { timeout: SLOW },
    async () => {
      const run = await cli('create-admin', '--email', 'Chief@HydroBridge.test', '--password', PASSWORD);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Admin created: chief@hydrobridge.test (username chief)');
      expect(run.stdout).not.toContain(PASSWORD);

      await withDb(async (database) => {
        const [admin] = await database.db
          .select()
          .from(users)
          .where(eq(users.email, 'chief@hydrobridge.test'));
        expect(admin).toMatchObject({
          role: 'admin',
          kycStatus: 'approved',
          emailVerified: true,
          termsAccepted: true,
          accountStatus: 'active',
        });
        expect(await verifyPassword(admin!.password, PASSWORD)).toBe(true);

        const app = await buildApp({ database });
        const signin = await app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: 'chief@hydrobridge.test', password: PASSWORD },
        });
        expect(signin.statusCode).toBe(200);
        expect(signin.json()).toMatchObject({ role: 'admin', email: 'chief@hydrobridge.test' });
        await app.close(); // closes the database too
      });
    },
  );

  it('refuses a weak password with the sign-up rule’s message, exit code 1', { timeout: SLOW }, async () => {
    const run = await cli('create-admin', '--email', 'weak@hydrobridge.test', '--password', 'short7!');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Password must be at least 8 characters');
    const invalid = await cli('create-admin', '--email', 'not-an-email', '--password', PASSWORD);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('Invalid email address');
  });

  it(
    'refuses a taken email (in any case) or username, exit code 1, changing nothing',
    { timeout: SLOW },
    async () => {
      const email = await cli('create-admin', '--email', 'CHIEF@hydrobridge.test', '--password', PASSWORD);
      expect(email.code).toBe(1);
      expect(email.stderr).toContain('An account with the email chief@hydrobridge.test already exists.');

      const username = await cli(
        'create-admin',
        '--email',
        'other@hydrobridge.test',
        '--password',
        PASSWORD,
        '--username',
        'Chief',
      );
      expect(username.code).toBe(1);
      expect(username.stderr).toContain('The username Chief is taken. Choose another one.');
    },
  );
});

describe('npm run cli -- outbox', () => {
  it(
    'prints the newest development outbox emails (to, subject, date, text), newest last; refused commands left no user',
    { timeout: SLOW },
    async () => {
      await withDb(async (database) => {
        // The refused create-admin runs above changed nothing: the first admin is the only user.
        expect((await database.db.select().from(users)).map((u) => u.email)).toEqual([
          'chief@hydrobridge.test',
        ]);
        await database.db.insert(emailOutbox).values([
          {
            to: 'old@hydrobridge.test',
            subject: 'Older',
            text: 'old body',
            createdAt: new Date('2026-01-01T10:00:00Z'),
          },
          {
            to: 'a@hydrobridge.test',
            subject: 'Reset your HydroBridge password',
            text: 'Open https://x.test/reset-password?token=abc',
            createdAt: new Date('2026-01-02T10:00:00Z'),
          },
          {
            to: 'b@hydrobridge.test',
            subject: 'Newest',
            text: 'newest body',
            createdAt: new Date('2026-01-03T10:00:00Z'),
          },
        ]);
      });
      const run = await cli('outbox', '--limit', '2');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('2 newest emails');
      expect(run.stdout).not.toContain('old@hydrobridge.test');
      expect(run.stdout).toContain(
        'To: a@hydrobridge.test\nSubject: Reset your HydroBridge password\nDate: 2026-01-02T10:00:00.000Z\n\nOpen https://x.test/reset-password?token=abc',
      );
      expect(run.stdout.indexOf('a@hydrobridge.test')).toBeLessThan(run.stdout.indexOf('b@hydrobridge.test'));
    },
  );

  it.skipIf(backend === 'postgres')(
    'reads the copies beside the embedded database while the server holds it',
    { timeout: SLOW },
    async () => {
      const database = await open();
      const app = await buildApp({ database, settings: { outboxDir: path.join(dataDir, 'outbox') } });
      try {
        await app.mailer.send({ to: 'live@hydrobridge.test', subject: 'While running', text: 'link here' });
        const run = await cli('outbox');
        expect(run.code).toBe(0);
        expect(run.stdout).toContain('the running server holds the database');
        expect(run.stdout).toContain('To: live@hydrobridge.test\nSubject: While running');
        expect(run.stdout).toContain('link here');
      } finally {
        await app.close();
      }
    },
  );
});

describe('npm run cli -- set-password', () => {
  it(
    'gives an account (by username or email) a new password; its sessions and reset links end',
    { timeout: SLOW },
    async () => {
      const NEW = 'Operator-chosen-passphrase-2';
      const before = await withDb(async (database) => {
        const [chief] = await database.db.select().from(users).where(eq(users.username, 'chief'));
        await createSession(database.db, chief!.id, { persistent: true }, new Date());
        await database.db.insert(passwordResetTokens).values({
          tokenHash: hashToken(newToken()),
          userId: chief!.id,
          expiresAt: new Date(Date.now() + 3_600_000),
        });
        return chief!;
      });

      const run = await cli('set-password', '--user', 'CHIEF', '--password', NEW);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      // The session made here, and the one the create-admin test's sign-in left.
      expect(run.stdout).toContain('New password set for chief (chief@hydrobridge.test); 2 sessions ended.');
      expect(run.stdout).not.toContain(NEW);

      await withDb(async (database) => {
        const [chief] = await database.db.select().from(users).where(eq(users.id, before.id));
        expect(await verifyPassword(chief!.password, NEW)).toBe(true);
        expect(await database.db.select().from(sessions).where(eq(sessions.userId, before.id))).toEqual([]);
        expect(
          await database.db
            .select()
            .from(passwordResetTokens)
            .where(eq(passwordResetTokens.userId, before.id)),
        ).toEqual([]);
      });
    },
  );

  it('refuses an unknown account or a weak password, exit code 1', { timeout: SLOW }, async () => {
    const unknown = await cli('set-password', '--user', 'nobody', '--password', PASSWORD);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the username or email nobody.');
    const weak = await cli('set-password', '--user', 'chief', '--password', 'short7!');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('Password must be at least 8 characters');
  });
});
