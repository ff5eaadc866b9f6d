// Guarantees of Origin over HTTP (docs/carbon.md): a trader enters a certificate with the issuing body's
// document, an admin checks it, and a delivered order's cancellation is read back as the buyer's
// statement, its CBAM CSV and the public verification. Routes map; the services decide.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBodySchema } from '../../../domain/api.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import { ORIGIN_API } from '../../../domain/endpoints/origin.ts';
import { MAX_DOCUMENT_BYTES } from '../../../domain/kyc.ts';
import {
  cancellationFactsSchema,
  cancellationStatementSchema,
  CERTIFICATE_FIELDS,
  certificateCreateSchema,
  certificateListQuerySchema,
  certificateReviewSchema,
  certificateSchema,
  certificateListSchema,
} from '../../../domain/origin.ts';
import { AppError, idOf } from '../../errors.ts';
import { receiveUpload, type UploadRules } from '../../uploads/receive.ts';
import { sendStoredFile } from '../../uploads/send.ts';
import { deleteFiles } from '../../uploads/storage.ts';
import { cbamCsv, statementOf, verificationOf } from './cancellations.ts';
import {
  assertOwnsLot,
  certificateDocument,
  createCertificate,
  listCertificates,
  reviewCertificate,
  type LotsChanged,
} from './certificates.ts';

const idParams = z.object({ id: z.string() });

/** The issuing body's document in `file`, and the certificate's text fields. */
const certificateUpload: UploadRules = {
  isFileField: (name) => name === 'file',
  maxFiles: 1,
  maxFileBytes: MAX_DOCUMENT_BYTES,
  maxTotalBytes: MAX_DOCUMENT_BYTES,
  maxFields: CERTIFICATE_FIELDS.length,
  maxFieldBytes: 256,
  errors: {
    notMultipart: () =>
      new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the certificate as multipart/form-data with its document'),
    unknownField: () => new AppError('VALIDATION', 'The document goes in the field "file"'),
    tooLarge: () => new AppError('DOCUMENT_TOO_LARGE'),
    wrongType: () => new AppError('DOCUMENT_REJECTED', 'The document must be a PDF, JPEG or PNG file'),
    empty: () => new AppError('DOCUMENT_REJECTED', 'The document is empty'),
    tooMany: () => new AppError('PAYLOAD_TOO_LARGE'),
    duplicate: () => new AppError('PAYLOAD_TOO_LARGE'),
    malformed: () => new AppError('VALIDATION', 'The upload could not be read'),
  },
};

/** The form's fields as the schema judges them: 400 naming the first field at fault. */
function parseCertificate(fields: Record<string, string>) {
  const parsed = certificateCreateSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'request');
  const message = issue.code === 'unrecognized_keys' ? `Unknown field ${issue.keys[0]}` : issue.message;
  throw new AppError('VALIDATION', message, { [field]: message });
}

