// Investor protection over HTTP (docs/investor-protection.md): the knowledge test and loss simulation
// (fixed contract), the application to be treated as sophisticated with its evidence, and the admins'
// review queue. The KIIS is served with its campaign (features/campaigns), the acknowledgements are
// checked by the investing routes (features/investments/consent.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../domain/admin.ts';
import { noBodySchema } from '../../../domain/api.ts';
import { ERRORS } from '../../../domain/errors.ts';
import {
  appropriatenessInputSchema,
  appropriatenessResultSchema,
  appropriatenessViewSchema,
  classificationApplicationSchema,
  classificationDecisionSchema,
  classificationFieldsSchema,
  classificationQueueSchema,
  classificationViewSchema,
} from '../../../domain/investor-protection.ts';
import { AppError } from '../../errors.ts';
import { documentMultipart, readDocumentParts } from '../kyc/index.ts';
import { appropriatenessOf, protectedUser, takeAppropriateness } from './appropriateness.ts';
import {
  applyForClassification,
  classificationOf,
  classificationQueue,
  decideClassification,
  MAX_EVIDENCE_FILES,
  readEvidence,
} from './classification.ts';

const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  await documentMultipart(app, MAX_EVIDENCE_FILES);
  const investorsOnly = app.requireRole('investor', { message: ERRORS.NOT_AN_INVESTOR.message });
  const adminsOnly = app.requireRole('admin');

  app.get(
    '/api/investor/appropriateness',
    { preHandler: investorsOnly, schema: { response: { 200: appropriatenessViewSchema } } },
    async (request) => appropriatenessOf(app.db, await protectedUser(app.db, request.user!.id), app.clock()),
  );

  app.post(
    '/api/investor/appropriateness',
    {
      preHandler: investorsOnly,
      schema: { body: appropriatenessInputSchema, response: { 200: appropriatenessResultSchema } },
    },
    async (request) =>
      takeAppropriateness(app.db, await protectedUser(app.db, request.user!.id), request.body, app.clock()),
  );

  app.get(
    '/api/investor/classification',
    { preHandler: investorsOnly, schema: { response: { 200: classificationViewSchema } } },
    (request) => classificationOf(app.db, request.user!.id, app.clock()),
  );

  app.post(
    '/api/investor/classification',
    {
      preHandler: investorsOnly,
      // Multipart: personType, criteria (comma-separated), statement, and the files as `evidence`.
      schema: { body: noBodySchema, response: { 201: classificationViewSchema } },
    },
    async (request, reply) => {
      const { files, fields } = await readDocumentParts(request, 'evidence', 'Evidence');
      const parsed = classificationFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError('VALIDATION', issue.message, {
          [String(issue.path[0] ?? 'request')]: issue.message,
        });
      }
      const view = await applyForClassification(app.db, request.user!, parsed.data, files, app.clock());
      return reply.status(201).send(view);
    },
  );

  app.get(
    '/api/investor/classification/documents/:id',
    { preHandler: app.requireRole('investor', 'admin'), schema: { params: idParamsSchema } },
    async (request, reply) => {
      const doc = await readEvidence(app.db, request.user!, request.params.id);
      const extension = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }[
        doc.contentType
      ];
      return reply
        .header('content-type', doc.contentType)
        .header('content-disposition', `inline; filename="evidence.${extension}"`)
        .header('x-content-type-options', 'nosniff')
        .send(doc.content);
    },
  );

  app.get(
    '/api/admin/classifications',
    { preHandler: adminsOnly, schema: { response: { 200: classificationQueueSchema } } },
    () => classificationQueue(app.db),
  );

  app.post(
    '/api/admin/classifications/:id',
    {
      preHandler: adminsOnly,
      schema: {
        params: idParamsSchema,
        body: classificationDecisionSchema,
        response: { 200: classificationApplicationSchema },
      },
    },
    (request) => decideClassification(app.db, request.user!, request.params.id, request.body, app.clock()),
  );
};

export default protectionRoutes;
