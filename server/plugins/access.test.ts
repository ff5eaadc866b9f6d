// Deny by default at registration: an /api route that does not declare who may call it stops the app;
// and a declared guard refuses before the input is looked at.
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { callsAs, signedInAs } from '../../test/actor.ts';
import type { App } from '../app.ts';
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

  it('refuses /metrics without a declaration too: it answers data outside /api', async () => {
    await expect(appWith((app) => app.get('/metrics', async () => 'ok'))).rejects.toThrow(
      'GET /metrics declares no access',
    );
    const app = await appWith((app) =>
      app.get('/metrics', { preHandler: guard('token', async () => {}) }, log),
    );
    expect(app.apiRoutes.map(({ method, url, access }) => [method, url, access])).toContainEqual([
      'GET',
      '/metrics',
      'token',
    ]);
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

describe('the guard runs before the body is validated', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  it('a caller who may not use a route is refused without a word about its input', async () => {
    const badBody = { title: '', targetAmount: 42, unknownField: true };
    const visitor = await callsAs(app, null).post('/api/campaigns', badBody);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toMatch(/title|targetAmount|unknownField/i);

    const investor = await signedInAs(app, 'investor');
    const refused = await investor.post('/api/campaigns', badBody);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toMatch(/title|targetAmount|unknownField/i);

    // The trader, who may, learns what is wrong with the input.
    const trader = await signedInAs(app, 'trader');
    const invalid = await trader.post('/api/campaigns', badBody);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toMatch(/unknownField|title|target/i);
  });
});
