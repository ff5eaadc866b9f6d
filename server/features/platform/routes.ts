import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformStatsSchema } from '../../../domain/platform.ts';
import { platformStats } from './service.ts';

const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stats/platform',
    {
      config: { access: 'public' },
      schema: { summary: "The platform's public figures", response: { 200: platformStatsSchema } },
    },
    () => platformStats(app.db),
  );
};

export default platformRoutes;
