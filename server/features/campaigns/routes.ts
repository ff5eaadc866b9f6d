import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAMPAIGN_MESSAGES,
  campaignCreateSchema,
  campaignDetailSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignPatchSchema,
  campaignSchema,
  traderStatsSchema,
} from '../../../domain/campaign-schemas.ts';
import { TOTAL_COUNT_HEADER } from '../../../domain/campaigns.ts';
import { kiisSchema } from '../../../domain/kiis.ts';
import { AppError, idOf } from '../../errors.ts';
import { isUuid } from '../../../domain/ids.ts';
import { campaignReviewDecisionSchema, reviewQueueSchema } from '../../../domain/diligence.ts';
import { noBodySchema } from '../../../domain/api.ts';
import { resubmitCampaign, reviewCampaign, reviewQueue } from './review.ts';
import { kiisOf } from './kiis.ts';
import { getCampaign } from './campaign-detail.ts';
import { listCampaigns } from './campaign-list.ts';
import { createCampaign, updateCampaign } from './campaign-write.ts';
import { traderStats } from './trader-stats.ts';
import { CAMPAIGN_API } from '../../../domain/endpoints/campaigns.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import lifecycleRoutes from './lifecycle-routes.ts';
import campaignMoneyRoutes from './money-routes.ts';

/** A malformed id can't name a campaign: same answer as an unknown one. */
const campaignId = (id: string) => idOf(id, 'CAMPAIGN_NOT_FOUND');

const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/campaigns',
    // The service emits the page through campaignListSchema itself, as JSON text (maybe cached): the
    // response schema documents it and types the client, but Fastify sends a string with a JSON
    // content type as is (its serializer only runs on objects), so the text is not serialised again.
    {
      config: { access: 'public' },
      schema: {
        summary: 'Browse campaigns (filters, sorting, pages; total in a header)',
        querystring: campaignListQuerySchema,
        response: { 200: answerSchema(CAMPAIGN_API.list, campaignListSchema) },
      },
    },
    async (request, reply) => {
      const page = await listCampaigns(app.db, request.query, request.user);
      // The page is JSON text already (and maybe cached): sent as is, with the total for pagination.
      return (
        reply
          .header(TOTAL_COUNT_HEADER, String(page.total))
          .type('application/json; charset=utf-8')
          // The text is the schema's JSON (see above); the type provider only knows the object form.
          .send(page.json as unknown as z.input<typeof campaignListSchema>)
      );
    },
  );

  app.get(
    '/api/campaigns/:id',
    {
      config: { access: 'public', errors: ['CAMPAIGN_NOT_FOUND'] },
      schema: {
        summary: 'One campaign',
        params: z.object({ id: z.string() }),
        response: { 200: answerSchema(CAMPAIGN_API.detail, campaignDetailSchema) },
      },
    },
    (request) => getCampaign(app.db, campaignId(request.params.id), request.user, app.clock()),
  );

  app.get(
    '/api/campaigns/:id/kiis',
    {
      config: { access: 'public', errors: ['CAMPAIGN_NOT_FOUND'] },
      schema: {
        summary: "A campaign's key investment information sheet",
        params: z.object({ id: z.string() }),
        response: { 200: answerSchema(CAMPAIGN_API.kiis, kiisSchema) },
      },
    },
    (request) => kiisOf(app.db, campaignId(request.params.id), request.user, app.clock()),
  );

  app.post(
    '/api/campaigns',
    {
      config: { errors: ['FORBIDDEN'] },
      preHandler: app.requireRole('trader', {
        message: CAMPAIGN_MESSAGES.notTrader,
        verified: { kycMessage: CAMPAIGN_MESSAGES.kycRequired },
      }),
      schema: {
        summary: 'Create a campaign (a draft)',
        body: campaignCreateSchema,
        response: { 201: answerSchema(CAMPAIGN_API.create, campaignSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCampaign(app.db, request.user!, request.body, app.clock())),
  );

  app.patch(
    '/api/campaigns/:id',
    {
      config: { errors: ['CAMPAIGN_NOT_FOUND', 'CONFLICT', 'FORBIDDEN', 'VALIDATION'] },
      // The service checks that the trader owns the campaign.
      preHandler: app.requireRole('trader', { message: CAMPAIGN_MESSAGES.notOwner, verified: true }),
      schema: {
        summary: "Edit the trader's own campaign",
        params: z.object({ id: z.string() }),
        body: campaignPatchSchema,
        response: { 200: answerSchema(CAMPAIGN_API.update, campaignSchema) },
      },
    },
    (request) =>
      updateCampaign(app.db, request.user!, campaignId(request.params.id), request.body, app.clock()),
  );

  app.get(
    '/api/trader/stats/:traderId',
    {
      config: { errors: ['NOT_FOUND', 'FORBIDDEN'] },
      // The service checks that a trader asks for their own stats.
      preHandler: app.requireRole('trader', 'admin'),
      schema: {
        summary: "A trader's track record and campaign figures",
        params: z.object({ traderId: z.string() }),
        response: { 200: answerSchema(CAMPAIGN_API.traderStats, traderStatsSchema) },
      },
    },
    (request) => {
      const { traderId } = request.params;
      if (!isUuid(traderId)) throw new AppError('NOT_FOUND', 'Trader not found');
      return traderStats(app.db, request.user!, traderId);
    },
  );

  // ---- due diligence (issue 19; docs/campaigns.md) ------------------------------------------------
  app.post(
    '/api/admin/campaigns/:id/review',
    {
      config: { errors: ['CAMPAIGN_NOT_FOUND', 'REVIEW_NOT_PENDING', 'DILIGENCE_DOCUMENTS_MISSING'] },
      preHandler: app.requireRole('admin'),
      schema: {
        summary: "Decide a campaign's due diligence review",
        params: z.object({ id: z.string() }),
        body: campaignReviewDecisionSchema,
        response: { 200: answerSchema(CAMPAIGN_API.review, campaignDetailSchema) },
      },
    },
    (request) =>
      reviewCampaign(app.db, request.user!, campaignId(request.params.id), request.body, app.clock()),
  );

  app.get(
    '/api/admin/campaign-reviews',
    {
      preHandler: app.requireRole('admin'),
      schema: {
        summary: 'Campaigns waiting for due diligence review',
        response: { 200: answerSchema(CAMPAIGN_API.reviewQueue, reviewQueueSchema) },
      },
    },
    () => reviewQueue(app.db),
  );

  app.post(
    '/api/campaigns/:id/resubmit',
    {
      config: { errors: ['CAMPAIGN_NOT_FOUND', 'REVIEW_NOT_REJECTED'] },
      // The owning trader (the service answers 404 to anyone else).
      preHandler: app.requireRole('trader'),
      schema: {
        summary: 'Send a campaign back for review after changes',
        params: z.object({ id: z.string() }),
        body: noBodySchema,
        response: { 200: answerSchema(CAMPAIGN_API.resubmit, campaignDetailSchema) },
      },
    },
    (request) => resubmitCampaign(app.db, request.user!, campaignId(request.params.id), app.clock()),
  );

  // The campaign's lifecycle: transitions, milestones, its investors.
  await app.register(lifecycleRoutes);
  // Its documents, release evidence and the admin's decisions on its settlement and releases.
  await app.register(campaignMoneyRoutes);
};

export default campaignRoutes;
