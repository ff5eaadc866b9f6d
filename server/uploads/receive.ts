// Reading a multipart upload as it arrives (docs/security.md, "Uploads"): every file part streams
// into the database chunk by chunk; its type is read from its first bytes before anything is stored;
// size per file, number of files and the request's total are counted as bytes arrive, and the upload
// is refused the moment one is passed. A refused, malformed or cut-short upload leaves nothing behind.
// Each user may upload `UPLOADS_PER_WINDOW` times and `UPLOAD_BYTES_PER_WINDOW` bytes per window.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { detectDocumentType, type DocumentType } from '../../domain/kyc.ts';
import { UPLOAD_BYTES_PER_WINDOW, UPLOAD_MESSAGES, UPLOAD_WINDOW_MS } from '../../domain/uploads.ts';
import type { Db } from '../db/connect.ts';
import { AppError, RateLimitedError } from '../errors.ts';
import { claimAttempts, LIMITS } from '../rate-limit.ts';
import {
  bytesUploadedSince,
  createFile,
  deleteFiles,
  type FileWriter,
  type ReceivedFile,
} from './storage.ts';

export type { ReceivedFile } from './storage.ts';

/** What a route accepts, and its own words for each refusal (the field's name is passed in). */
export interface UploadRules {
  isFileField(name: string): boolean;
  /** A file field may carry several files (a list of evidence); otherwise each field holds one. */
  repeatableFileFields?: boolean;
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  maxFields: number;
  maxFieldBytes: number;
  errors: {
    notMultipart(): AppError;
    unknownField(name: string): AppError;
    tooLarge(field: string): AppError;
    wrongType(field: string): AppError;
    empty(field: string): AppError;
    tooMany(): AppError;
    duplicate(field: string): AppError;
    malformed(): AppError;
  };
}

/** The parser's own refusals (limits, a body it cannot read) in the route's words. */
function parserError(error: unknown, rules: UploadRules, field: string | undefined): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return rules.errors.tooLarge(field ?? 'file');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return rules.errors.tooMany();
  return rules.errors.malformed();
}

/**
 * Reads and drops what is left of a refused upload's body, so the client (which is still sending it)
 * gets the refusal and its connection stays usable; a sender that goes on past `limit` is cut off.
 */
function discardRest(request: FastifyRequest, limit: number): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  let left = limit;
  // Detached from the parser first: unpiping its last destination would pause the body again.
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) raw.destroy();
  });
  raw.resume();
}

/**
 * Receives a multipart request for `ownerId`: the files stored (uncommitted: the caller commits them
 * with the rows that point to them, or deletes them) and the text fields. Throws the route's refusal.
 */
export async function receiveUpload(
  request: FastifyRequest,
  db: Db,
  ownerId: string,
  rules: UploadRules,
  now: Date,
): Promise<{ files: ReceivedFile[]; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw rules.errors.notMultipart();
  // Counted before a byte is read: a flood of uploads is refused at the door.
  await claimAttempts(db, [[LIMITS.uploadsPerUser, ownerId]], now);
  const budget =
    UPLOAD_BYTES_PER_WINDOW -
    (await bytesUploadedSince(db, ownerId, new Date(now.getTime() - UPLOAD_WINDOW_MS)));
  if (budget <= 0) throw new RateLimitedError(UPLOAD_MESSAGES.tooMuch, UPLOAD_WINDOW_MS / 1000);

  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const written: string[] = [];
  let total = 0;
  let current: string | undefined;
  try {
    const parts = request.parts({
      limits: {
        // One byte over the limit reaches us, so the refusal is ours (with its message), not a cut file.
        fileSize: rules.maxFileBytes + 1,
        files: rules.maxFiles,
        fields: rules.maxFields,
        parts: rules.maxFiles + rules.maxFields,
        fieldSize: rules.maxFieldBytes,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const field = part.fieldname;
      if (!rules.isFileField(field)) throw rules.errors.unknownField(field.slice(0, 40));
      if (!rules.repeatableFileFields && files.some((f) => f.field === field))
        throw rules.errors.duplicate(field);
      current = field;
      let head = Buffer.alloc(0);
      let writer: FileWriter | undefined;
      const start = async () => {
        const contentType = detectDocumentType(head.subarray(0, 8));
        if (!contentType) throw rules.errors.wrongType(field);
        writer = await createFile(db, ownerId, contentType);
        written.push(writer.id);
        await writer.write(head);
        return contentType;
      };
      let contentType: DocumentType | undefined;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        total += chunk.length;
        const size = (writer?.size ?? head.length) + chunk.length;
        if (size > rules.maxFileBytes) throw rules.errors.tooLarge(field);
        if (total > rules.maxTotalBytes) throw rules.errors.tooMany();
        if (total > budget) throw new RateLimitedError(UPLOAD_MESSAGES.tooMuch, UPLOAD_WINDOW_MS / 1000);
        if (writer) await writer.write(chunk);
        else {
          head = Buffer.concat([head, chunk]);
          if (head.length >= 8) contentType = await start();
        }
      }
      if (part.file.truncated) throw rules.errors.tooLarge(field);
      if (!writer) {
        if (head.length === 0) throw rules.errors.empty(field);
        contentType = await start();
      }
      const size = await writer!.finish();
      files.push({
        field,
        fileName: part.filename || field,
        fileId: writer!.id,
        contentType: contentType!,
        size,
      });
      current = undefined;
    }
  } catch (error) {
    discardRest(request, rules.maxTotalBytes);
    await deleteFiles(db, written);
    throw parserError(error, rules, current);
  }
  return { files, fields };
}

/**
 * The text fields of a received upload, parsed by `schema`; when they are refused, the files go too
 * (nothing of a refused request is kept) and the answer is the 400 naming the first field at fault.
 */
export async function uploadFields<S extends z.ZodType>(
  db: Db,
  upload: { files: readonly ReceivedFile[]; fields: Record<string, string> },
  schema: S,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(upload.fields);
  if (parsed.success) return parsed.data;
  await deleteFiles(
    db,
    upload.files.map((f) => f.fileId),
  );
  const issue = parsed.error.issues[0]!;
  throw new AppError('VALIDATION', issue.message, { [String(issue.path[0] ?? 'request')]: issue.message });
}
