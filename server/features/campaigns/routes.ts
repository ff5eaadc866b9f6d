import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignListSchema, campaignSchema } from '../../../domain/campaign-schemas.ts';
import { AppError } from '../../errors.ts';
import { getCampaign, listCampaigns } from './service.ts';

const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/campaigns', { schema: { response: { 200: campaignListSchema } } }, () =>
    listCampaigns(app.db),
  );

  app.get(
    '/api/campaigns/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 200: campaignSchema } } },
    (request) => {
      // A malformed id can't name a campaign: same answer as an unknown one.
      if (!z.string().uuid().safeParse(request.params.id).success) throw new AppError('CAMPAIGN_NOT_FOUND');
      return getCampaign(app.db, request.params.id);
    },
  );
};

export default campaignRoutes;