const originRoutes: FastifyPluginAsyncZod<{ lotsChanged: LotsChanged }> = async (app, options) => {
  // Multipart is parsed for this plugin's routes only (limits per request: certificateUpload).
  await app.register(multipart);

  // The owning trader enters a certificate for a campaign's cargo or a listing (multipart: the fields
  // of certificateCreateSchema and the issuing body's document in `file`). Ownership is checked
  // before the upload is read: a refusal stores nothing.
  for (const kind of ['campaigns', 'listings'] as const) {
    const notFound = kind === 'campaigns' ? 'CAMPAIGN_NOT_FOUND' : 'LISTING_NOT_FOUND';
    app.post(
      `/api/${kind}/:id/certificates`,
      {
        config: {
          errors: [
            'DOCUMENT_TOO_LARGE',
            'DOCUMENT_REJECTED',
            'RATE_LIMITED',
            'VALIDATION',
            'CERTIFICATE_NOT_YOURS',
            'CERTIFICATE_NOT_FOUND',
            notFound,
          ],
        },
        preHandler: app.requireRole('trader', { verified: true }),
        schema: {
          summary:
            kind === 'campaigns'
              ? "Enter a Guarantee of Origin for the trader's campaign cargo (multipart)"
              : "Enter a Guarantee of Origin for the trader's listing (multipart)",
          params: idParams,
          body: noBodySchema,
          response: {
            201: answerSchema(
              kind === 'campaigns' ? ORIGIN_API.enterForCampaign : ORIGIN_API.enterForListing,
              certificateSchema,
            ),
          },
        },
      },
      async (request, reply) => {
        const user = request.user!;
        const id = idOf(request.params.id, notFound);
        const lot = kind === 'campaigns' ? { campaignId: id } : { listingId: id };
        await assertOwnsLot(app.db, user, lot);
        const { files, fields } = await receiveUpload(
          request,
          app.db,
          user.id,
          certificateUpload,
          app.clock(),
        );
        const file = files[0];
        let input;
        try {
          if (!file) throw new AppError('VALIDATION', 'Attach the issuing body\'s document (field "file")');
          input = parseCertificate(fields);
        } catch (error) {
          await deleteFiles(
            app.db,
            files.map((f) => f.fileId),
          );
          throw error;
        }
        return reply.status(201).send(await createCertificate(app.db, user, lot, input, file, app.clock()));
      },
    );
  }

  app.get(
    ORIGIN_API.certificates.path,
    {
      preHandler: app.requireRole('trader', 'admin'),
      schema: {
        summary: "A trader's certificates; every certificate for an admin (by status)",
        querystring: certificateListQuerySchema,
        response: { 200: answerSchema(ORIGIN_API.certificates, certificateListSchema) },
      },
    },
    (request) => listCertificates(app.db, request.user!, request.query.status),
  );

  app.get(
    '/api/certificates/:id/document',
    {
      config: {
        errors: ['CERTIFICATE_NOT_FOUND'],
        answers: { 200: 'The file, with the content type it was stored with' },
      },
      preHandler: app.requireRole('trader', 'admin'),
      schema: { summary: "Download a certificate's issuing-body document", params: idParams },
    },
    async (request, reply) => {
      const doc = await certificateDocument(
        app.db,
        request.user!,
        idOf(request.params.id, 'CERTIFICATE_NOT_FOUND'),
      );
      return sendStoredFile(reply, app.db, doc, 'certificate');
    },
  );

  app.post(
    '/api/admin/certificates/:id/review',
    {
      config: { errors: ['CERTIFICATE_NOT_FOUND', 'CERTIFICATE_ALREADY_REVIEWED'] },
      preHandler: app.requireRole('admin'),
      schema: {
        summary: 'Approve or reject a Guarantee of Origin (a rejection gives its reason)',
        params: idParams,
        body: certificateReviewSchema,
        response: { 200: answerSchema(ORIGIN_API.review, certificateSchema) },
      },
    },
    (request) =>
      reviewCertificate(
        app.db,
        request.user!,
        idOf(request.params.id, 'CERTIFICATE_NOT_FOUND'),
        request.body,
        app.clock(),
        options.lotsChanged,
      ),
  );

  app.get(
    '/api/orders/:id/certificate',
    {
      config: { errors: ['ORDER_NOT_FOUND', 'STATEMENT_NOT_FOUND'] },
      preHandler: app.requireRole('buyer', 'trader', 'admin'),
      schema: {
        summary: "A delivered order's cancellation statement (its buyer, its supplier or an admin)",
        params: idParams,
        response: { 200: answerSchema(ORIGIN_API.statement, cancellationStatementSchema) },
      },
    },
    (request) =>
      statementOf(app.db, request.user!, idOf(request.params.id, 'ORDER_NOT_FOUND'), app.settings.publicUrl),
  );

  app.get(
    '/api/orders/:id/carbon.csv',
    {
      config: {
        errors: ['ORDER_NOT_FOUND', 'STATEMENT_NOT_FOUND'],
        answers: { 200: "The order's carbon figures for CBAM reporting as CSV (text/csv), an attachment" },
      },
      preHandler: app.requireRole('buyer', 'trader', 'admin'),
      schema: { summary: "A delivered order's carbon figures for CBAM reporting (CSV)", params: idParams },
    },
    async (request, reply) => {
      const file = await cbamCsv(
        app.db,
        request.user!,
        idOf(request.params.id, 'ORDER_NOT_FOUND'),
        app.settings.publicUrl,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.csv);
    },
  );

  app.get(
    '/api/verify/:code',
    {
      config: { access: 'public', errors: ['VERIFICATION_NOT_FOUND'] },
      schema: {
        summary: 'Verify a cancellation statement by its code (public: the facts, nothing private)',
        params: z.object({ code: z.string() }),
        response: { 200: answerSchema(ORIGIN_API.verify, cancellationFactsSchema) },
      },
    },
    (request) => verificationOf(app.db, request.params.code, app.settings.publicUrl),
  );
};

export default originRoutes;
