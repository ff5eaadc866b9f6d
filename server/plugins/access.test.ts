// Deny by default at registration: an /api route that does not declare who may call it stops the app.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import accessPlugin, { guard } from './access.ts';

const requireSomeone = guard('user', async () => {});
const requireTrader = guard(['trader'], async () => {});
const log = async () => {};

async function appWith(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  await app.register(accessPlugin);
  register(app);
  await app.ready();
  return app;
}

describe('route access declarations', () => {
  it('refuses an /api route that declares no access', async () => {
    await expect(appWith((app) => app.post('/api/things', async () => 'ok'))).rejects.toThrow(
      "POST /api/things declares no access: add preHandler: app.requireUser or app.requireRole(...), or config: { access: 'public' }",
    );
  });

  it('refuses a route declared public that also has a guard, and a guard that does not run first', async () => {
    await expect(
      appWith((app) =>
        app.get(
          '/api/things',
          { config: { access: 'public' }, preHandler: requireSomeone },
          async () => 'ok',
        ),
      ),
    ).rejects.toThrow('GET /api/things is declared public but also has an access guard');
    await expect(
      appWith((app) => app.get('/api/things', { preHandler: [log, requireSomeone] }, async () => 'ok')),
    ).rejects.toThrow('GET /api/things: its access guard must be the first preHandler');
  });

  it('lists every /api route with its access; other paths need no declaration', async () => {
    const app = await appWith((app) => {
      app.get('/api/open', { config: { access: 'public' } }, async () => 'ok');
      app.patch('/api/mine/:id', { preHandler: [requireSomeone, log] }, async () => 'ok');
      app.post('/api/trade', { preHandler: requireTrader }, async () => 'ok');
      app.get('/assets/app.js', async () => 'ok');
    });
    expect(app.apiRoutes.map(({ method, url, access }) => [method, url, access])).toEqual([
      ['GET', '/api/open', 'public'],
      ['HEAD', '/api/open', 'public'],
      ['PATCH', '/api/mine/:id', 'user'],
      ['POST', '/api/trade', ['trader']],
    ]);
  });
});
