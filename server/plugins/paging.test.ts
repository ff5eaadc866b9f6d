// One paging protocol (docs/api-conventions.md): every paged list answers its total over all pages in
// the X-Total-Count header, the admin lists included (whose bodies keep their `total` as before).
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp } from '../../test/app.ts';
import { signedInAs, type Actor } from '../../test/actor.ts';

let app: App;
let admin: Actor;

beforeAll(async () => {
  app = await buildTestApp({ seed: true });
  admin = await signedInAs(app, 'admin');
});

describe('paged lists carry X-Total-Count', () => {
  it.each([
    '/api/admin/users?tab=all',
    '/api/admin/escrow',
    '/api/admin/role-requests',
    '/api/admin/audit-log',
  ])('%s: the header is the body’s total', async (url) => {
    const res = await admin.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const { total } = res.json<{ total: number }>();
    expect(res.headers['x-total-count']).toBe(String(total));
  });

  it('the public lists too', async () => {
    for (const url of ['/api/campaigns', '/api/listings']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(res.json<unknown[]>().length);
    }
  });
});
