// Verification over HTTP: identity and business checks (kyc/), the investor's classification,
// appropriateness and disclosures (protection/), and complaints (complaints/).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import complaintRoutes from './complaints/routes.ts';
import kycRoutes from './kyc/routes.ts';
import protectionRoutes from './protection/routes.ts';

const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(kycRoutes);
  await app.register(complaintRoutes);
  await app.register(protectionRoutes);
};

export default verificationRoutes;
