// KYC/KYB over HTTP: the caller's verification, the multipart upload of their documents, and one
// document's file for its owner or an admin (docs/kyc.md).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../domain/admin.ts';
import { noBodySchema } from '../../../domain/api.ts';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  KYC_MESSAGES,
  kybFieldsSchema,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_SUBMISSION,
  verificationSchema,
  type DocumentKind,
} from '../../../domain/kyc.ts';
import { AppError } from '../../errors.ts';
import { readDocument, submitDocuments, verificationOf, type UploadedFile } from './service.ts';

const isKind = (name: string): name is DocumentKind => (DOCUMENT_KINDS as readonly string[]).includes(name);

/** The multipart parser's limits, as our refusals. */
function uploadError(error: unknown, kind: DocumentKind | undefined): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const message = KYC_MESSAGES.tooLarge(kind ? DOCUMENT_KIND_LABELS[kind] : 'Document');
    return new AppError('DOCUMENT_TOO_LARGE', message, kind && { [kind]: message });
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', KYC_MESSAGES.tooMany);
  if (error instanceof AppError) return error;
  // Anything else the parser throws is a body it cannot read (no boundary, cut short, bad headers).
  return new AppError('VALIDATION', KYC_MESSAGES.malformed);
}

const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed for this plugin's routes only; every other route still takes JSON alone.
  await app.register(multipart, {
    limits: {
      fileSize: MAX_DOCUMENT_BYTES,
      files: MAX_DOCUMENTS_PER_SUBMISSION,
      fields: 4,
      parts: MAX_DOCUMENTS_PER_SUBMISSION + 4,
      fieldSize: 1024,
    },
  });

  app.get(
    '/api/kyc',
    { preHandler: app.requireUser, schema: { response: { 200: verificationSchema } } },
    (request) => verificationOf(app.db, request.user!.id),
  );

  app.post(
    '/api/kyc/documents',
    {
      preHandler: app.requireRole('investor', 'trader', 'buyer'),
      // The body is multipart, read as a stream below; no JSON body is taken (a JSON one gets 415).
      schema: { body: noBodySchema, response: { 201: verificationSchema } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', KYC_MESSAGES.notMultipart);
      const files: UploadedFile[] = [];
      const fields: Record<string, string> = {};
      let current: DocumentKind | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (!isKind(part.fieldname)) {
              const message = KYC_MESSAGES.unknownField(part.fieldname.slice(0, 40));
              throw new AppError('VALIDATION', message);
            }
            if (files.some((f) => f.kind === part.fieldname))
              throw new AppError('VALIDATION', KYC_MESSAGES.tooMany);
            current = part.fieldname;
            files.push({
              kind: part.fieldname,
              fileName: part.filename || part.fieldname,
              content: await part.toBuffer(),
            });
          } else {
            fields[part.fieldname] = String(part.value);
          }
        }
      } catch (error) {
        throw uploadError(error, current);
      }
      const kyb = kybFieldsSchema.safeParse(fields);
      if (!kyb.success) {
        const issue = kyb.error.issues[0]!;
        throw new AppError('VALIDATION', issue.message, {
          [String(issue.path[0] ?? 'request')]: issue.message,
        });
      }
      const verification = await submitDocuments(app.db, request.user!, files, kyb.data, app.clock());
      return reply.status(201).send(verification);
    },
  );

  app.get(
    '/api/kyc/documents/:id',
    { preHandler: app.requireUser, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const doc = await readDocument(app.db, request.user!, request.params.id);
      const extension = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }[
        doc.contentType
      ];
      // The type read from the content at upload, never sniffed again; the name is ours, not the upload's.
      return reply
        .header('content-type', doc.contentType)
        .header('content-disposition', `inline; filename="${doc.kind}.${extension}"`)
        .header('x-content-type-options', 'nosniff')
        .send(doc.content);
    },
  );
};

export default kycRoutes;
