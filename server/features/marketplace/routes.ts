// The buyer marketplace over HTTP: listings, suppliers, orders (placing, paying, moving, receipt,
// rating), quote requests with offers, and message threads. Routes map; the services decide.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import {
  buyerSummarySchema,
  supplierListSchema,
  supplierQuerySchema,
} from '../../../domain/order-tracking.ts';
import {
  messageCreateSchema,
  messageListSchema,
  messageQuerySchema,
  messageSchema,
  offerCreateSchema,
  offerSchema,
  rfqCreateSchema,
  rfqListSchema,
  rfqSchema,
} from '../../../domain/rfqs.ts';
import { ERRORS } from '../../../domain/errors.ts';
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
import { acceptOffer, createOffer, createRfq, listMessages, listRfqs, postMessage } from './rfqs.ts';
import { MARKET_API, ORDER_API, RFQ_API } from '../../../domain/endpoints/marketplace.ts';
import { answerSchema } from '../../../domain/endpoint.ts';

const idParams = z.object({ id: z.string() });

const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.market;
  const traders = app.requireRole('trader', { message: ERRORS.NOT_A_SUPPLIER.message });
  const buyers = app.requireRole('buyer', { message: ERRORS.NOT_A_BUYER.message });
  const parties = app.requireRole('buyer', 'trader', 'admin');
  // The money paths: the same guards behind the money gate (domain/policies.ts, moneyGateRefusal).
  const verifiedTraders = app.requireRole('trader', {
    message: ERRORS.NOT_A_SUPPLIER.message,
    verified: true,
  });
  const verifiedBuyers = app.requireRole('buyer', {
    message: ERRORS.NOT_A_BUYER.message,
    verified: { kyc: 'ORDERING_NEEDS_KYC' },
  });
  const verifiedTalkers = app.requireRole('buyer', 'trader', { verified: true });
  // Moving an order: the supplier's moves (confirm, ship, deliver: towards being paid) are behind the
  // gate; the buyer's cancellation (a refund) and an admin's are not.
  const movers = app.requireRole('buyer', 'trader', 'admin', { verified: { only: ['trader'] } });

  // ---- listings and suppliers ----
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

  // ---- orders ----
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

  // ---- quote requests and offers ----
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

  // ---- message threads ----
  for (const kind of ['rfq', 'order'] as const) {
    const notFound = kind === 'rfq' ? 'RFQ_NOT_FOUND' : 'ORDER_NOT_FOUND';
    const base = kind === 'rfq' ? '/api/rfqs/:id/messages' : '/api/orders/:id/messages';
    app.get(
      base,
      {
        preHandler: parties,
        schema: {
          summary: kind === 'rfq' ? "A quote request's messages" : "An order's messages",
          params: idParams,
          querystring: messageQuerySchema,
          response: {
            200: answerSchema(
              kind === 'rfq' ? RFQ_API.rfqMessages : RFQ_API.orderMessages,
              messageListSchema,
            ),
          },
        },
      },
      (request) =>
        listMessages(
          app.db,
          request.user!,
          { kind, id: idOf(request.params.id, notFound) },
          request.query.traderId,
        ),
    );
    app.post(
      base,
      {
        preHandler: verifiedTalkers,
        schema: {
          summary: kind === 'rfq' ? 'Write on a quote request' : 'Write on an order',
          params: idParams,
          body: messageCreateSchema,
          response: {
            201: answerSchema(
              kind === 'rfq' ? RFQ_API.postRfqMessage : RFQ_API.postOrderMessage,
              messageSchema,
            ),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await postMessage(
              deps,
              request.user!,
              { kind, id: idOf(request.params.id, notFound) },
              request.body,
              app.clock(),
            ),
          ),
    );
  }
};

export default marketplaceRoutes;
