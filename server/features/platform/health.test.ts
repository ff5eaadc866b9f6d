import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp, testBackend } from '../../../test/app.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ seed: true });
});

describe('GET /api/health', () => {
  it('answers 200 with the database in use', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testBackend() });
  });
});

describe('over real HTTP', () => {
  it('serves the API on a port with JSON bodies and security headers', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;

    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await health.json()).toEqual({ status: 'ok', database: testBackend() });

    const campaigns = await fetch(`${base}/api/campaigns`);
    expect(campaigns.status).toBe(200);
    expect(((await campaigns.json()) as unknown[]).length).toBeGreaterThan(0);

    const missing = await fetch(`${base}/api/nothing-here`, { method: 'DELETE' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'No API route DELETE /api/nothing-here' });
  });
});

describe('when the database is gone', () => {
  // Last in this file: it closes the app's database.
  it('GET /api/health answers 503 JSON', async () => {
    await app.database.close();
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'Database unavailable' });
  });
});
