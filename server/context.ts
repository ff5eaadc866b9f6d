// The app context: every dependency a feature may need, built once per process by `createAppContext`
// — by buildApp for the server (server/app.ts) and the test kit (test/app.ts), and by the CLI
// (scripts/cli.ts) — never wired by hand elsewhere. Services take what they need from it as
// parameters (`ctx.db`, `ctx.clock()`, `ctx.money`, `ctx.market` …); nothing lives in module-level
// state. docs/architecture.md says what each part is for.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database, Db } from './db/connect.ts';
import { bindEffects, createEffects, type AppEffects } from './effects.ts';
import { createMoney } from './compose.ts';
import { createOutbox, type Outbox } from './email/outbox.ts';
import {
  announce,
  CAMPAIGN_LISTS,
  createCampaignListCache,
  diligenceMail,
  invalidateCampaignLists,
  LIFECYCLE_HOOKS,
  lifecycleMail,
} from './features/campaigns/index.ts';
import { updatesMail } from './features/updates/index.ts';
import {
  createListingPageCache,
  LISTING_PAGES,
  ORDER_NOTICES,
  type MarketDeps,
} from './features/marketplace/index.ts';
import { NOTICES } from './features/notifications/index.ts';
import { createJobQueue, type JobMode, type JobQueue } from './jobs/queue.ts';
import { jobDefinitions } from './job-registry.ts';
import { createMailer, type Mailer } from './mail.ts';
import {
  choosePaymentProvider,
  SETTLEMENT_EVENTS,
  type Money,
  type PaymentLimits,
  type PaymentProvider,
} from './features/money/index.ts';
import { createMetrics, type Metrics } from './observability/metrics.ts';
import { instrumentProvider } from './observability/provider-metrics.ts';

/** The parts of the configuration that the app uses. */
export type AppSettings = Pick<
  Config,
  | 'publicUrl'
  | 'trustProxy'
  | 'smtpUrl'
  | 'mailFrom'
  | 'oauth'
  | 'cookieSecret'
  | 'outboxDir'
  | 'stripe'
  | 'metricsToken'
  | 'env'
>;

const DEFAULT_SETTINGS: AppSettings = {
  publicUrl: 'http://localhost:5000',
  trustProxy: false,
  smtpUrl: undefined,
  mailFrom: 'HydroBridge <no-reply@hydrobridge.example>',
  oauth: {},
  cookieSecret: randomBytes(32).toString('base64url'),
  outboxDir: undefined,
  stripe: undefined,
  metricsToken: undefined,
  env: 'development',
};

/** The time every rule is judged at (expiries, sessions, deadlines); tests move it instead of sleeping. */
export type Clock = () => Date;

export type AppLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface ContextDeps {
  database: Database;
  settings?: Partial<AppSettings> | undefined;
  /** Replaces the provider the settings choose (tests: a provider with its own clock). */
  payments?: PaymentProvider | undefined;
  /** Other caps than docs/money.md's (the investing benchmark lifts the intent rate). */
  paymentLimits?: Partial<PaymentLimits> | undefined;
  clock?: Clock | undefined;
  /**
   * How background jobs run (server/jobs/queue.ts): `workers` in the server; `inline` (the default:
   * tests) runs a job right after the transaction that enqueued it commits; `manual` only on `runDue`.
   */
  jobs?: JobMode | undefined;
  log: AppLog;
}

export interface AppContext {
  /** The connection (raw queries, migrations, close). Features use `db`. */
  database: Database;
  /** The app's handle on the database: its transactions carry `effects` (server/effects.ts). */
  db: Db;
  settings: AppSettings;
  /** Where links in emails and certificates point (PUBLIC_URL). */
  publicUrl: string;
  clock: Clock;
  log: AppLog;
  /** Prometheus metrics of this app (server/observability/metrics.ts). */
  metrics: Metrics;
  /** Stripe when configured, else the built-in sandbox (DESIGN.md §4); every call counted. */
  payments: PaymentProvider;
  /** The money module (docs/money.md): the provider, the clock and one adapter per payment purpose. */
  money: Money;
  /** Where queued emails are delivered (SMTP or the development mailbox); features use `outbox`. */
  mailer: Mailer;
  /** The durable email queue (docs/email.md): features queue emails in their transaction. */
  outbox: Outbox;
  /** What the marketplace and the sweeps move orders with (the money module, emails, links). */
  market: MarketDeps;
  /** The background job queue (server/jobs: refunds, payouts, sweeps, housekeeping, ledger checks). */
  jobs: JobQueue;
  jobMode: JobMode;
  /** The list caches and the lifecycle and order notices, run by commits on `db`. */
  effects: AppEffects;
  /** Starts the job workers (in `workers` mode) and the email sender. */
  start(): Promise<void>;
  /** Stops taking jobs, waiting for those running. */
  stopJobs(): Promise<void>;
  /** Stops the email sender, closes the mail transport, then the database. */
  close(): Promise<void>;
}

