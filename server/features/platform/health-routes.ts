import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorMessage } from '../../../domain/errors.ts';
import { AppError } from '../../errors.ts';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
/** Per readiness check: "ok", or why it is not ready (server/observability/readiness.ts). */
const checksSchema = z.record(z.string(), z.string());
const readySchema = z.object({ status: z.literal('ready'), checks: checksSchema });
const notReadySchema = z.object({ error: z.string(), checks: checksSchema });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers, with its database (503 when the database does not; while shutting
  // down, Fastify answers 503).
  app.get(
    '/api/health',
    {
      config: { access: 'public', errors: ['UNAVAILABLE'] },
      schema: { summary: 'Liveness: the server and its database answer', response: { 200: healthSchema } },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('UNAVAILABLE', 'Database unavailable');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );

  // Readiness (docs/operations.md): whether this instance should get traffic — the database answers,
  // every migration is applied, background jobs run, and shutdown has not begun. 503 names what is not.
  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Readiness: database, migrations and jobs ready (503 names what is not)',
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async () => {
      const { ready, checks } = await app.readiness.run();
      if (!ready) {
        const failing = Object.keys(checks).filter((name) => checks[name] !== 'ok');
        const message = errorMessage('NOT_READY', { checks: failing.join(', ') });
        throw new AppError('NOT_READY', message, undefined, { checks });
      }
      return { status: 'ready' as const, checks };
    },
  );
};

export default healthRoutes;
