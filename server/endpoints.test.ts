// The client's calls (domain/endpoints/, docs/api.md "Types for the client") name routes that exist:
// every declared endpoint is an operation of the OpenAPI document, with a JSON answer schema for its
// success status. Its answer's type is tied to the route's schema at compile time (answerSchema).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../domain/endpoint.ts';
import * as admin from '../domain/endpoints/admin.ts';
import * as campaigns from '../domain/endpoints/campaigns.ts';
import * as investments from '../domain/endpoints/investments.ts';
import * as marketplace from '../domain/endpoints/marketplace.ts';
import * as origin from '../domain/endpoints/origin.ts';
import * as settings from '../domain/endpoints/settings.ts';
import { buildTestApp } from '../test/app.ts';
import { openApiDocument, type OpenApiDocument, type Operation } from '../test/openapi.ts';
import type { App } from './app.ts';

const groups = [admin, campaigns, investments, marketplace, origin, settings].flatMap((module) =>
  Object.values(module as Record<string, Record<string, Endpoint>>),
);
const endpoints = groups.flatMap((group) => Object.entries(group));

let app: App;
let document: OpenApiDocument;
beforeAll(async () => {
  app = await buildTestApp();
  document = await openApiDocument(app);
});
afterAll(() => app?.close());

describe('domain/endpoints', () => {
  it('declares each call once', () => {
    const keys = endpoints.map(([, e]) => `${e.method} ${e.path}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(endpoints.map(([name, e]) => [name, e.method, e.path] as const))(
    '%s (%s %s) is a documented route with a JSON answer schema',
    (_name, method, path) => {
      const documentedPath = path.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths?.[documentedPath]?.[method.toLowerCase() as 'get'] as
        Operation | undefined;
      expect(operation, `${method} ${path} is not in the document`).toBeDefined();
      const success = Object.entries(operation!.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      expect(success.length).toBeGreaterThan(0);
      for (const [, answer] of success) {
        expect(
          (answer as { content?: Record<string, { schema?: unknown }> }).content?.['application/json']
            ?.schema,
        ).toBeDefined();
      }
    },
  );
});
