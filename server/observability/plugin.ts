// Observability on every request (docs/operations.md): the X-Request-Id header, one latency
// observation per answer (by route pattern), the readiness checks of the database and its migrations,
// and GET /metrics for Prometheus: only when METRICS_TOKEN is set, and only with that token.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { guard } from '../plugins/access.ts';
import type { Metrics } from './metrics.ts';
import { databaseCheck, migrationsCheck, type Readiness } from './readiness.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this app (server/observability/metrics.ts): jobs call `observeJob`. */
    metrics: Metrics;
    /** GET /api/ready's checks: the job registry adds its own with `readiness.add(name, check)`. */
    readiness: Readiness;
  }
}

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The /metrics guard: `Authorization: Bearer <METRICS_TOKEN>`. Compared as SHA-256 digests with
 * timingSafeEqual: equal lengths, and the time taken says nothing of how much of the token matched.
 */
export function metricsTokenGuard(token: string) {
  const expected = digest(token);
  return guard('token', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer +(\S+) *$/i.exec(header) : null;
    if (!match) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('METRICS_TOKEN_REQUIRED');
    }
    if (!timingSafeEqual(digest(match[1]!), expected)) throw new AppError('METRICS_TOKEN_INVALID');
  });
}

export default fp(async function observability(app: FastifyInstance) {
  // A callback hook, not async: it runs on every answer, 404s and errors included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // One observation per answer, labelled with the route's pattern (/api/campaigns/:id), never the URL.
  app.addHook('onResponse', (request, reply, done) => {
    app.metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.readiness.add('database', databaseCheck(app.database));
  app.readiness.add('migrations', migrationsCheck(app.database));

  const token = app.settings.metricsToken;
  if (!token) return;
  app.get(
    METRICS_PATH,
    {
      preHandler: metricsTokenGuard(token),
      logLevel: 'warn',
      config: { answers: { 200: 'The metrics in Prometheus text format' } },
      schema: { summary: "Prometheus' scrape: this instance's metrics (the operator's token)" },
    },
    async (_request, reply) => {
      const text = await app.metrics.scrape();
      return reply
        .header('content-type', app.metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
});
