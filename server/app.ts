// buildApp(): the whole HTTP application, used by main.ts and by tests (inject or real HTTP).
import { constants as zlibConstants } from 'node:zlib';
import { stdSerializers } from 'pino';
import compress from '@fastify/compress';
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAppContext, type AppContext, type ContextDeps } from './context.ts';
import accounts, { sessionHolds } from './features/accounts/index.ts';
import admin from './features/admin/index.ts';
import campaigns, { invalidateCampaignLists } from './features/campaigns/index.ts';
import investing from './features/investing/index.ts';
import marketplace, { invalidateListingPages } from './features/marketplace/index.ts';
import money from './features/money/index.ts';
import notifications from './features/notifications/index.ts';
import origin from './features/origin/index.ts';
import platform from './features/platform/index.ts';
import portfolio from './features/portfolio/index.ts';
import updates from './features/updates/index.ts';
import verification from './features/verification/index.ts';
import { loggableError } from './errors.ts';
import devEmailRoutes from './email/preview-routes.ts';
import observabilityPlugin from './observability/plugin.ts';
import { createReadiness } from './observability/readiness.ts';
import { requestId } from './observability/request-id.ts';
import accessPlugin from './plugins/access.ts';
import authPlugin from './plugins/auth.ts';
import clientPlugin from './plugins/client.ts';
import errorsPlugin from './plugins/errors.ts';
import openapiPlugin from './openapi/plugin.ts';
import securityPlugin, { clientErrorHandler, frameworkErrorHandler } from './plugins/security.ts';

export type { AppSettings } from './context.ts';

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
    /** The one app context (server/context.ts); the decorations below are its parts, for short. */
    ctx: AppContext;
    database: AppContext['database'];
    db: AppContext['db'];
    settings: AppContext['settings'];
    /** Where queued emails are delivered (SMTP or the development mailbox); features use `outbox`. */
    mailer: AppContext['mailer'];
    /** The durable email queue (docs/email.md): features queue emails in their transaction. */
    outbox: AppContext['outbox'];
    /** Stripe when configured, else the built-in sandbox (DESIGN.md §4). */
    payments: AppContext['payments'];
    /** The money module (docs/money.md): the provider, the clock and one adapter per payment purpose. */
    money: AppContext['money'];
    /** What the marketplace and the sweeps move orders with (the money module, emails, links). */
    market: AppContext['market'];
    /** The time rules are judged at (reservations, deadlines); tests move it instead of sleeping. */
    clock: AppContext['clock'];
    /** The background job queue (server/jobs: refunds, payouts, sweeps, housekeeping, ledger checks). */
    jobs: AppContext['jobs'];
  }
}

/**
 * Log fields the logger must blank: cookies carry session tokens, Authorization credentials. Shared by
 * server/main.ts and the tests that check no secret reaches a log line.
 */
export const LOG_REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

export interface AppDeps extends Omit<ContextDeps, 'log'> {
  /** Built client to serve; omitted in API-only tests. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(deps: AppDeps) {
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
    trustProxy: deps.settings?.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (bad percent-encoding, a path parameter over 100 characters) too.
    frameworkErrors: frameworkErrorHandler,
    // Malformed HTTP gets our JSON error and the security headers too.
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The one context of this app (server/context.ts): the CLI and the test kit build it the same way.
  const ctx = createAppContext({ ...deps, log: app.log });
  const { settings } = ctx;
  app.decorate('ctx', ctx);
  app.decorate('database', ctx.database);
  app.decorate('db', ctx.db);
  app.decorate('settings', settings);
  app.decorate('clock', ctx.clock);
  app.decorate('metrics', ctx.metrics);
  app.decorate('readiness', createReadiness(app.log));
  app.decorate('payments', ctx.payments);
  app.decorate('jobs', ctx.jobs);
  app.decorate('money', ctx.money);
  app.decorate('mailer', ctx.mailer);
  app.decorate('outbox', ctx.outbox);
  app.decorate('market', ctx.market);
  // Workers and the email sender join once the app is ready, without holding up its first answers
  // (README "Start-up and memory"): until they run, GET /api/ready says so. On close the workers finish the jobs
  // they hold before anything closes.
  app.addHook('onReady', () => {
    ctx.start().catch((error: unknown) => app.log.error({ err: error }, 'the job workers did not start'));
  });
  app.addHook('preClose', () => {
    // Not ready from the moment shutdown begins (docs/operations.md), before the workers stop.
    app.readiness.beginShutdown();
    return ctx.stopJobs();
  });
  // Ready only with workers taking jobs, where workers run (the server); tests and the CLI run jobs inline.
  app.readiness.add('jobs', () =>
    ctx.jobMode !== 'workers' || ctx.jobs.running ? undefined : 'job workers are not running',
  );
  // The sender stops, then the transport closes, then the database.
  app.addHook('onClose', () => ctx.close());

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
  // One plugin per feature (docs/architecture.md): each registers all of its routes.
  await app.register(platform);
  await app.register(accounts);
  await app.register(campaigns);
  await app.register(investing);
  await app.register(verification);
  await app.register(admin);
  await app.register(portfolio);
  await app.register(marketplace);
  await app.register(money);
  // A live notification stream ends when its session no longer holds (the accounts feature decides).
  await app.register(notifications, { sessionHolds });
  // A certificate's decision changes the carbon intensity its campaign or listing shows (cached lists).
  await app.register(origin, {
    lotsChanged: async (tx) => {
      await invalidateCampaignLists(tx);
      await invalidateListingPages(tx);
    },
  });
  await app.register(updates);
  // Outside production only: a preview of every email template.
  if (settings.env !== 'production') await app.register(devEmailRoutes);
  await app.register(clientPlugin, { clientDir: deps.clientDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
