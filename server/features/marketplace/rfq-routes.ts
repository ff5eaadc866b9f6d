// Quote requests over HTTP: a buyer asks suppliers for a quote, suppliers offer a price, the buyer
// accepts an offer (which places its order).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noBodySchema } from '../../../domain/api.ts';
import { orderPlacedSchema } from '../../../domain/orders.ts';
import {
  offerCreateSchema,
  offerSchema,
  rfqCreateSchema,
  rfqListSchema,
  rfqSchema,
} from '../../../domain/rfqs.ts';
import { idOf } from '../../errors.ts';
import { acceptOffer, createOffer, createRfq, listRfqs } from './rfqs.ts';
import { RFQ_API } from '../../../domain/endpoints/marketplace.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import { idParams, marketplaceGuards } from './route-guards.ts';

const rfqRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.market;
  const { parties, verifiedTraders, verifiedBuyers } = marketplaceGuards(app);
  app.post(
    '/api/rfqs',
    {
      config: { errors: ['SUPPLIER_NOT_FOUND'] },
      preHandler: verifiedBuyers,
      schema: {
        summary: 'Ask suppliers for a quote',
        body: rfqCreateSchema,
        response: { 201: answerSchema(RFQ_API.create, rfqSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRfq(deps, request.user!, request.body, app.clock())),
  );
  app.get(
    '/api/rfqs',
    {
      preHandler: parties,
      schema: {
        summary: 'The quote requests the caller may see',
        response: { 200: answerSchema(RFQ_API.list, rfqListSchema) },
      },
    },
    (request) => listRfqs(app.db, request.user!),
  );
  app.post(
    '/api/rfqs/:id/offers',
    {
      config: {
        errors: ['RFQ_NOT_FOUND', 'OFFER_DUPLICATE', 'ORDER_TOTAL_TOO_LARGE', 'RFQ_CLOSED', 'VALIDATION'],
      },
      preHandler: verifiedTraders,
      schema: {
        summary: 'Offer a price on a quote request',
        params: idParams,
        body: offerCreateSchema,
        response: { 201: answerSchema(RFQ_API.offer, offerSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createOffer(
            deps,
            request.user!,
            idOf(request.params.id, 'RFQ_NOT_FOUND'),
            request.body,
            app.clock(),
          ),
        ),
  );
  app.post(
    '/api/offers/:id/accept',
    {
      config: { errors: ['OFFER_NOT_FOUND', 'OFFER_CLOSED', 'ORDER_NOT_FOUND'] },
      preHandler: verifiedBuyers,
      schema: {
        summary: 'Accept an offer (places its order)',
        params: idParams,
        body: noBodySchema,
        response: { 201: answerSchema(RFQ_API.accept, orderPlacedSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await acceptOffer(deps, request.user!, idOf(request.params.id, 'OFFER_NOT_FOUND'), app.clock()),
        ),
  );
};

export default rfqRoutes;
