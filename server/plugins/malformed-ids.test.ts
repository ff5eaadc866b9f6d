// One rule for a malformed id in a path, across features (domain/ids.ts): it names nothing, so it gets
// the 404 of an unknown id, never a 400, and nothing changes.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { buildTestApp } from '../../test/app.ts';
import { signedInAs, type Actor } from '../../test/actor.ts';

let app: App;
let admin: Actor;
let investor: Actor;
let buyer: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  [admin, investor, buyer] = await Promise.all([
    signedInAs(app, 'admin'),
    signedInAs(app, 'investor'),
    signedInAs(app, 'buyer'),
  ]);
});

const MALFORMED = ['not-a-uuid', '123', "1' or '1'='1"];

describe('a malformed path id is answered as an unknown one: 404', () => {
  const cases: [string, () => Actor | null, 'GET' | 'POST', (id: string) => string][] = [
    ['campaigns: a campaign', () => null, 'GET', (id) => `/api/campaigns/${id}`],
    ['money: a campaign’s documents', () => admin, 'GET', (id) => `/api/campaigns/${id}/documents`],
    [
      'money: a document of a campaign',
      () => admin,
      'GET',
      (id) => `/api/campaigns/${randomUUID()}/documents/${id}`,
    ],
    ['investments: revoking an investment', () => investor, 'POST', (id) => `/api/investments/${id}/revoke`],
    ['marketplace: a listing', () => null, 'GET', (id) => `/api/listings/${id}`],
    ['marketplace: an order', () => buyer, 'GET', (id) => `/api/orders/${id}`],
    ['admin: a user', () => admin, 'GET', (id) => `/api/admin/users/${id}`],
    ['admin: deciding a KYC', () => admin, 'POST', (id) => `/api/admin/users/${id}/kyc`],
  ];

  it.each(cases)('%s', async (_, who, method, path) => {
    const call = async (id: string) => {
      const actor = who();
      const body = path(id).endsWith('/kyc') ? { decision: 'approve' } : method === 'POST' ? {} : undefined;
      if (actor) return method === 'GET' ? actor.get(path(id)) : actor.post(path(id), body);
      return app.inject({ method, url: path(id) });
    };
    const unknown = await call(randomUUID());
    expect(unknown.statusCode, unknown.body).toBe(404);
    for (const id of MALFORMED) {
      const res = await call(encodeURIComponent(id));
      expect(res.statusCode, `${id}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('names what was not found, as an unknown id does', async () => {
    const malformed = await app.inject({ url: '/api/campaigns/not-a-uuid' });
    const unknown = await app.inject({ url: `/api/campaigns/${randomUUID()}` });
    expect(malformed.json()).toEqual(unknown.json());
    const revoke = await investor.post('/api/investments/not-a-uuid/revoke', {});
    expect(revoke.json()).toEqual(
      (await investor.post(`/api/investments/${randomUUID()}/revoke`, {})).json(),
    );
  });
});
