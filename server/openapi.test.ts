// The API's description (docs/api.md): GET /api/openapi.json is a valid OpenAPI 3.1 document that
// describes every route the app registers — with its summary, who may call it (the rule the access
// plugin enforces) and its error answers — and GET /api/docs is a page built from it that keeps the
// strict CSP. Routes that exist only with Stripe configured are checked on a second app in Stripe mode.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppWithSettings, startOidcProvider } from '../test/auth-services.ts';
import { METRICS_TOKEN, STRIPE_SETTINGS } from '../test/authz/requests.ts';
import {
  documentedRoutes,
  documentProblems,
  openApiDocument,
  type OpenApiDocument,
  type Operation,
} from '../test/openapi.ts';
import type { App } from './app.ts';

let app: App;
let stripeApp: App;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
let document: OpenApiDocument;
let stripeDocument: OpenApiDocument;

beforeAll(async () => {
  oidc = await startOidcProvider();
  app = await buildAppWithSettings({
    oauth: { google: { clientId: 'doc-client', clientSecret: 'doc-secret', issuer: oidc.issuer } },
    metricsToken: METRICS_TOKEN,
  });
  stripeApp = await buildAppWithSettings({ stripe: STRIPE_SETTINGS });
  document = await openApiDocument(app);
  stripeDocument = await openApiDocument(stripeApp);
});

afterAll(async () => {
  await app?.close();
  await stripeApp?.close();
  await oidc?.close();
});

const operation = (doc: OpenApiDocument, method: string, path: string) =>
  doc.paths?.[path]?.[method as 'get'] as Operation | undefined;

describe('GET /api/openapi.json', () => {
  it('answers an OpenAPI 3.1 document that validates, publicly', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(document.openapi).toMatch(/^3\.1\./);
    for (const doc of [document, stripeDocument]) {
      const result = await new Validator().validate(structuredClone(doc));
      expect(result.errors ?? [], 'validation errors').toEqual([]);
      expect(result.valid).toBe(true);
    }
  });

  it('describes every route the app registers, each with a summary, its access rule and its errors', () => {
    expect(documentProblems(document, app.apiRoutes)).toEqual([]);
    expect(documentProblems(stripeDocument, stripeApp.apiRoutes)).toEqual([]);
    expect(documentedRoutes(stripeDocument).map((r) => r.key)).toContain('POST /api/payments/stripe/webhook');
  });

  it('finds a route that is missing, or lacks its summary or its access rule', () => {
    const tampered = structuredClone(document);
    delete tampered.paths!['/api/health'];
    delete operation(tampered, 'post', '/api/orders')!.summary;
    delete operation(tampered, 'get', '/api/admin/users')!['x-access'];
    delete operation(tampered, 'get', '/api/orders/{id}')!.responses!['404'];
    expect(documentProblems(tampered, app.apiRoutes)).toEqual([
      'GET /api/health: missing from the document',
      'GET /api/admin/users: x-access undefined, enforced ["admin"]',
      'POST /api/orders: no summary',
      'GET /api/orders/:id: no 404 answer documented',
    ]);
  });

  it("takes each operation's input and answer schemas from the route's zod schemas", () => {
    const placeOrder = operation(document, 'post', '/api/orders')!;
    const body = (placeOrder.requestBody as { content: Record<string, { schema: { properties: object } }> })
      .content['application/json']!.schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['listingId', 'quantity']));
    expect(Object.keys(placeOrder.responses!)).toEqual(expect.arrayContaining(['201', '400', '401', '403']));
    const listing = operation(document, 'get', '/api/listings/{id}')!;
    expect(listing.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    const answer = (
      listing.responses!['200'] as { content: Record<string, { schema: { properties: object } }> }
    ).content['application/json']!.schema;
    expect(Object.keys(answer.properties)).toEqual(expect.arrayContaining(['id', 'pricePerKg', 'available']));
  });

  it('says who may call each route as the access plugin enforces it, and what each refusal means', () => {
    const withdraw = operation(document, 'post', '/api/withdrawals')!;
    expect(withdraw['x-access']).toEqual(['investor']);
    expect(withdraw['x-money-gate']).toBe(true);
    expect(withdraw.security).toEqual([{ session: [] }]);
    expect(withdraw.description).toContain(
      'signed-in users with the role investor whose account passes the money gate',
    );
    const refused = withdraw.responses!['403'] as { description: string };
    expect(refused.description).toContain('`KYC_NOT_APPROVED`');
    expect(refused.description).toContain('`FORBIDDEN`');
    const health = operation(document, 'get', '/api/health')!;
    expect(health['x-access']).toBe('public');
    expect(health.security).toEqual([]);
    // A route's own codes (config.errors) are listed beside those of its kind.
    expect((health.responses!['503'] as { description: string }).description).toContain('`UNAVAILABLE`');
    // Prometheus' scrape takes the operator's token, not a session.
    const metrics = operation(document, 'get', '/metrics')!;
    expect(metrics['x-access']).toBe('token');
    expect(metrics.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(metrics.responses!)).toEqual(['200', '401', '403']);
  });
});

describe('GET /api/docs', () => {
  it('is a page listing every operation, with no script and its one stylesheet allowed by the CSP nonce', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toMatch(/<script/i);
    const nonce = /<style nonce="([^"]+)">/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const escaped = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    for (const route of documentedRoutes(document))
      expect(res.body).toContain(escaped(route.operation.summary!));
    expect(res.body).toContain('href="/api/openapi.json"');
  });
});
