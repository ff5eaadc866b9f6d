// The message threads over HTTP, on a quote request and on an order: reading and writing.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageCreateSchema,
  messageListSchema,
  messageQuerySchema,
  messageSchema,
} from '../../../domain/rfqs.ts';
import { idOf } from '../../errors.ts';
import { listMessages, postMessage } from './rfqs.ts';
import { RFQ_API } from '../../../domain/endpoints/marketplace.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import { idParams, marketplaceGuards } from './route-guards.ts';

const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.market;
  const { parties, verifiedTalkers } = marketplaceGuards(app);
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

export default messageRoutes;
