// Marketplace orders over HTTP: placing, paying, abandoning, the caller's orders and figures, a
// campaign's sales, moving an order along, receipt and rating.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noBodySchema } from '../../../domain/api.ts';
import { TOTAL_COUNT_HEADER } from '../../../domain/campaigns.ts';
import {
  campaignSalesSchema,
  orderAbandonedSchema,
  orderCreateSchema,
  orderListQuerySchema,
  orderCountsSchema,
  orderListSchema,
  orderPaymentSchema,
  orderPlacedSchema,
  orderSchema,
  orderTransitionSchema,
  ratingSchema,
} from '../../../domain/orders.ts';
import { buyerSummarySchema } from '../../../domain/order-tracking.ts';
import { idOf } from '../../errors.ts';
import {
  abandonOrder,
  confirmReceipt,
  placeOrder,
  rateOrder,
  recordOrderPayment,
  transitionOrder,
} from './orders.ts';
import { buyerSummary, campaignSales } from './order-figures.ts';
import { countOrders, getOrder, listOrders } from './order-queries.ts';
import { ORDER_API } from '../../../domain/endpoints/marketplace.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import { idParams, marketplaceGuards } from './route-guards.ts';

const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.market;
  const { buyers, parties, verifiedBuyers, movers } = marketplaceGuards(app);
  app.post(
    '/api/orders',
    {
      config: { errors: ['LISTING_NOT_FOUND', 'ORDER_NOT_FOUND', 'ORDER_TOTAL_TOO_LARGE'] },
      preHandler: verifiedBuyers,
      schema: {
        summary: 'Place an order for a listing',
        body: orderCreateSchema,
        response: { 201: answerSchema(ORDER_API.place, orderPlacedSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await placeOrder(deps, request.user!, request.body, app.clock())),
  );
  app.post(
    '/api/orders/:id/payment',
    {
      config: {
        errors: [
          'ORDER_NOT_FOUND',
          'ORDER_PAYMENT_EXPIRED',
          'ORDER_PAYMENT_MISMATCH',
          'ORDER_PAYMENT_UNPAID',
          'PAYMENT_NOT_FOUND',
          'PAYMENT_VOIDED',
        ],
      },
      preHandler: buyers,
      schema: {
        summary: "Record an order's card payment once it succeeded",
        params: idParams,
        body: orderPaymentSchema,
        response: { 200: answerSchema(ORDER_API.recordPayment, orderSchema) },
      },
    },
    (request) =>
      recordOrderPayment(
        deps,
        request.user!,
        idOf(request.params.id, 'ORDER_NOT_FOUND'),
        request.body.paymentIntentId,
      ),
  );
  app.post(
    '/api/orders/:id/abandon',
    {
      config: { errors: ['ORDER_NOT_FOUND'] },
      preHandler: buyers,
      schema: {
        summary: "Abandon an order's unpaid payment",
        params: idParams,
        body: noBodySchema,
        response: { 200: answerSchema(ORDER_API.abandon, orderAbandonedSchema) },
      },
    },
    (request) => abandonOrder(deps, request.user!, idOf(request.params.id, 'ORDER_NOT_FOUND')),
  );
  app.get(
    '/api/orders',
    {
      preHandler: parties,
      schema: {
        summary: "The caller's orders (a buyer's, a supplier's; every order for an admin)",
        querystring: orderListQuerySchema,
        response: { 200: answerSchema(ORDER_API.list, orderListSchema) },
      },
    },
    async (request, reply) => {
      const page = await listOrders(app.db, request.user!, request.query);
      // One page; the group's total for pagination, as on GET /api/listings.
      return reply.header(TOTAL_COUNT_HEADER, String(page.total)).send(page.orders);
    },
  );
  app.get(
    '/api/orders/counts',
    {
      preHandler: parties,
      schema: {
        summary: "The caller's orders counted by state",
        response: { 200: answerSchema(ORDER_API.counts, orderCountsSchema) },
      },
    },
    (request) => countOrders(app.db, request.user!),
  );
  app.get(
    '/api/orders/summary',
    {
      preHandler: buyers,
      schema: {
        summary: "The buyer's order totals",
        response: { 200: answerSchema(ORDER_API.summary, buyerSummarySchema) },
      },
    },
    (request) => buyerSummary(app.db, request.user!.id),
  );
  app.get(
    '/api/campaigns/:id/sales',
    {
      config: { errors: ['CAMPAIGN_NOT_FOUND', 'FORBIDDEN'] },
      // The service checks that the trader owns the campaign (as for its investors).
      preHandler: app.requireRole('trader', 'admin'),
      schema: {
        summary: "A campaign's marketplace sales (its trader or an admin)",
        params: idParams,
        response: { 200: answerSchema(ORDER_API.campaignSales, campaignSalesSchema) },
      },
    },
    (request) => campaignSales(app.db, request.user!, idOf(request.params.id, 'CAMPAIGN_NOT_FOUND')),
  );
  app.get(
    '/api/orders/:id',
    {
      config: { errors: ['ORDER_NOT_FOUND'] },
      preHandler: parties,
      schema: {
        summary: 'One order (its buyer, its supplier or an admin)',
        params: idParams,
        response: { 200: orderSchema },
      },
    },
    (request) => getOrder(app.db, request.user!, idOf(request.params.id, 'ORDER_NOT_FOUND')),
  );
  app.post(
    '/api/orders/:id/transitions',
    {
      config: { errors: ['ORDER_NOT_FOUND', 'ORDER_TRANSITION_REFUSED', 'ORDER_DISPUTED', 'VALIDATION'] },
      preHandler: movers,
      schema: {
        summary: 'Move an order along (confirm, ship, deliver, cancel)',
        params: idParams,
        body: orderTransitionSchema,
        response: { 200: answerSchema(ORDER_API.transition, orderSchema) },
      },
    },
    (request) =>
      transitionOrder(
        deps,
        request.user!,
        idOf(request.params.id, 'ORDER_NOT_FOUND'),
        request.body,
        app.clock(),
      ),
  );
  app.post(
    '/api/orders/:id/receipt',
    {
      config: { errors: ['ORDER_NOT_FOUND', 'ORDER_DISPUTED', 'ORDER_NOT_DELIVERED'] },
      preHandler: buyers,
      schema: {
        summary: 'Confirm receipt of a delivered order (releases its escrow)',
        params: idParams,
        body: noBodySchema,
        response: { 200: answerSchema(ORDER_API.receipt, orderSchema) },
      },
    },
    (request) => confirmReceipt(deps, request.user!, idOf(request.params.id, 'ORDER_NOT_FOUND'), app.clock()),
  );
  app.post(
    '/api/orders/:id/rating',
    {
      config: { errors: ['ORDER_NOT_FOUND', 'ORDER_ALREADY_RATED', 'ORDER_NOT_DELIVERED'] },
      preHandler: buyers,
      schema: {
        summary: 'Rate a received order',
        params: idParams,
        body: ratingSchema,
        response: { 200: answerSchema(ORDER_API.rate, orderSchema) },
      },
    },
    (request) =>
      rateOrder(
        app.db,
        request.user!,
        idOf(request.params.id, 'ORDER_NOT_FOUND'),
        request.body.rating,
        app.clock(),
      ),
  );
};

export default orderRoutes;
