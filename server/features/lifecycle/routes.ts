// The campaign lifecycle over HTTP (issue 11): transitions (fixed contract) and shipment milestones.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignSchema } from '../../../domain/campaign-schemas.ts';
import { milestoneCreateSchema, milestoneSchema, transitionSchema } from '../../../domain/lifecycle.ts';
import { AppError } from '../../errors.ts';
import { listMilestones, recordMilestone } from './milestones.ts';
import { transitionCampaign } from './service.ts';

const uuid = z.string().uuid();
/** A malformed id can't name a campaign: same answer as an unknown one. */
function campaignId(id: string): string {
  if (!uuid.safeParse(id).success) throw new AppError('CAMPAIGN_NOT_FOUND');
  return id;
}
const params = z.object({ id: z.string() });

const lifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/campaigns/:id/transitions',
    {
      // The service checks the table: the owning trader's moves, an admin's cancellation.
      preHandler: app.requireRole('trader', 'admin'),
      schema: { params, body: transitionSchema, response: { 200: campaignSchema } },
    },
    (request) =>
      transitionCampaign(
        app.db,
        app.payments,
        request.user!,
        campaignId(request.params.id),
        request.body,
        app.clock(),
      ),
  );

  app.get(
    '/api/campaigns/:id/milestones',
    // Whoever may see the campaign follows its cargo (a cancelled one: its trader, admins, its backers).
    { config: { access: 'public' }, schema: { params, response: { 200: z.array(milestoneSchema) } } },
    (request) => listMilestones(app.db, request.user ?? null, campaignId(request.params.id)),
  );

  app.post(
    '/api/campaigns/:id/milestones',
    {
      preHandler: app.requireRole('trader'),
      schema: { params, body: milestoneCreateSchema, response: { 201: milestoneSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await recordMilestone(
            app.db,
            request.user!,
            campaignId(request.params.id),
            request.body,
            app.clock(),
          ),
        ),
  );
};

export default lifecycleRoutes;
