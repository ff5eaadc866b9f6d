import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

// The app's start-up check of who is signed in. It answers 200 either way (user or null) so a visitor
// who is signed out costs no failed request; GET /api/auth/me (spec §7) answers 401 instead.
// Sign-in and sessions arrive with the accounts feature: until then nobody can be signed in.
const sessionSchema = z.object({ user: z.null() });

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/auth/session', { schema: { response: { 200: sessionSchema } } }, async () => ({
    user: null,
  }));
};

export default authRoutes;
