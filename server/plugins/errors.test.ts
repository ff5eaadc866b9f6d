// Refusals made by the router itself, before any route runs (found by the fuzzer): they answer like
// every other error, `{ "error": … }`, without Fastify's internal codes or the path echoed back, and
// with the security headers of every other answer.
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp } from '../../test/app.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});

describe("the router's own refusals", () => {
  it.each([
    ['a malformed percent-encoding in a path parameter', '/api/campaigns/%C0%AF', 400],
    ['a lone surrogate in a path parameter', '/api/trader/stats/%ED%A0%80', 400],
    ['a path parameter over 100 characters', `/api/campaigns/${'a'.repeat(101)}`, 414],
  ])('%s → %i { error } without internals', async (_, url, status) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: 'Invalid request' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
      'cache-control': 'no-store',
    });
  });
});
