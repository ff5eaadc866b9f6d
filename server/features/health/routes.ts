import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Readiness: answers 503 when the database does not (and, while shutting down, Fastify answers 503).
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: healthSchema } } },
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
};

export default healthRoutes;
