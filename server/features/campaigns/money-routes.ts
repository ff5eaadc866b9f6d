// A campaign's money over HTTP (docs/money.md): its documents and release evidence, and the admin's
// decisions on its settlement and staged releases. Routes map; features/campaigns/money.ts decides
// with the money module.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBodySchema } from '../../../domain/api.ts';
import { campaignDetailSchema } from '../../../domain/campaign-schemas.ts';
import { MAX_DOCUMENT_BYTES } from '../../../domain/kyc.ts';
import { MILESTONE_KINDS, type MilestoneKind } from '../../../domain/lifecycle.ts';
import {
  CAMPAIGN_DOCUMENT_KINDS,
  campaignDocumentListSchema,
  campaignDocumentSchema,
  releaseEvidenceSchema,
  releaseReviewSchema,
  settlementReviewSchema,
  type CampaignDocumentKind,
} from '../../../domain/money-out.ts';
import { AppError } from '../../errors.ts';
import { receiveUpload, type UploadRules } from '../../uploads/receive.ts';
import { sendStoredFile } from '../../uploads/send.ts';
import { deleteFiles } from '../../uploads/storage.ts';
import {
  decideRelease,
  assertMayFileDocument,
  decideSettlement,
  fileReleaseEvidence,
  listCampaignDocuments,
  readCampaignDocument,
  settleByBankTransfer,
  uploadCampaignDocument,
} from './money.ts';
import { CAMPAIGN_API } from '../../../domain/endpoints/campaigns.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import { pathId } from '../../../domain/ids.ts';

// A malformed id names nothing: the same 404 as an unknown one (domain/ids.ts).
const campaignId = pathId('CAMPAIGN_NOT_FOUND');
const campaignParams = z.object({ id: campaignId });
const releaseParams = z.object({ id: campaignId, releaseId: pathId('NOT_FOUND', 'Release not found') });
const documentParams = z.object({ id: campaignId, documentId: pathId('NOT_FOUND', 'Document not found') });
const isKind = (v: string): v is CampaignDocumentKind =>
  (CAMPAIGN_DOCUMENT_KINDS as readonly string[]).includes(v);
const isMilestone = (v: string): v is MilestoneKind => (MILESTONE_KINDS as readonly string[]).includes(v);

/** One document per request, streamed to storage (server/uploads), with this route's refusals. */
const campaignUpload: UploadRules = {
  isFileField: (name) => name === 'file',
  maxFiles: 1,
  maxFileBytes: MAX_DOCUMENT_BYTES,
  maxTotalBytes: MAX_DOCUMENT_BYTES,
  maxFields: 3,
  maxFieldBytes: 256,
  errors: {
    notMultipart: () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data'),
    unknownField: () => new AppError('VALIDATION', 'The document goes in the field "file"'),
    tooLarge: () => new AppError('DOCUMENT_TOO_LARGE'),
    wrongType: () => new AppError('DOCUMENT_REJECTED', 'The document must be a PDF, JPEG or PNG file'),
    empty: () => new AppError('DOCUMENT_REJECTED', 'The document is empty'),
    tooMany: () => new AppError('PAYLOAD_TOO_LARGE'),
    duplicate: () => new AppError('PAYLOAD_TOO_LARGE'),
    malformed: () => new AppError('VALIDATION', 'The upload could not be read'),
  },
};

const campaignMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart for the campaign documents (limits per request: campaignUpload).
  await app.register(multipart);
  const adminsOnly = app.requireRole('admin');

  // ---- campaign documents and release evidence ----------------------------------------------------
  app.post(
    '/api/campaigns/:id/documents',
    {
      config: {
        errors: [
          'DOCUMENT_TOO_LARGE',
          'DOCUMENT_REJECTED',
          'RATE_LIMITED',
          'CAMPAIGN_NOT_FOUND',
          'VALIDATION',
          'FORBIDDEN',
        ],
      },
      preHandler: app.requireRole('trader'),
      // Multipart (a `file`, its `kind` and, for a milestone's evidence, the `milestone`).
      schema: {
        summary: "File a document on the trader's campaign (multipart)",
        params: campaignParams,
        body: noBodySchema,
        response: { 201: campaignDocumentSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const campaignId = request.params.id;
      await assertMayFileDocument(app.db, user, campaignId);
      const { files, fields } = await receiveUpload(request, app.db, user.id, campaignUpload, app.clock());
      const file = files[0];
      const kind = fields.kind ?? '';
      const milestone = fields.milestone ?? '';
      const refusal = !file
        ? 'Attach the document (field "file")'
        : !isKind(kind)
          ? `kind must be one of ${CAMPAIGN_DOCUMENT_KINDS.join(', ')}`
          : kind === 'milestone' && !isMilestone(milestone)
            ? `milestone must be one of ${MILESTONE_KINDS.join(', ')}`
            : null;
      if (refusal || !file || !isKind(kind)) {
        await deleteFiles(
          app.db,
          files.map((f) => f.fileId),
        );
        throw new AppError('VALIDATION', refusal ?? 'Attach the document (field "file")');
      }
      const doc = await uploadCampaignDocument(app.db, user, campaignId, {
        ...file,
        kind,
        milestone: kind === 'milestone' && isMilestone(milestone) ? milestone : null,
      });
      return reply.status(201).send(doc);
    },
  );

  app.get(
    '/api/campaigns/:id/documents',
    {
      config: { errors: ['CAMPAIGN_NOT_FOUND'] },
      preHandler: app.requireRole('trader', 'admin'),
      schema: {
        summary: "A campaign's documents",
        params: campaignParams,
        response: { 200: answerSchema(CAMPAIGN_API.documents, campaignDocumentListSchema) },
      },
    },
    (request) => listCampaignDocuments(app.db, request.user!, request.params.id),
  );

  app.get(
    '/api/campaigns/:id/documents/:documentId',
    {
      config: {
        errors: ['CAMPAIGN_NOT_FOUND', 'NOT_FOUND'],
        answers: { 200: 'The file, with the content type it was stored with' },
      },
      preHandler: app.requireUser,
      schema: {
        summary: "Download a campaign's document (its trader, its backers, admins)",
        params: documentParams,
      },
    },
    async (request, reply) => {
      const doc = await readCampaignDocument(
        app.db,
        request.user!,
        request.params.id,
        request.params.documentId,
      );
      return sendStoredFile(reply, app.db, doc, doc.kind);
    },
  );

  app.post(
    '/api/campaigns/:id/releases/:releaseId/evidence',
    {
      config: {
        errors: [
          'DOCUMENT_TOO_LARGE',
          'DOCUMENT_REJECTED',
          'RATE_LIMITED',
          'CAMPAIGN_NOT_FOUND',
          'CONFLICT',
          'RELEASE_NOT_AWAITING',
          'VALIDATION',
        ],
      },
      preHandler: app.requireRole('trader', { verified: true }),
      schema: {
        summary: 'Send the evidence a staged release waits for (multipart)',
        params: releaseParams,
        body: releaseEvidenceSchema,
        response: { 200: answerSchema(CAMPAIGN_API.fileReleaseEvidence, campaignDetailSchema) },
      },
    },
    (request) =>
      fileReleaseEvidence(
        app.money,
        request.user!,
        request.params.id,
        request.params.releaseId,
        request.body.documentId,
      ),
  );

  // ---- the admin's decisions ----------------------------------------------------------------------
  app.post(
    '/api/admin/campaigns/:id/settlement',
    {
      config: { errors: ['CAMPAIGN_NOT_FOUND', 'SETTLEMENT_NOT_FOUND', 'SETTLEMENT_NOT_PENDING'] },
      preHandler: adminsOnly,
      schema: {
        summary: "Decide a funded campaign's settlement",
        params: campaignParams,
        body: settlementReviewSchema,
        response: { 200: answerSchema(CAMPAIGN_API.decideSettlement, campaignDetailSchema) },
      },
    },
    (request) => decideSettlement(app.money, request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/admin/campaigns/:id/settlement/bank-transfer',
    {
      config: { errors: ['CAMPAIGN_NOT_FOUND', 'SETTLEMENT_NOT_DUE'] },
      preHandler: adminsOnly,
      schema: {
        summary: "Record a settlement's bank transfer",
        params: campaignParams,
        body: noBodySchema,
        response: { 200: answerSchema(CAMPAIGN_API.markBankTransfer, campaignDetailSchema) },
      },
    },
    (request) => settleByBankTransfer(app.money, request.user!, request.params.id),
  );

  app.post(
    '/api/admin/campaigns/:id/releases/:releaseId',
    {
      config: { errors: ['CAMPAIGN_NOT_FOUND', 'CONFLICT', 'NOT_FOUND', 'RELEASE_NOT_AWAITING'] },
      preHandler: adminsOnly,
      schema: {
        summary: 'Approve or refuse a staged release',
        params: releaseParams,
        body: releaseReviewSchema,
        response: { 200: answerSchema(CAMPAIGN_API.decideRelease, campaignDetailSchema) },
      },
    },
    (request) =>
      decideRelease(app.money, request.user!, request.params.id, request.params.releaseId, request.body),
  );
};

export default campaignMoneyRoutes;
