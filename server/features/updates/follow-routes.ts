// Followed campaigns and saved searches over HTTP (docs/updates.md): investors only; the services
// check the campaign is one they may see and that a saved search is their own.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBodySchema } from '../../../domain/api.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import { FOLLOWS_API } from '../../../domain/endpoints/follows.ts';
import {
  followListSchema,
  followStateSchema,
  removedSchema,
  savedSearchCreateSchema,
  savedSearchListSchema,
  savedSearchSchema,
} from '../../../domain/follows.ts';
import { follow, listFollows, listSearches, removeSearch, saveSearch, unfollow } from './follows.ts';
import { idOf } from './ids.ts';

const campaignParams = z.object({ id: z.string() });

const followRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---- followed campaigns and saved searches --------------------------------------------------------
  const investorsOnly = app.requireRole('investor');
  for (const [endpoint, following] of [
    [FOLLOWS_API.follow, true],
    [FOLLOWS_API.unfollow, false],
  ] as const) {
    app.post(
      endpoint.path,
      {
        config: { errors: ['CAMPAIGN_NOT_FOUND'] },
        preHandler: investorsOnly,
        schema: {
          summary: following
            ? 'Follow a campaign (its public updates and a reminder before its deadline)'
            : 'Stop following a campaign',
          params: campaignParams,
          body: noBodySchema,
          response: { 200: answerSchema(endpoint, followStateSchema) },
        },
      },
      (request) => {
        const id = idOf(request.params.id, 'CAMPAIGN_NOT_FOUND');
        return following
          ? follow(app.db, request.user!, id, app.clock())
          : unfollow(app.db, request.user!, id);
      },
    );
  }

  app.get(
    FOLLOWS_API.follows.path,
    {
      preHandler: investorsOnly,
      schema: {
        summary: 'The campaigns the investor follows',
        response: { 200: answerSchema(FOLLOWS_API.follows, followListSchema) },
      },
    },
    (request) => listFollows(app.db, request.user!.id),
  );

  app.post(
    FOLLOWS_API.saveSearch.path,
    {
      config: { errors: ['SAVED_SEARCHES_FULL'] },
      preHandler: investorsOnly,
      schema: {
        summary: 'Save a /campaigns search: a new campaign that matches it is emailed',
        body: savedSearchCreateSchema,
        response: { 201: answerSchema(FOLLOWS_API.saveSearch, savedSearchSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveSearch(app.db, request.user!, request.body, app.clock())),
  );

  app.get(
    FOLLOWS_API.searches.path,
    {
      preHandler: investorsOnly,
      schema: {
        summary: "The investor's saved searches",
        response: { 200: answerSchema(FOLLOWS_API.searches, savedSearchListSchema) },
      },
    },
    (request) => listSearches(app.db, request.user!.id),
  );

  app.post(
    FOLLOWS_API.removeSearch.path,
    {
      config: { errors: ['SAVED_SEARCH_NOT_FOUND'] },
      preHandler: investorsOnly,
      schema: {
        summary: 'Remove a saved search',
        params: campaignParams,
        body: noBodySchema,
        response: { 200: answerSchema(FOLLOWS_API.removeSearch, removedSchema) },
      },
    },
    (request) => removeSearch(app.db, request.user!, idOf(request.params.id, 'SAVED_SEARCH_NOT_FOUND')),
  );
};

export default followRoutes;