/** Builds the one context of this process on an open, migrated database. */
export function createAppContext(deps: ContextDeps): AppContext {
  const settings: AppSettings = { ...DEFAULT_SETTINGS, ...deps.settings };
  const { database, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  // The hooks are filled in once the outbox exists, below; nothing runs a transaction before.
  const effects = createEffects();
  effects.set(CAMPAIGN_LISTS, createCampaignListCache());
  effects.set(LISTING_PAGES, createListingPageCache());
  const db = bindEffects(database.db, effects);
  // Node's process metrics only when /metrics is on.
  const metrics = createMetrics({
    db,
    log,
    processMetrics: !!settings.metricsToken,
    // Read at scrape time: the queue is built below.
    pendingJobs: () => jobs.pending(),
  });
  const payments = instrumentProvider(deps.payments ?? choosePaymentProvider(settings, db, clock), metrics);
  // The job queue's jobs read the market and the outbox (built below) when they run.
  const jobMode = deps.jobs ?? 'inline';
  const jobs = createJobQueue({
    database,
    jobs: jobDefinitions({
      get market() {
        return market;
      },
      get outbox() {
        return outbox;
      },
      clock,
      log,
      onLedgerChecked: (sound, at, breaks) => metrics.recordLedgerCheck(sound, at, breaks),
    }),
    mode: jobMode,
    log,
    // Runs, failures and durations of every job in /metrics.
    observe: (name, run) => metrics.observeJob(name, run),
  });
  const money = createMoney(db, payments, clock, deps.paymentLimits, jobs);
  const mailer = createMailer(settings, db);
  const outbox = createOutbox({ db, transport: mailer, clock, log, site: { publicUrl: settings.publicUrl } });
  const market: MarketDeps = { db, money, notify: outbox.email, publicUrl: settings.publicUrl };
  // Investors hear of their campaigns' funding, refunds and payouts (features/campaigns/emails.ts);
  // traders of revocations and review decisions (issue 19); backers of updates, askers of answers (issue 22).
  effects.set(LIFECYCLE_HOOKS, {
    ...lifecycleMail({ outbox }),
    ...diligenceMail({ outbox }),
    ...updatesMail(),
  });
  // A settled or defaulted campaign: the public lists change and its investors are told.
  effects.set(SETTLEMENT_EVENTS, {
    completed: async (tx, campaignId) => {
      await invalidateCampaignLists(tx);
      announce(tx, 'onCompleted', campaignId);
    },
    defaulted: async (tx, campaignId) => announce(tx, 'onDefaulted', campaignId),
  });
  // Payments captured outside a marketplace call (the card step, a webhook, the sweep) email too.
  effects.set(ORDER_NOTICES, { notify: outbox.email });
  // Every event's in-app notification and its email (features/notifications/notify.ts).
  effects.set(NOTICES, { outbox, clock });

  let starting: Promise<void> | undefined;
  return {
    database,
    db,
    settings,
    publicUrl: settings.publicUrl,
    clock,
    log,
    metrics,
    payments,
    money,
    mailer,
    outbox,
    market,
    jobs,
    jobMode,
    effects,
    start() {
      outbox.start();
      starting ??= jobs.start();
      return starting;
    },
    async stopJobs() {
      // A stop during the start waits for it, so no worker registers after the queue stopped.
      await starting?.catch(() => {});
      await jobs.stop();
    },
    async close() {
      // The sender stops (its run in progress ends), then the transport closes, then the database.
      // What is still queued is sent after the next start.
      await outbox.stop();
      await mailer.close();
      await database.close();
    },
  };
}
