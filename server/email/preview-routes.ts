// The development preview of every email (docs/email.md): GET /api/dev/emails lists the templates,
// GET /api/dev/emails/:template shows one rendered with its sample data (?format=text: the plain text).
// Registered only outside production (server/app.ts): a production server answers these paths 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { escapeHtml } from '../html.ts';
import { isTemplateName, render, TEMPLATE_NAMES, TEMPLATES, type TemplateName } from './templates.ts';

/** Emails style themselves inline (mail clients ignore style sheets): allowed here, and nothing else. */
const PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const sample = <N extends TemplateName>(name: N, publicUrl: string) =>
  render(name, TEMPLATES[name].sample, { publicUrl });

const devEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/emails',
    { config: { access: 'public' }, schema: { summary: 'Development: every email template' } },
    async (_request, reply) => {
      const items = TEMPLATE_NAMES.map((name) => {
        const email = sample(name, app.settings.publicUrl);
        return [
          '<li>',
          `<a href="/api/dev/emails/${name}">${escapeHtml(name)}</a>`,
          ` (<a href="/api/dev/emails/${name}?format=text">text</a>)`,
          `: ${escapeHtml(TEMPLATES[name].about)}`,
          `<br>Subject: <q>${escapeHtml(email.subject)}</q>`,
          '</li>',
        ].join('');
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PREVIEW_CSP)
        .send(
          [
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>HydroBridge emails</title></head><body>',
            '<h1>HydroBridge emails</h1>',
            `<p>Every email the platform sends (${TEMPLATE_NAMES.length}), with sample data. Development only.</p>`,
            `<ul>${items.join('\n')}</ul>`,
            '</body></html>',
          ].join('\n'),
        );
    },
  );

  app.get(
    '/api/dev/emails/:template',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Development: one email template with sample data',
        params: z.object({ template: z.string().max(100) }),
        querystring: z.object({ format: z.enum(['html', 'text']).default('html') }),
      },
    },
    async (request, reply) => {
      const { template } = request.params;
      if (!isTemplateName(template))
        throw new AppError('NOT_FOUND', `No email template is called ${template}.`);
      const email = sample(template, app.settings.publicUrl);
      reply.header('content-security-policy', PREVIEW_CSP);
      if (request.query.format === 'text')
        return reply.type('text/plain; charset=utf-8').send(`Subject: ${email.subject}\n\n${email.text}\n`);
      return reply.type('text/html; charset=utf-8').send(email.html);
    },
  );
};

export default devEmailRoutes;
