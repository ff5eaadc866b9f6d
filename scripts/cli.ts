// `npm run cli -- <command>`: operator commands against the configured database (DATABASE_URL or
// the embedded one under DATA_DIR).
//   seed           write the demo data into an empty database (refuses a database that holds users)
//   create-admin   create an administrator account (admins cannot sign up)
//   set-password   give an account a new password (ends its sessions)
//   outbox         print the newest emails of the development outbox (used when SMTP_URL is unset)
//   sweep          every money and lifecycle sweep (server/sweeps.ts): payments browsers left, refunds and
//                  payouts to finish, campaigns past their deadline, receipts due, settlements in default
//   jobs           the job queue: what waits, the dead letters; run what is due; retry a dead job
//   verify-ledger  check every ledger invariant; exits 1 naming the first break
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { desc } from 'drizzle-orm';
import { pino } from 'pino';
import { createAdminSchema } from '../domain/auth.ts';
import { loadConfig, type Config } from '../server/config.ts';
import { DataDirLockedError, openDatabase } from '../server/db/connect.ts';
import { emailOutbox } from '../server/db/schema/index.ts';
import { isDatabaseEmpty } from '../server/seed/demo-accounts.ts';
import { seedDemoData } from '../server/seed/demo.ts';
import { LEDGER_CHECKS, verifyLedger } from '../server/checks/ledger.ts';
import { AppError } from '../server/errors.ts';
import { createAdmin, setPassword } from '../server/features/accounts/index.ts';
import { isUsableTotpSecret, totpCode } from '../server/features/accounts/index.ts';
import { sweepAll } from '../server/sweeps.ts';
import { formatOutboxEmail } from '../server/mail.ts';
import { createAppContext, type AppContext } from '../server/context.ts';
import { prepareDatabase } from '../server/prepare.ts';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  seed                                              write the demo users and campaigns into an empty database
  create-admin --email E --password P [--username U] [--totp-secret S]
                                                    create an administrator (KYC approved); with S (base32) its
                                                    authenticator app is set up, else it enrolls at first sign-in
  totp-code --secret S                              print the authenticator code of S now (the demo admin's secret
                                                    is in the README)
  set-password --user U --password P                give an account (username or email) a new password
  outbox [--limit N]                                print the newest development outbox emails (default 10)
  sweep                                             run every sweep: payments, refunds, payouts, deadlines, receipts, defaults (also every minute in the server)
  jobs [list | run | retry ID]                      background jobs: waiting and dead ones; run what is due; send a dead one back
  verify-ledger                                     check every ledger invariant; exit code 1 names the first break`;

/** A refusal explained to the operator: printed without a stack, exit code 1. */
class CliError extends Error {}

/** The CLI's log: silent, as its output is its own lines (a failed job stays in the queue to retry). */
const CLI_LOG = pino({ level: 'silent' });

/**
 * Opens the configured database (migrated), builds the server's own app context on it (provider,
 * emails, money module, caches; server/context.ts) with its jobs run only when asked, runs `work`
 * with it, and closes it.
 */
async function withContext<T>(config: Config, work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir, lockRetries: 0 },
  );
  let ctx: AppContext | undefined;
  try {
    await prepareDatabase(database, { seedDemo: false });
    ctx = createAppContext({ database, settings: config, jobs: 'manual', log: CLI_LOG });
    return await work(ctx);
  } finally {
    await (ctx ? ctx.close() : database.close());
  }
}

async function seed() {
  await withContext(loadConfig(), async (ctx) => {
    if (!(await isDatabaseEmpty(ctx.db))) {
      throw new CliError(
        'The database already holds users: demo data is only written into an empty database.',
      );
    }
    await seedDemoData(ctx.db);
    console.log(`Demo data written (${ctx.database.kind}). See the README for the demo logins.`);
  });
}

async function createAdminCommand(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      username: { type: 'string' },
      'totp-secret': { type: 'string' },
    },
    strict: true,
  });
  const { 'totp-secret': totpSecret, ...rest } = values;
  const parsed = createAdminSchema.safeParse({ ...rest, totpSecret });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(
      `${issue.message} (--${String(issue.path[0])}).\n\nUsage: npm run cli -- create-admin --email E --password P [--username U] [--totp-secret S]`,
    );
  }
  const config = loadConfig();
  const admin = await withContext(config, async (ctx) => {
    try {
      return await createAdmin(ctx.db, parsed.data, ctx.clock());
    } catch (error) {
      if (error instanceof AppError) throw new CliError(error.message);
      throw error;
    }
  });
  console.log(
    `Admin created: ${admin.email} (username ${admin.username}). Sign in at ${config.publicUrl} with this email and password.`,
  );
}

async function totpCodeCommand(args: string[]) {
  const { values } = parseArgs({ args, options: { secret: { type: 'string' } }, strict: true });
  const secret = values.secret?.toUpperCase().replace(/\s/g, '');
  if (!secret || !isUsableTotpSecret(secret)) {
    throw new CliError('Give a base32 secret of at least 24 characters: npm run cli -- totp-code --secret S');
  }
  console.log(await totpCode(secret));
}

async function setPasswordCommand(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const usage = 'Usage: npm run cli -- set-password --user USERNAME_OR_EMAIL --password P';
  if (!values.user) throw new CliError(`--user is required.\n\n${usage}`);
  // The sign-up rule for new passwords.
  const password = createAdminSchema.shape.password.safeParse(values.password);
  if (!password.success) throw new CliError(`${password.error.issues[0]!.message} (--password).\n\n${usage}`);
  const { user, endedSessions } = await withContext(loadConfig(), async (ctx) => {
    try {
      return await setPassword(ctx.db, values.user!, password.data, ctx.clock());
    } catch (error) {
      if (error instanceof AppError) throw new CliError(error.message);
      throw error;
    }
  });
  console.log(
    `New password set for ${user.username}${user.email ? ` (${user.email})` : ''}; ` +
      `${endedSessions} session${endedSessions === 1 ? '' : 's'} ended.`,
  );
}

interface OutboxEmail {
  to: string;
  subject: string;
  date: Date;
  text: string;
}

/** The newest `limit` outbox files (written beside the embedded database), oldest first. */
function readOutboxFiles(dir: string, limit: number): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .slice(-limit)
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
}

async function outboxCommand(args: string[]) {
  const { values } = parseArgs({ args, options: { limit: { type: 'string', default: '10' } }, strict: true });
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new CliError('--limit must be a whole number from 1 to 1000.');
  }
  const config = loadConfig();
  if (config.smtpUrl) {
    console.log('SMTP_URL is set: new emails go to that SMTP server, not to this outbox.\n');
  }
  let emails: string[];
  let source: string;
  try {
    const rows: OutboxEmail[] = await withContext(config, async (ctx) =>
      (
        await ctx.db
          .select({
            to: emailOutbox.to,
            subject: emailOutbox.subject,
            date: emailOutbox.createdAt,
            text: emailOutbox.text,
          })
          .from(emailOutbox)
          .orderBy(desc(emailOutbox.createdAt))
          .limit(limit)
      ).reverse(),
    );
    emails = rows.map(formatOutboxEmail);
    source = `the ${config.databaseUrl ? 'PostgreSQL' : 'embedded'} database`;
  } catch (error) {
    // PGlite admits one process: while the server runs, read the copies it writes beside the database.
    if (!(error instanceof DataDirLockedError) || !config.outboxDir) throw error;
    emails = readOutboxFiles(config.outboxDir, limit);
    const relative = path.relative(process.cwd(), config.outboxDir);
    const shown = relative && !relative.startsWith('..') ? relative : config.outboxDir;
    source = `${shown} (the running server holds the database)`;
  }
  if (emails.length === 0) {
    console.log(`The outbox is empty (${source}). Emails land here when SMTP_URL is not set.`);
    return;
  }
  console.log(
    `${emails.length} newest email${emails.length === 1 ? '' : 's'} from ${source}, newest last:\n`,
  );
  for (const email of emails) console.log(`${'─'.repeat(72)}\n${email.trimEnd()}\n`);
}

async function sweepCommand() {
  await withContext(loadConfig(), async (ctx) => {
    const report = await sweepAll(ctx.market);
    // What the sweep queued (refunds, payouts, emails) is done now too.
    const ran = await ctx.jobs.runDue();
    // The emails it caused (queued with its changes) leave now; what fails is retried by the server.
    await ctx.outbox.settled();
    await ctx.outbox.deliverDue();
    const { payments, deadlines, receipts, payouts, defaults } = report;
    console.log(
      [
        `Sweep done.`,
        payments &&
          `Payments: ${payments.captured} captured, ${payments.voided} hold(s) released, ${payments.expired} unpaid expired, ${payments.refunded} refund(s) finished.`,
        deadlines &&
          `Deadlines: ${deadlines.cancelled} campaign(s) cancelled with ${deadlines.refunds} refund(s)${deadlines.failed.length ? `; ${deadlines.failed.length} could not be cancelled: ${deadlines.failed.map((f) => `${f.campaignId} (${f.error})`).join(', ')}` : ''}.`,
        receipts && `Orders: ${receipts.received} receipt(s) confirmed automatically.`,
        payouts &&
          `Payouts: ${payouts.sent} sent, ${payouts.paid} paid, ${payouts.failed} failed and returned.`,
        defaults && `Settlements: ${defaults.campaigns.length} campaign(s) now in default.`,
        `Jobs: ${ran} run.`,
      ]
        .filter(Boolean)
        .join('\n'),
    );
    if (report.errors.length)
      throw new CliError(
        report.errors
          .map((e) => `${e.step}: ${e.error instanceof Error ? e.error.message : String(e.error)}`)
          .join('\n'),
      );
  });
}

async function jobsCommand(args: string[]) {
  const [action = 'list', id] = args;
  await withContext(loadConfig(), async (ctx) => {
    if (action === 'run') {
      console.log(`${await ctx.jobs.runDue()} job(s) run.`);
      return;
    }
    if (action === 'retry') {
      if (!id) throw new CliError('Usage: npm run cli -- jobs retry <dead job id>');
      try {
        await ctx.jobs.retryDead(id);
      } catch (error) {
        if (error instanceof AppError) throw new CliError(`No dead job ${id}.`);
        throw error;
      }
      console.log(`Job ${id} is back in its queue.`);
      return;
    }
    if (action !== 'list') throw new CliError(`Unknown jobs action "${action}".\n\n${USAGE}`);
    const pending = Object.entries(await ctx.jobs.pending());
    console.log(
      pending.length ? pending.map(([queue, n]) => `${queue}: ${n} waiting`).join('\n') : 'No job waiting.',
    );
    const dead = await ctx.jobs.deadJobs();
    console.log(dead.length ? `\n${dead.length} dead job(s), newest first:` : '\nNo dead job.');
    for (const job of dead)
      console.log(
        `  ${job.id}  ${job.queue}  ${job.failedAt.toISOString()}  ${job.error}  ${JSON.stringify(job.data)}`,
      );
  });
}

async function verifyLedgerCommand() {
  await withContext(loadConfig(), async (ctx) => {
    const breaks = await verifyLedger(ctx.db);
    if (breaks.length) {
      const [first] = breaks;
      throw new CliError(
        `The ledger is broken: ${first!.check}: ${first!.detail}` +
          (breaks.length > 1 ? `\n(${breaks.length - 1} more break(s) after this one)` : ''),
      );
    }
    console.log(
      `The ledger is sound: ${LEDGER_CHECKS.length} checks passed.\n${LEDGER_CHECKS.map((c) => `  ✓ ${c}`).join('\n')}`,
    );
  });
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'seed') return seed();
  if (command === 'create-admin') return createAdminCommand(args);
  if (command === 'set-password') return setPasswordCommand(args);
  if (command === 'totp-code') return totpCodeCommand(args);
  if (command === 'outbox') return outboxCommand(args);
  if (command === 'sweep') return sweepCommand();
  if (command === 'jobs') return jobsCommand(args);
  if (command === 'verify-ledger') return verifyLedgerCommand();
  console.error(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE);
  process.exitCode = 2;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
