// The buyer marketplace over HTTP, registered by the app as one plugin: listings and suppliers,
// orders (placing, paying, moving, receipt, rating), quote requests with offers, and message threads,
// each in its own file. Routes map; the services decide.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import listingRoutes from './listing-routes.ts';
import orderRoutes from './order-routes.ts';
import rfqRoutes from './rfq-routes.ts';
import messageRoutes from './message-routes.ts';

const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(listingRoutes);
  await app.register(orderRoutes);
  await app.register(rfqRoutes);
  await app.register(messageRoutes);
};

export default marketplaceRoutes;
