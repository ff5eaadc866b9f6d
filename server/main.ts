// Production entry: read config, open and migrate the database, serve, and shut down gracefully.
import { buildApp, LOG_REDACT } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { prepareDatabase } from './prepare.ts';

const SHUTDOWN_DEADLINE_MS = 20_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const app = await buildApp({
    database,
    clientDir: config.clientDir,
    settings: config,
    // Background work (refunds, payouts, emails, sweeps) runs on this instance's workers.
    jobs: 'workers',
    logger: {
      level: config.logLevel,
      redact: LOG_REDACT,
    },
  });
  try {
    // Through the app's own handle (server/context.ts): the demo seed's emails are queued as the app's.
    await prepareDatabase(
      { ...database, db: app.db },
      {
        seedDemo: config.seedDemo,
        refuseDemoPasswords: config.refuseDemoPasswords,
        log: app.log,
      },
    );
  } catch (error) {
    await app.close();
    throw error;
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // First, GET /api/ready answers 503, so a load balancer stops sending (docs/operations.md).
    app.readiness.beginShutdown();
    const force = setTimeout(() => {
      app.log.error('shutdown deadline passed, exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    force.unref();
    // close() stops the background jobs (waiting for a run in progress) and accepting connections,
    // waits for in-flight requests, then closes the database.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`HydroBridge on http://localhost:${config.port} (${database.kind} database)`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
