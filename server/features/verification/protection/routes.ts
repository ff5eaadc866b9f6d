// Investor protection over HTTP (docs/investor-protection.md): the knowledge test and loss simulation
// (fixed contract), the application to be treated as sophisticated with its evidence, and the admins'
// review queue. The KIIS is served with its campaign (features/campaigns), the acknowledgements are
// checked by the investing routes (features/investing/consent.ts).
import { accountMailContext } from '../../../email/account-emails.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../domain/admin.ts';
import { noBodySchema } from '../../../../domain/api.ts';
import { ERRORS } from '../../../../domain/errors.ts';
import {
  appropriatenessInputSchema,
  appropriatenessResultSchema,
  appropriatenessViewSchema,
  classificationApplicationSchema,
  classificationDecisionSchema,
  classificationFieldsSchema,
  classificationQueueSchema,
  classificationViewSchema,
} from '../../../../domain/investor-protection.ts';
import multipart from '@fastify/multipart';

import { KYC_MESSAGES, MAX_DOCUMENT_BYTES } from '../../../../domain/kyc.ts';
import { AppError } from '../../../errors.ts';
import { receiveUpload, uploadFields, type UploadRules } from '../../../uploads/receive.ts';
import { sendStoredFile } from '../../../uploads/send.ts';
import { appropriatenessOf, protectedUser, takeAppropriateness } from './appropriateness.ts';
import {
  applyForClassification,
  classificationOf,
  classificationQueue,
  decideClassification,
  MAX_EVIDENCE_FILES,
  readEvidence,
} from './classification.ts';
import { ADMIN_API } from '../../../../domain/endpoints/admin.ts';
import { INVESTMENT_API } from '../../../../domain/endpoints/investments.ts';
import { answerSchema } from '../../../../domain/endpoint.ts';

const evidenceError = (code: 'DOCUMENT_TOO_LARGE' | 'DOCUMENT_REJECTED', message: string) =>
  new AppError(code, message, { evidence: message });

/** The evidence of an application, streamed to storage as KYC documents are (server/uploads). */
const evidenceUpload: UploadRules = {
  isFileField: (name) => name === 'evidence',
  repeatableFileFields: true,
  maxFiles: MAX_EVIDENCE_FILES,
  maxFileBytes: MAX_DOCUMENT_BYTES,
  maxTotalBytes: MAX_EVIDENCE_FILES * MAX_DOCUMENT_BYTES,
  maxFields: 4,
  maxFieldBytes: 4096,
  errors: {
    notMultipart: () => new AppError('UNSUPPORTED_MEDIA_TYPE', KYC_MESSAGES.notMultipart),
    unknownField: (name) => new AppError('VALIDATION', `Unknown field ${name}: send the files as evidence`),
    tooLarge: () => evidenceError('DOCUMENT_TOO_LARGE', KYC_MESSAGES.tooLarge('Evidence')),
    wrongType: () => evidenceError('DOCUMENT_REJECTED', KYC_MESSAGES.wrongType('Evidence')),
    empty: () => evidenceError('DOCUMENT_REJECTED', KYC_MESSAGES.empty('Evidence')),
    tooMany: () => new AppError('PAYLOAD_TOO_LARGE', `Send at most ${MAX_EVIDENCE_FILES} files`),
    duplicate: () => new AppError('PAYLOAD_TOO_LARGE', `Send at most ${MAX_EVIDENCE_FILES} files`),
    malformed: () => new AppError('VALIDATION', KYC_MESSAGES.malformed),
  },
};

const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed for this plugin's routes only (limits per request: evidenceUpload).
  await app.register(multipart);
  const investorsOnly = app.requireRole('investor', { message: ERRORS.NOT_AN_INVESTOR.message });
  const adminsOnly = app.requireRole('admin');

  app.get(
    '/api/investor/appropriateness',
    {
      config: { errors: ['NOT_FOUND'] },
      preHandler: investorsOnly,
      schema: {
        summary: "The investor's knowledge test: questions and result",
        response: { 200: answerSchema(INVESTMENT_API.appropriateness, appropriatenessViewSchema) },
      },
    },
    async (request) => appropriatenessOf(app.db, await protectedUser(app.db, request.user!.id), app.clock()),
  );

  app.post(
    '/api/investor/appropriateness',
    {
      config: { errors: ['NOT_FOUND'] },
      preHandler: investorsOnly,
      schema: {
        summary: 'Answer the knowledge test and loss simulation',
        body: appropriatenessInputSchema,
        response: { 200: answerSchema(INVESTMENT_API.takeAppropriateness, appropriatenessResultSchema) },
      },
    },
    async (request) =>
      takeAppropriateness(app.db, await protectedUser(app.db, request.user!.id), request.body, app.clock()),
  );

  app.get(
    '/api/investor/classification',
    {
      config: { errors: ['NOT_FOUND'] },
      preHandler: investorsOnly,
      schema: {
        summary: "The investor's classification and application",
        response: { 200: answerSchema(INVESTMENT_API.classification, classificationViewSchema) },
      },
    },
    (request) => classificationOf(app.db, request.user!.id, app.clock()),
  );

  app.post(
    '/api/investor/classification',
    {
      config: {
        errors: [
          'DOCUMENT_TOO_LARGE',
          'DOCUMENT_REJECTED',
          'RATE_LIMITED',
          'VALIDATION',
          'CONFLICT',
          'FORBIDDEN',
          'NOT_FOUND',
        ],
      },
      preHandler: investorsOnly,
      // Multipart: personType, criteria (comma-separated), statement, and the files as `evidence`.
      schema: {
        summary: 'Apply to be classified a sophisticated investor (evidence, multipart)',
        body: noBodySchema,
        response: { 201: classificationViewSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const upload = await receiveUpload(request, app.db, user.id, evidenceUpload, app.clock());
      // A refused application keeps none of its files.
      const application = await uploadFields(app.db, upload, classificationFieldsSchema);
      const view = await applyForClassification(app.db, user, application, upload.files, app.clock());
      return reply.status(201).send(view);
    },
  );

  app.get(
    '/api/investor/classification/documents/:id',
    {
      config: {
        errors: ['NOT_FOUND'],
        answers: { 200: 'The file, with the content type it was stored with' },
      },
      preHandler: app.requireRole('investor', 'admin'),
      schema: { summary: 'Download a classification evidence file', params: idParamsSchema },
    },
    async (request, reply) => {
      const doc = await readEvidence(app.db, request.user!, request.params.id);
      return sendStoredFile(reply, app.db, doc, 'evidence');
    },
  );

  app.get(
    '/api/admin/classifications',
    {
      preHandler: adminsOnly,
      schema: {
        summary: 'Classification applications to decide',
        response: { 200: answerSchema(ADMIN_API.classifications, classificationQueueSchema) },
      },
    },
    () => classificationQueue(app.db),
  );

  app.post(
    '/api/admin/classifications/:id',
    {
      config: { errors: ['CONFLICT', 'NOT_FOUND'] },
      preHandler: adminsOnly,
      schema: {
        summary: 'Approve or reject a classification application',
        params: idParamsSchema,
        body: classificationDecisionSchema,
        response: { 200: answerSchema(ADMIN_API.decideClassification, classificationApplicationSchema) },
      },
    },
    (request) =>
      decideClassification(
        app.db,
        accountMailContext(app, request.log),
        request.user!,
        request.params.id,
        request.body,
        app.clock(),
      ),
  );
};

export default protectionRoutes;
