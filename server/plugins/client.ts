// Serves the built React app: hashed assets cached for a year, and index.html for every other path
// so the client-side router can answer (and show Page Not Found). Unknown /api paths (and /metrics
// when it is off) stay JSON 404s.
// index.html is read once and sent from memory with a fresh CSP nonce in each answer (never stored).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CSP_NONCE_PLACEHOLDER } from '../csp-nonce.ts';

export default fp(async function client(app: FastifyInstance, opts: { clientDir: string | undefined }) {
  const hasClient = !!opts.clientDir && fs.existsSync(path.join(opts.clientDir, 'index.html'));
  if (opts.clientDir && !hasClient) {
    app.log.warn(`no built client in ${opts.clientDir}: run "npm run build" to serve the app`);
  }
  // The page split where its nonce goes: each answer joins the parts with its own.
  const page = hasClient
    ? fs.readFileSync(path.join(opts.clientDir!, 'index.html'), 'utf8').split(CSP_NONCE_PLACEHOLDER)
    : [];
  if (hasClient)
    await app.register(fastifyStatic, {
      root: opts.clientDir!,
      wildcard: false,
      // Not as a file: only with its nonce filled in (below).
      allowedPath: (pathName) => pathName !== '/index.html',
      preCompressed: true,
      // Our setHeaders decides caching: hashed assets for a year, other files for an hour.
      cacheControl: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.startsWith(path.join(opts.clientDir!, 'assets'));
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // /metrics without METRICS_TOKEN does not exist: a JSON 404, never the app's page.
    const isServer = isApi || pathname === '/metrics' || pathname === '/metrics/';
    if (!hasClient || isServer || !['GET', 'HEAD'].includes(request.method)) {
      return reply
        .status(404)
        .send({ error: isApi ? `No API route ${request.method} ${pathname}` : 'Not found' });
    }
    // no-store: a stored copy would carry a nonce that the next answer's policy no longer allows.
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page.join(reply.styleNonce()));
  });
});
