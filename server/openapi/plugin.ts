// The API's description (docs/api.md): an OpenAPI 3.1 document generated from the routes themselves
// at GET /api/openapi.json, and a page that reads it at GET /api/docs. Each operation's schemas are the
// route's own zod schemas (fastify-type-provider-zod's transform), its summary is the route's
// `schema.summary`, its access rule is what the access plugin enforces (app.apiRoutes: `x-access`,
// `x-money-gate`, `security` and a sentence in the description) and its error answers are derived
// from that rule and the route's inputs, plus the catalogue codes the route declares itself in
// `config.errors` (server/openapi/errors.ts).
import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../domain/errors.ts';
import { accessSentence, errorResponses, ERROR_SCHEMA } from './errors.ts';
import { docsPage } from './page.ts';
import type { ApiRoute } from '../plugins/access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The catalogue codes (domain/errors.ts) this route answers with beyond those its access rule and
     * inputs bring (validation, sign-in, role, money gate, not found): they are listed in the document.
     */
    errors?: readonly ErrorCode[];
    /**
     * Answers the route gives without a response schema (a redirect, a file, CSV it writes itself):
     * status → what it is, listed in the document beside the schema'd ones.
     */
    answers?: Readonly<Record<number, string>>;
  }
}

/** Where the document and the page are served (DESIGN §5). */
export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

type Transform = Parameters<typeof jsonSchemaTransform>[0];

/** The group an operation is listed in: the first segment of its path after /api (admin, auth, orders…). */
const tagOf = (url: string) => url.split('/')[2] ?? 'api';

/** Where the page's nonce goes (a nonce is base64: this never occurs in one). */
const NONCE_SLOT = '{{nonce}}';

export default fp(async function openapi(app: FastifyInstance) {
  let page: string | undefined;
  const declared = (method: string, url: string): ApiRoute | undefined =>
    app.apiRoutes.find((r) => r.method === method && r.url === url);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'HydroBridge API',
        version: '1',
        description:
          'Every route of the HydroBridge API. Signed-in calls carry the session cookie set by ' +
          '`POST /api/auth/signin`; writes from a browser must be same-site. Each operation states who ' +
          'may call it (`x-access`: `public`, `user` or the roles allowed; `x-money-gate` when the ' +
          'account must also be verified) and every error it can answer, each as `{ "error": message }`.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: '__Host-hb_session',
            description: 'The session cookie (`hb_session` when the server is not reached over HTTPS).',
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "The operator's METRICS_TOKEN (GET /metrics only; the route exists only when it is set).",
          },
        },
        schemas: { Error: ERROR_SCHEMA },
      },
    },
    // @fastify/swagger calls a schema'd answer "Default Response": it gets its status's name instead.
    transformObject: (input) => {
      if (!('openapiObject' in input)) throw new Error('OpenAPI 2 is not produced here');
      const { openapiObject } = input;
      for (const item of Object.values(openapiObject.paths ?? {}))
        for (const op of Object.values(item ?? {}) as {
          responses?: Record<string, { description?: string }>;
        }[])
          for (const [status, response] of Object.entries(op?.responses ?? {}))
            if (response.description === 'Default Response')
              response.description = STATUS_CODES[status] ?? 'Success';
      return openapiObject;
    },
    transform: (input: Transform) => {
      const route = input.route;
      const { schema, url } = jsonSchemaTransform(input) as { schema: Record<string, unknown>; url: string };
      if (schema?.hide) return { schema, url };
      const methods = [route.method].flat().filter((m) => m !== 'HEAD');
      const api = methods.map((m) => declared(m, route.url)).find(Boolean);
      // Only the routes that declare their access (the API and /metrics), not the client app's files.
      if (!api) return { schema: { hide: true }, url };
      const config = (route.config ?? {}) as {
        errors?: readonly ErrorCode[];
        answers?: Record<number, string>;
      };
      const responses = {
        ...Object.fromEntries(
          Object.entries(config.answers ?? {}).map(([status, description]) => [
            status,
            { type: 'null', description },
          ]),
        ),
        ...(schema.response as Record<string, unknown> | undefined),
      };
      // A route that declares no answer schema (a redirect, a file, text it writes itself) says so.
      const success = Object.keys(responses).some((status) => /^[23]/.test(status))
        ? {}
        : { '2XX': { description: 'Success (the route declares no schema for its answer)' } };
      return {
        url,
        schema: {
          ...schema,
          tags: (schema.tags as string[] | undefined) ?? [tagOf(route.url)],
          description: [schema.description, accessSentence(api)].filter(Boolean).join('\n\n'),
          security:
            api.access === 'public'
              ? []
              : api.access === 'token'
                ? [{ metricsToken: [] }]
                : [{ session: [] }],
          'x-access': api.access,
          ...(api.moneyGate ? { 'x-money-gate': true } : {}),
          response: { ...success, ...errorResponses(api, config.errors), ...responses },
        },
      };
    },
  });

  app.get(
    OPENAPI_PATH,
    {
      config: { access: 'public', answers: { 200: 'The OpenAPI 3.1 document (JSON)' } },
      schema: { summary: 'This document: the whole API in OpenAPI 3.1', tags: ['documentation'] },
    },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(app.swagger()),
  );
  app.get(
    DOCS_PATH,
    {
      config: { access: 'public', answers: { 200: 'The documentation page (HTML)' } },
      schema: {
        summary: 'The API documentation page (HTML, read from the document)',
        tags: ['documentation'],
      },
    },
    async (_request, reply) => {
      // Written once (the document does not change while the app runs); each answer gets its own nonce.
      page ??= docsPage(app.swagger() as OpenAPIV3_1.Document, NONCE_SLOT);
      return reply.type('text/html; charset=utf-8').send(page.replace(NONCE_SLOT, reply.styleNonce()));
    },
  );
});
