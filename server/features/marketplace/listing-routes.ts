// The marketplace's listings and suppliers over HTTP: browsing, one listing, a trader's own listings
// (create, edit, withdraw), the suppliers and the public figures.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { noBodySchema } from '../../../domain/api.ts';
import { TOTAL_COUNT_HEADER } from '../../../domain/campaigns.ts';
import {
  listingCreateSchema,
  listingListSchema,
  listingPatchSchema,
  listingQuerySchema,
  listingSchema,
  marketStatsSchema,
} from '../../../domain/listings.ts';
import { supplierListSchema, supplierQuerySchema } from '../../../domain/order-tracking.ts';
import { idOf } from '../../errors.ts';
import {
  createListing,
  getListing,
  listListings,
  listSuppliers,
  marketStats,
  updateListing,
  withdrawListing,
} from './listings.ts';
import { MARKET_API } from '../../../domain/endpoints/marketplace.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import { idParams, marketplaceGuards } from './route-guards.ts';

const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { traders, verifiedTraders } = marketplaceGuards(app);
  app.get(
    '/api/listings',
    // The service emits the page through listingListSchema itself, as JSON text (maybe cached): the
    // response schema documents it and types the client; Fastify sends the string as is.
    {
      config: { access: 'public' },
      schema: {
        summary: 'Browse hydrogen listings (filters, pages; total in a header)',
        querystring: listingQuerySchema,
        response: { 200: answerSchema(MARKET_API.listings, listingListSchema) },
      },
    },
    async (request, reply) => {
      const page = await listListings(app.db, request.query, request.user);
      // The page is JSON text already (and maybe cached): sent as is, with the total for pagination.
      return (
        reply
          .header(TOTAL_COUNT_HEADER, String(page.total))
          .type('application/json; charset=utf-8')
          // The text is the schema's JSON (see above); the type provider only knows the object form.
          .send(page.json as unknown as z.input<typeof listingListSchema>)
      );
    },
  );
  app.get(
    '/api/listings/:id',
    {
      config: { access: 'public', errors: ['LISTING_NOT_FOUND'] },
      schema: {
        summary: 'One listing',
        params: idParams,
        response: { 200: answerSchema(MARKET_API.listing, listingSchema) },
      },
    },
    (request) => getListing(app.db, idOf(request.params.id, 'LISTING_NOT_FOUND'), request.user),
  );
  app.post(
    '/api/listings',
    {
      config: { errors: ['LISTING_CAMPAIGN_INVALID', 'LISTING_NOT_FOUND'] },
      preHandler: verifiedTraders,
      schema: {
        summary: 'List hydrogen for sale',
        body: listingCreateSchema,
        response: { 201: answerSchema(MARKET_API.createListing, listingSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createListing(app.db, request.user!, request.body, app.clock())),
  );
  app.patch(
    '/api/listings/:id',
    {
      config: {
        errors: [
          'LISTING_NOT_FOUND',
          'LISTING_CAMPAIGN_INVALID',
          'LISTING_QUANTITY_BELOW_RESERVED',
          'NOT_LISTING_OWNER',
          'VALIDATION',
        ],
      },
      preHandler: verifiedTraders,
      schema: {
        summary: "Edit the trader's own listing",
        params: idParams,
        body: listingPatchSchema,
        response: { 200: listingSchema },
      },
    },
    (request) =>
      updateListing(
        app.db,
        request.user!,
        idOf(request.params.id, 'LISTING_NOT_FOUND'),
        request.body,
        app.clock(),
      ),
  );
  app.post(
    '/api/listings/:id/withdraw',
    {
      config: { errors: ['LISTING_NOT_FOUND', 'NOT_LISTING_OWNER'] },
      preHandler: traders,
      schema: {
        summary: "Withdraw the trader's own listing",
        params: idParams,
        body: noBodySchema,
        response: { 200: answerSchema(MARKET_API.withdrawListing, listingSchema) },
      },
    },
    (request) =>
      withdrawListing(app.db, request.user!, idOf(request.params.id, 'LISTING_NOT_FOUND'), app.clock()),
  );
  app.get(
    '/api/suppliers',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The suppliers, best rated first',
        querystring: supplierQuerySchema,
        response: { 200: answerSchema(MARKET_API.suppliers, supplierListSchema) },
      },
    },
    (request) => listSuppliers(app.db, request.query.limit),
  );

  app.get(
    '/api/market/stats',
    {
      config: { access: 'public' },
      schema: {
        summary: "The marketplace's public figures",
        response: { 200: answerSchema(MARKET_API.stats, marketStatsSchema) },
      },
    },
    () => marketStats(app.db),
  );
};

export default listingRoutes;
