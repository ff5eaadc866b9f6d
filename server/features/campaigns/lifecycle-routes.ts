// The campaign lifecycle over HTTP (issue 11): transitions (fixed contract) and shipment milestones.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignSchema } from '../../../domain/campaign-schemas.ts';
import {
  campaignInvestorListSchema,
  milestoneCreateSchema,
  milestoneListSchema,
  milestoneSchema,
  transitionSchema,
} from '../../../domain/lifecycle.ts';
import { idOf } from '../../errors.ts';
import { listMilestones, recordMilestone } from './milestones.ts';
import { listCampaignInvestors, transitionCampaign } from './lifecycle.ts';
import { CAMPAIGN_API } from '../../../domain/endpoints/campaigns.ts';
import { answerSchema } from '../../../domain/endpoint.ts';

/** A malformed id can't name a campaign: same answer as an unknown one. */
const campaignId = (id: string) => idOf(id, 'CAMPAIGN_NOT_FOUND');
const params = z.object({ id: z.string() });

const lifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/campaigns/:id/transitions',
    {
      config: {
        errors: [
          'CAMPAIGN_NOT_FOUND',
          'BANK_ACCOUNT_REQUIRED',
          'CAMPAIGN_DISBURSED',
          'CANCEL_HAS_INVESTMENTS',
          'CONFLICT',
          'DELIVERY_NOT_RECORDED',
          'ESCROW_DISPUTED',
          'LOSS_EXCEEDS_DISBURSED',
          'PROFIT_TOO_LARGE',
          'REFLECTION_PERIOD_OPEN',
          'REFUND_IN_PROGRESS',
          'SETTLEMENT_EXISTS',
          'TRANSITION_FORBIDDEN',
          'TRANSITION_NOT_ALLOWED',
          'VALIDATION',
          'WATERFALL_MISMATCH',
        ],
      },
      // The service checks the table: the owning trader's moves, an admin's cancellation. The trader's
      // moves (trading: money to them; the result: a settlement) are behind the money gate.
      preHandler: app.requireRole('trader', 'admin', { verified: true }),
      schema: {
        summary: 'Move a campaign along its lifecycle (submit, pause, cancel, ...)',
        params,
        body: transitionSchema,
        response: { 200: answerSchema(CAMPAIGN_API.transition, campaignSchema) },
      },
    },
    (request) =>
      transitionCampaign(app.money, request.user!, campaignId(request.params.id), request.body, app.clock()),
  );

  app.get(
    '/api/campaigns/:id/milestones',
    // Whoever may see the campaign follows its cargo (a cancelled one: its trader, admins, its backers).
    {
      config: { access: 'public', errors: ['CAMPAIGN_NOT_FOUND'] },
      schema: {
        summary: "A campaign's milestones",
        params,
        response: { 200: answerSchema(CAMPAIGN_API.milestones, milestoneListSchema) },
      },
    },
    (request) => listMilestones(app.db, request.user ?? null, campaignId(request.params.id)),
  );

  app.post(
    '/api/campaigns/:id/milestones',
    {
      config: {
        errors: [
          'CAMPAIGN_NOT_FOUND',
          'FORBIDDEN',
          'MILESTONE_NOT_TRADING',
          'MILESTONE_RECORDED',
          'RELEASE_DOCUMENT_REQUIRED',
          'VALIDATION',
        ],
      },
      preHandler: app.requireRole('trader', { verified: true }),
      schema: {
        summary: "Add a milestone to the trader's campaign",
        params,
        body: milestoneCreateSchema,
        response: { 201: answerSchema(CAMPAIGN_API.recordMilestone, milestoneSchema) },
      },
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

  app.get(
    '/api/campaigns/:id/investors',
    {
      config: { errors: ['CAMPAIGN_NOT_FOUND', 'FORBIDDEN'] },
      // The service checks that the trader owns the campaign.
      preHandler: app.requireRole('trader', 'admin'),
      schema: {
        summary: "A campaign's investors (its trader or an admin)",
        params,
        response: { 200: answerSchema(CAMPAIGN_API.investors, campaignInvestorListSchema) },
      },
    },
    (request) => listCampaignInvestors(app.db, request.user!, campaignId(request.params.id)),
  );
};

export default lifecycleRoutes;
