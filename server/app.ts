// buildApp(): the whole HTTP application, used by main.ts and by tests (inject or real HTTP).
import { randomBytes } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import { stdSerializers } from 'pino';
import compress from '@fastify/compress';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/connect.ts';
import adminRoutes from './features/admin/routes.ts';
import oauthRoutes from './features/auth/oauth-routes.ts';
import resetRoutes from './features/auth/reset-routes.ts';
import twoFactorRoutes from './features/two-factor/routes.ts';
import authRoutes from './features/auth/routes.ts';
import campaignRoutes from './features/campaigns/routes.ts';
import healthRoutes from './features/health/routes.ts';
import investmentRoutes from './features/investments/routes.ts';
import kycRoutes from './features/kyc/routes.ts';
import { diligenceMail } from './features/lifecycle/diligence-emails.ts';
import { lifecycleMail } from './features/lifecycle/emails.ts';
import { setLifecycleHooks } from './features/lifecycle/notices.ts';
import lifecycleRoutes from './features/lifecycle/routes.ts';
import marketplaceRoutes from './features/marketplace/routes.ts';
import paymentRoutes from './features/payments/routes.ts';
import { loggableError } from './errors.ts';
import { createMailer, type Mailer } from './mail.ts';
import { createOutbox, type Outbox } from './email/outbox.ts';
import devEmailRoutes from './email/preview-routes.ts';
import { createMoney } from './compose.ts';
import { createJobQueue, type JobMode, type JobQueue } from './jobs/queue.ts';
import { jobDefinitions } from './jobs/registry.ts';
import jobRoutes from './jobs/routes.ts';
import type { MarketDeps } from './features/marketplace/orders.ts';
import type { Money, PaymentLimits } from './money/context.ts';
import complaintRoutes from './features/complaints/routes.ts';
import moneyRoutes from './features/money/routes.ts';
import platformRoutes from './features/platform/routes.ts';
import protectionRoutes from './features/protection/routes.ts';
import { choosePaymentProvider } from './payments/choose.ts';
import { createMetrics } from './observability/metrics.ts';
import observabilityPlugin from './observability/plugin.ts';
import { instrumentProvider } from './observability/provider-metrics.ts';
import { createReadiness } from './observability/readiness.ts';
import { requestId } from './observability/request-id.ts';
import type { PaymentProvider } from './payments/provider.ts';
import accessPlugin from './plugins/access.ts';
import authPlugin from './plugins/auth.ts';
import clientPlugin from './plugins/client.ts';
import errorsPlugin from './plugins/errors.ts';
import openapiPlugin from './plugins/openapi.ts';
import securityPlugin, { clientErrorHandler, frameworkErrorHandler } from './plugins/security.ts';

/** The parts of the configuration that the HTTP application uses. */
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

/** Query parameters that are credentials (reset token, OAuth code and state): never logged. */
const SECRET_QUERY = /([?&](?:token|code|state)=)[^&#]*/gi;

/** Fastify's request log fields, with secrets in the query string masked. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_QUERY, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
    settings: AppSettings;
    /** Where queued emails are delivered (SMTP or the development mailbox); features use `outbox`. */
    mailer: Mailer;
    /** The durable email queue (docs/email.md): features queue emails in their transaction. */
    outbox: Outbox;
    /** Stripe when configured, else the built-in sandbox (DESIGN.md §4). */
    payments: PaymentProvider;
    /** The money module (docs/money.md): the provider, the clock and one adapter per payment purpose. */
    money: Money;
    /** What the marketplace and the sweeps move orders with (the money module, emails, links). */
    market: MarketDeps;
    /** The time rules are judged at (reservations, deadlines); tests move it instead of sleeping. */
    clock: () => Date;
    /** The background job queue (server/jobs: refunds, payouts, sweeps, housekeeping, ledger checks). */
    jobs: JobQueue;
  }
}

/**
 * Log fields the logger must blank: cookies carry session tokens, Authorization credentials. Shared by
 * server/main.ts and the tests that check no secret reaches a log line.
 */
export const LOG_REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

export interface AppDeps {
  database: Database;
  /** Built client to serve; omitted in API-only tests. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  settings?: Partial<AppSettings>;
  /** Replaces the provider the settings choose (tests: a provider with its own clock). */
  payments?: PaymentProvider;
  /** Other caps than docs/money.md's (the investing benchmark lifts the intent rate). */
  paymentLimits?: Partial<PaymentLimits>;
  clock?: () => Date;
  /**
   * How background jobs run (server/jobs/queue.ts): `workers` in the server; `inline` (the default:
   * tests) runs a job right after the transaction that enqueued it commits; `manual` only on `runDue`.
   */
  jobs?: JobMode;
}

