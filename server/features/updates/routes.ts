// Campaign updates and questions over HTTP (docs/updates.md). Routes declare who may call; the
// services check ownership (the campaign's trader), visibility (backers-only updates) and state.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noBodySchema } from '../../../domain/api.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import { UPDATES_API } from '../../../domain/endpoints/updates.ts';
import { MAX_DOCUMENT_BYTES } from '../../../domain/kyc.ts';
import {
  answerCreateSchema,
  answeredSchema,
  campaignUpdateListSchema,
  campaignUpdateSchema,
  createdSchema,
  hiddenSchema,
  hideSchema,
  questionCreateSchema,
  questionListSchema,
  recentUpdateListSchema,
  UPDATE_LIMITS,
  updateCreateSchema,
} from '../../../domain/updates.ts';
import { AppError } from '../../errors.ts';
import { receiveUpload, type UploadRules } from '../../uploads/receive.ts';
import { sendStoredFile } from '../../uploads/send.ts';
import followRoutes from './follow-routes.ts';
import { idOf } from './ids.ts';
import { answerQuestion, askQuestion, hidePost, listQuestions } from './questions.ts';
import {
  assertMayAttach,
  attachFiles,
  listUpdates,
  postUpdate,
  recentUpdates,
  updateFile,
} from './updates.ts';

const campaignParams = z.object({ id: z.string() });
const updateParams = z.object({ id: z.string(), updateId: z.string() });
const fileParams = z.object({ id: z.string(), updateId: z.string(), fileId: z.string() });
const questionParams = z.object({ id: z.string(), questionId: z.string() });

/** Up to UPDATE_LIMITS.attachments files in the repeatable field `files`, nothing else. */
const attachmentUpload: UploadRules = {
  isFileField: (name) => name === 'files',
  repeatableFileFields: true,
  maxFiles: UPDATE_LIMITS.attachments,
  maxFileBytes: MAX_DOCUMENT_BYTES,
  maxTotalBytes: UPDATE_LIMITS.attachments * MAX_DOCUMENT_BYTES,
  maxFields: 0,
  maxFieldBytes: 1,
  errors: {
    notMultipart: () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data'),
    unknownField: () => new AppError('VALIDATION', 'The files go in the field "files"'),
    tooLarge: () => new AppError('DOCUMENT_TOO_LARGE'),
    wrongType: () => new AppError('DOCUMENT_REJECTED', 'Each file must be a PDF, JPEG or PNG file'),
    empty: () => new AppError('DOCUMENT_REJECTED', 'A file is empty'),
    tooMany: () => AppError.of('ATTACHMENTS_FULL', { max: String(UPDATE_LIMITS.attachments) }),
    duplicate: () => new AppError('PAYLOAD_TOO_LARGE'),
    malformed: () => new AppError('VALIDATION', 'The upload could not be read'),
  },
};

const updateRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);

  // ---- updates ------------------------------------------------------------------------------------
  app.post(
    UPDATES_API.post.path,
    {
      config: { errors: ['CAMPAIGN_NOT_FOUND', 'UPDATE_NOT_YOURS'] },
      preHandler: app.requireRole('trader'),
      schema: {
        summary: "Post an update to the trader's campaign, for everyone or for its backers",
        params: campaignParams,
        body: updateCreateSchema,
        response: { 201: answerSchema(UPDATES_API.post, createdSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await postUpdate(
            app.db,
            request.user!,
            idOf(request.params.id, 'CAMPAIGN_NOT_FOUND'),
            request.body,
            app.clock(),
          ),
        ),
  );

  app.get(
    UPDATES_API.list.path,
    {
      config: { access: 'public', errors: ['CAMPAIGN_NOT_FOUND'] },
      schema: {
        summary: "A campaign's updates (backers-only ones for its backers, its trader and admins)",
        params: campaignParams,
        response: { 200: answerSchema(UPDATES_API.list, campaignUpdateListSchema) },
      },
    },
    (request) => listUpdates(app.db, request.user, idOf(request.params.id, 'CAMPAIGN_NOT_FOUND')),
  );

  app.post(
    UPDATES_API.attach.path,
    {
      config: {
        errors: [
          'CAMPAIGN_NOT_FOUND',
          'UPDATE_NOT_FOUND',
          'UPDATE_NOT_YOURS',
          'ATTACHMENTS_FULL',
          'DOCUMENT_TOO_LARGE',
          'DOCUMENT_REJECTED',
          'RATE_LIMITED',
          'VALIDATION',
        ],
      },
      preHandler: app.requireRole('trader'),
      schema: {
        summary: "Attach files to the trader's update (multipart, PDF, JPEG or PNG)",
        params: updateParams,
        body: noBodySchema,
        response: { 201: answerSchema(UPDATES_API.attach, campaignUpdateSchema) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const campaignId = idOf(request.params.id, 'CAMPAIGN_NOT_FOUND');
      const updateId = idOf(request.params.updateId, 'UPDATE_NOT_FOUND');
      // Checked before the upload is read: a refusal stores nothing.
      await assertMayAttach(app.db, user, campaignId, updateId);
      const { files } = await receiveUpload(request, app.db, user.id, attachmentUpload, app.clock());
      if (!files.length) throw new AppError('VALIDATION', 'Attach at least one file (field "files")');
      return reply.status(201).send(await attachFiles(app.db, user, campaignId, updateId, files));
    },
  );

  app.get(
    '/api/campaigns/:id/updates/:updateId/files/:fileId',
    {
      config: {
        access: 'public',
        errors: ['CAMPAIGN_NOT_FOUND', 'UPDATE_NOT_FOUND', 'NOT_FOUND'],
        answers: { 200: 'The file, with the content type it was stored with' },
      },
      schema: {
        summary: 'Download a file attached to an update (whoever may read the update)',
        params: fileParams,
      },
    },
    async (request, reply) => {
      const file = await updateFile(
        app.db,
        request.user,
        idOf(request.params.id, 'CAMPAIGN_NOT_FOUND'),
        idOf(request.params.updateId, 'UPDATE_NOT_FOUND'),
        idOf(request.params.fileId, 'NOT_FOUND'),
      );
      return sendStoredFile(reply, app.db, file, 'attachment');
    },
  );

  app.get(
    UPDATES_API.recent.path,
    {
      preHandler: app.requireRole('investor'),
      schema: {
        summary: 'The newest updates of the campaigns the investor backs',
        response: { 200: answerSchema(UPDATES_API.recent, recentUpdateListSchema) },
      },
    },
    (request) => recentUpdates(app.db, request.user!.id),
  );

  // ---- questions and answers ----------------------------------------------------------------------
  app.post(
    UPDATES_API.ask.path,
    {
      config: { errors: ['CAMPAIGN_NOT_FOUND', 'EMAIL_NOT_VERIFIED', 'RATE_LIMITED'] },
      preHandler: app.requireUser,
      schema: {
        summary: 'Ask a public question on a campaign',
        params: campaignParams,
        body: questionCreateSchema,
        response: { 201: answerSchema(UPDATES_API.ask, createdSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await askQuestion(
            app.db,
            request.user!,
            idOf(request.params.id, 'CAMPAIGN_NOT_FOUND'),
            request.body,
            app.clock(),
          ),
        ),
  );

  app.get(
    UPDATES_API.questions.path,
    {
      config: { access: 'public', errors: ['CAMPAIGN_NOT_FOUND'] },
      schema: {
        summary: "A campaign's questions with the trader's answers (hidden ones left out)",
        params: campaignParams,
        response: { 200: answerSchema(UPDATES_API.questions, questionListSchema) },
      },
    },
    (request) => listQuestions(app.db, request.user, idOf(request.params.id, 'CAMPAIGN_NOT_FOUND')),
  );

  app.post(
    UPDATES_API.answer.path,
    {
      config: {
        errors: ['CAMPAIGN_NOT_FOUND', 'QUESTION_NOT_FOUND', 'ANSWER_NOT_YOURS', 'QUESTION_ALREADY_ANSWERED'],
      },
      preHandler: app.requireRole('trader'),
      schema: {
        summary: "Answer a question on the trader's campaign (in public; the asker is told)",
        params: questionParams,
        body: answerCreateSchema,
        response: { 200: answerSchema(UPDATES_API.answer, answeredSchema) },
      },
    },
    (request) =>
      answerQuestion(
        app.db,
        request.user!,
        idOf(request.params.id, 'CAMPAIGN_NOT_FOUND'),
        idOf(request.params.questionId, 'QUESTION_NOT_FOUND'),
        request.body,
        app.clock(),
      ),
  );

  app.post(
    UPDATES_API.hide.path,
    {
      config: { errors: ['QUESTION_NOT_FOUND', 'NOTHING_TO_HIDE'] },
      preHandler: app.requireRole('admin'),
      schema: {
        summary: 'Hide an abusive question or answer, with the reason (audit log)',
        params: campaignParams,
        body: hideSchema,
        response: { 200: answerSchema(UPDATES_API.hide, hiddenSchema) },
      },
    },
    (request) =>
      hidePost(
        app.db,
        request.user!,
        idOf(request.params.id, 'QUESTION_NOT_FOUND'),
        request.body,
        app.clock(),
      ),
  );

  await app.register(followRoutes);
};

export default updateRoutes;
