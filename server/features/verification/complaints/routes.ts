// Complaints over HTTP (docs/complaints.md): any signed-in user files and follows their own; admins
// work the queue. A complaint is JSON, or multipart/form-data when it carries an attachment (streamed
// to storage as it arrives: server/uploads).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../domain/admin.ts';
import {
  adminComplaintListSchema,
  adminComplaintSchema,
  COMPLAINT_MESSAGES,
  complaintCreateSchema,
  complaintListSchema,
  complaintOutcomeSchema,
  complaintSchema,
} from '../../../../domain/complaints.ts';
import { MAX_DOCUMENT_BYTES } from '../../../../domain/kyc.ts';
import { AppError } from '../../../errors.ts';
import { receiveUpload, type UploadRules } from '../../../uploads/receive.ts';
import { sendStoredFile } from '../../../uploads/send.ts';
import { deleteFiles } from '../../../uploads/storage.ts';
import { accountMailContext } from '../../../email/account-emails.ts';
import {
  complaintAttachment,
  complaintQueue,
  decideComplaint,
  fileComplaint,
  myComplaints,
} from './service.ts';
import { ADMIN_API } from '../../../../domain/endpoints/admin.ts';
import { COMPLAINT_API } from '../../../../domain/endpoints/account.ts';
import { answerSchema } from '../../../../domain/endpoint.ts';

const attachmentUpload: UploadRules = {
  isFileField: (name) => name === 'attachment',
  maxFiles: 1,
  maxFileBytes: MAX_DOCUMENT_BYTES,
  maxTotalBytes: MAX_DOCUMENT_BYTES,
  maxFields: 2,
  maxFieldBytes: 4 * 5000,
  errors: {
    notMultipart: () => new AppError('UNSUPPORTED_MEDIA_TYPE', COMPLAINT_MESSAGES.notMultipart),
    unknownField: () => new AppError('VALIDATION', COMPLAINT_MESSAGES.attachmentField),
    tooLarge: () =>
      new AppError('DOCUMENT_TOO_LARGE', COMPLAINT_MESSAGES.attachmentLarge, {
        attachment: COMPLAINT_MESSAGES.attachmentLarge,
      }),
    wrongType: () =>
      new AppError('DOCUMENT_REJECTED', COMPLAINT_MESSAGES.attachmentType, {
        attachment: COMPLAINT_MESSAGES.attachmentType,
      }),
    empty: () =>
      new AppError('DOCUMENT_REJECTED', COMPLAINT_MESSAGES.attachmentEmpty, {
        attachment: COMPLAINT_MESSAGES.attachmentEmpty,
      }),
    tooMany: () => new AppError('PAYLOAD_TOO_LARGE', COMPLAINT_MESSAGES.attachmentField),
    duplicate: () => new AppError('PAYLOAD_TOO_LARGE', COMPLAINT_MESSAGES.attachmentField),
    malformed: () => new AppError('VALIDATION', COMPLAINT_MESSAGES.malformed),
  },
};

/** The form's fields as the schema judges them: 400 naming the first field at fault. */
function parseComplaint(body: unknown) {
  const parsed = complaintCreateSchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'request');
  const message = issue.code === 'unrecognized_keys' ? `Unknown field ${issue.keys[0]}` : issue.message;
  throw new AppError('VALIDATION', message, { [field]: message });
}

const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart);
  const adminsOnly = app.requireRole('admin');

  app.post(
    '/api/complaints',
    {
      config: { errors: ['DOCUMENT_TOO_LARGE', 'DOCUMENT_REJECTED', 'RATE_LIMITED', 'VALIDATION'] },
      preHandler: app.requireUser,
      // JSON is checked here; multipart fields are checked by the same schema in the handler.
      schema: {
        summary: 'File a complaint (optional attachment, multipart)',
        body: complaintCreateSchema.nullish(),
        response: { 201: complaintSchema },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      let input;
      let attachment;
      if (request.isMultipart()) {
        const received = await receiveUpload(request, app.db, user.id, attachmentUpload, app.clock());
        attachment = received.files[0];
        try {
          input = parseComplaint(received.fields);
        } catch (error) {
          await deleteFiles(
            app.db,
            received.files.map((f) => f.fileId),
          );
          throw error;
        }
      } else input = parseComplaint(request.body);
      const complaint = await fileComplaint(
        app.db,
        accountMailContext(app, request.log),
        user,
        input,
        attachment,
        app.clock(),
      );
      return reply.status(201).send(complaint);
    },
  );

  app.get(
    '/api/complaints',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "The user's complaints",
        response: { 200: answerSchema(COMPLAINT_API.mine, complaintListSchema) },
      },
    },
    (request) => myComplaints(app.db, request.user!.id, app.clock()),
  );

  app.get(
    '/api/complaints/:id/attachment',
    {
      config: {
        errors: ['NOT_FOUND'],
        answers: { 200: 'The file, with the content type it was stored with' },
      },
      preHandler: app.requireUser,
      schema: { summary: "Download a complaint's attachment", params: idParamsSchema },
    },
    async (request, reply) => {
      const file = await complaintAttachment(app.db, request.user!, request.params.id);
      return sendStoredFile(reply, app.db, file, 'attachment');
    },
  );

  app.get(
    '/api/admin/complaints',
    {
      preHandler: adminsOnly,
      schema: {
        summary: 'The complaints queue',
        response: { 200: answerSchema(ADMIN_API.complaints, adminComplaintListSchema) },
      },
    },
    () => complaintQueue(app.db, app.clock()),
  );

  app.post(
    '/api/admin/complaints/:id/outcome',
    {
      config: { errors: ['CONFLICT', 'NOT_FOUND'] },
      preHandler: adminsOnly,
      schema: {
        summary: 'Record the outcome of a complaint',
        params: idParamsSchema,
        body: complaintOutcomeSchema,
        response: { 200: answerSchema(ADMIN_API.decideComplaint, adminComplaintSchema) },
      },
    },
    (request) =>
      decideComplaint(
        app.db,
        accountMailContext(app, request.log),
        request.user!,
        request.params.id,
        request.body,
        app.clock(),
      ),
  );
};

export default complaintRoutes;
