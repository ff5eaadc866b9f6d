import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformStatsSchema } from '../../../domain/platform.ts';
import { platformStats } from './service.ts';
import { PLATFORM_API } from '../../../domain/endpoints/account.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import healthRoutes from './health-routes.ts';

const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stats/platform',
    {
      config: { access: 'public' },
      schema: {
        summary: "The platform's public figures",
        response: { 200: answerSchema(PLATFORM_API.stats, platformStatsSchema) },
      },
    },
    () => platformStats(app.db),
  );
  await app.register(healthRoutes);
};

export default platformRoutes;
