// KYC/KYB over HTTP: the caller's verification, the multipart upload of their documents, and one
// document's file for its owner or an admin (docs/kyc.md).
import multipart from '@fastify/multipart';

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../domain/admin.ts';
import { noBodySchema } from '../../../../domain/api.ts';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  KYC_MESSAGES,
  kybFieldsSchema,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_SUBMISSION,
  verificationSchema,
  type DocumentKind,
} from '../../../../domain/kyc.ts';
import { AppError } from '../../../errors.ts';
import { receiveUpload, uploadFields, type UploadRules } from '../../../uploads/receive.ts';
import { readFile } from '../../../uploads/storage.ts';
import { identityChangeCreateSchema, identityChangeSchema } from '../../../../domain/identity.ts';
import { requestIdentityChange } from './identity.ts';
import { readDocument, submitDocuments, verificationOf } from './service.ts';
import { KYC_API } from '../../../../domain/endpoints/account.ts';
import { answerSchema } from '../../../../domain/endpoint.ts';

const isKind = (name: string): name is DocumentKind => (DOCUMENT_KINDS as readonly string[]).includes(name);
const labelOf = (field: string) => (isKind(field) ? DOCUMENT_KIND_LABELS[field] : 'Document');
const fieldError = (code: 'DOCUMENT_TOO_LARGE' | 'DOCUMENT_REJECTED', field: string, message: string) =>
  new AppError(code, message, isKind(field) ? { [field]: message } : undefined);

/** What a KYC submission may hold, and its refusals (streamed to storage: server/uploads). */
const kycUpload: UploadRules = {
  isFileField: isKind,
  maxFiles: MAX_DOCUMENTS_PER_SUBMISSION,
  maxFileBytes: MAX_DOCUMENT_BYTES,
  maxTotalBytes: MAX_DOCUMENTS_PER_SUBMISSION * MAX_DOCUMENT_BYTES,
  maxFields: 4,
  maxFieldBytes: 1024,
  errors: {
    notMultipart: () => new AppError('UNSUPPORTED_MEDIA_TYPE', KYC_MESSAGES.notMultipart),
    unknownField: (name) => new AppError('VALIDATION', KYC_MESSAGES.unknownField(name)),
    tooLarge: (field) => fieldError('DOCUMENT_TOO_LARGE', field, KYC_MESSAGES.tooLarge(labelOf(field))),
    wrongType: (field) => fieldError('DOCUMENT_REJECTED', field, KYC_MESSAGES.wrongType(labelOf(field))),
    empty: (field) => fieldError('DOCUMENT_REJECTED', field, KYC_MESSAGES.empty(labelOf(field))),
    tooMany: () => new AppError('PAYLOAD_TOO_LARGE', KYC_MESSAGES.tooMany),
    duplicate: () => new AppError('VALIDATION', KYC_MESSAGES.tooMany),
    malformed: () => new AppError('VALIDATION', KYC_MESSAGES.malformed),
  },
};

const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed for this plugin's routes only (limits per request: kycUpload).
  await app.register(multipart);

  app.get(
    '/api/kyc',
    {
      config: { errors: ['NOT_FOUND'] },
      preHandler: app.requireUser,
      schema: {
        summary: "The user's KYC status and documents",
        response: { 200: answerSchema(KYC_API.verification, verificationSchema) },
      },
    },
    (request) => verificationOf(app.db, request.user!.id),
  );

  app.post(
    '/api/kyc/documents',
    {
      config: {
        errors: [
          'DOCUMENT_TOO_LARGE',
          'DOCUMENT_REJECTED',
          'RATE_LIMITED',
          'VALIDATION',
          'COMPANY_IDENTITY_TAKEN',
          'CONFLICT',
          'NOT_FOUND',
        ],
      },
      preHandler: app.requireRole('investor', 'trader', 'buyer'),
      // The body is multipart, read as a stream below; no JSON body is taken (a JSON one gets 415).
      schema: {
        summary: 'Upload KYC documents (multipart)',
        body: noBodySchema,
        response: { 201: verificationSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const upload = await receiveUpload(request, app.db, user.id, kycUpload, app.clock());
      const kyb = await uploadFields(app.db, upload, kybFieldsSchema);
      const verification = await submitDocuments(app.db, user, upload.files, kyb, app.clock());
      return reply.status(201).send(verification);
    },
  );

  // A change of the verified legal identity: reviewed again (docs/verification.md).
  app.post(
    '/api/kyc/identity-change',
    {
      config: { errors: ['CONFLICT', 'COMPANY_IDENTITY_TAKEN', 'NOT_FOUND', 'VALIDATION'] },
      preHandler: app.requireRole('investor', 'trader', 'buyer'),
      schema: {
        summary: 'Ask to change the verified legal identity (reviewed again)',
        body: identityChangeCreateSchema,
        response: { 201: answerSchema(KYC_API.requestIdentityChange, identityChangeSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requestIdentityChange(app.db, request.user!, request.body, app.clock())),
  );

  app.get(
    '/api/kyc/documents/:id',
    {
      config: {
        errors: ['NOT_FOUND'],
        answers: { 200: 'The file, with the content type it was stored with' },
      },
      preHandler: app.requireUser,
      schema: { summary: 'Download a KYC document (its owner or an admin)', params: idParamsSchema },
    },
    async (request, reply) => {
      const doc = await readDocument(app.db, request.user!, request.params.id, app.clock());
      const extension = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }[
        doc.contentType
      ];
      // The type read from the content at upload, never sniffed again; the name is ours, not the upload's.
      return reply
        .header('content-type', doc.contentType)
        .header('content-disposition', `inline; filename="${doc.kind}.${extension}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', doc.size)
        .send(readFile(app.db, doc.fileId));
    },
  );
};

export default kycRoutes;