export async function buildApp(deps: AppDeps) {
  const settings = { ...DEFAULT_SETTINGS, ...deps.settings };
  const logger =
    deps.logger === true || (deps.logger && typeof deps.logger === 'object')
      ? {
          ...(deps.logger === true ? {} : deps.logger),
          serializers: {
            req: serializeRequest,
            // Every logged error goes through the scrubber, wherever it is logged from.
            err: (error: unknown) => stdSerializers.err(loggableError(error) as Error),
            ...(deps.logger === true ? {} : deps.logger.serializers),
          },
        }
      : false;
  const app = Fastify({
    logger,
    // The caller's X-Request-Id when it is a short safe token, else a new one (observability/request-id.ts).
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: 100 * 1024,
    trustProxy: settings.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (bad percent-encoding, a path parameter over 100 characters) too.
    frameworkErrors: frameworkErrorHandler,
    // Malformed HTTP gets our JSON error and the security headers too.
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('settings', settings);
  const clock = deps.clock ?? (() => new Date());
  app.decorate('clock', clock);
  // One registry per app (docs/operations.md); Node's process metrics only when /metrics is on.
  app.decorate(
    'metrics',
    createMetrics({
      db: deps.database.db,
      log: app.log,
      processMetrics: !!settings.metricsToken,
      // Read at scrape time: the queue is built below.
      pendingJobs: () => app.jobs.pending(),
    }),
  );
  app.decorate('readiness', createReadiness(app.log));
  // Every provider call is counted, whichever provider (observability/provider-metrics.ts).
  app.decorate(
    'payments',
    instrumentProvider(
      deps.payments ?? choosePaymentProvider(settings, deps.database.db, clock),
      app.metrics,
    ),
  );
  // The background job queue; its jobs read the market (built below) when they run.
  const jobMode = deps.jobs ?? 'inline';
  const jobs = createJobQueue({
    database: deps.database,
    jobs: jobDefinitions({
      get market() {
        return app.market;
      },
      get outbox() {
        return app.outbox;
      },
      clock,
      log: app.log,
      onLedgerChecked: (sound, at, breaks) => app.metrics.recordLedgerCheck(sound, at, breaks),
    }),
    mode: jobMode,
    log: app.log,
    // Runs, failures and durations of every job in /metrics.
    observe: (name, run) => app.metrics.observeJob(name, run),
  });
  app.decorate('jobs', jobs);
  // Workers start once the app is ready; on close they finish the jobs they hold before anything closes.
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => {
    // Not ready from the moment shutdown begins (docs/operations.md), before the workers stop.
    app.readiness.beginShutdown();
    return jobs.stop();
  });
  // Ready only with workers taking jobs, where workers run (the server); tests and the CLI run jobs inline.
  app.readiness.add('jobs', () =>
    jobMode !== 'workers' || jobs.running ? undefined : 'job workers are not running',
  );
  app.decorate('money', createMoney(deps.database.db, app.payments, clock, deps.paymentLimits, jobs));
  app.addHook('onClose', async () => {
    await deps.database.close();
  });
  const mailer = createMailer(settings, deps.database.db);
  app.decorate('mailer', mailer);
  const outbox = createOutbox({
    db: deps.database.db,
    transport: mailer,
    clock,
    log: app.log,
    site: { publicUrl: settings.publicUrl },
  });
  app.decorate('outbox', outbox);
  app.decorate('market', {
    db: deps.database.db,
    money: app.money,
    notify: outbox.email,
    publicUrl: settings.publicUrl,
  } satisfies MarketDeps);
  // Investors hear of their campaigns' funding, refunds and payouts (server/features/lifecycle/emails.ts).
  setLifecycleHooks(deps.database.db, {
    ...lifecycleMail({ outbox }),
    // Traders hear of revocations and review decisions (issue 19).
    ...diligenceMail({ outbox }),
  });
  // onClose hooks run last-added first: the sender stops (its run in progress ends), then the
  // transport closes, then the database. What is still queued is sent after the next start.
  app.addHook('onClose', () => mailer.close());
  app.addHook('onClose', () => outbox.stop());
  app.addHook('onReady', async () => outbox.start());

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  // API answers compressed for clients that ask (static files are compressed at build time).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Before any route: it refuses a route that does not declare who may call it.
  await app.register(accessPlugin);
  // Before any route too: it collects every route for the OpenAPI document (GET /api/openapi.json).
  await app.register(openapiPlugin);
  // X-Request-Id on every answer, request latency, readiness checks, GET /metrics (its access declared).
  await app.register(observabilityPlugin);
  await app.register(authPlugin);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(resetRoutes);
  await app.register(oauthRoutes);
  await app.register(twoFactorRoutes);
  await app.register(platformRoutes);
  await app.register(campaignRoutes);
  await app.register(investmentRoutes);
  await app.register(kycRoutes);
  await app.register(adminRoutes);
  await app.register(lifecycleRoutes);
  await app.register(paymentRoutes);
  await app.register(marketplaceRoutes);
  await app.register(moneyRoutes);
  await app.register(complaintRoutes);
  await app.register(protectionRoutes);
  await app.register(jobRoutes);
  // Outside production only: a preview of every email template.
  if (settings.env !== 'production') await app.register(devEmailRoutes);
  await app.register(clientPlugin, { clientDir: deps.clientDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
