// The KYC document upload, for other features that take documents the same way (a sophisticated
// investor's evidence, docs/investor-protection.md): multipart parts read with the limits the KYC
// plugin registers, each file checked by its content (PDF, JPEG or PNG), the parser's limits mapped
// onto our refusals. Register `documentMultipart` on the plugin that uses it.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  detectDocumentType,
  KYC_MESSAGES,
  MAX_DOCUMENT_BYTES,
  type DocumentType,
} from '../../../domain/kyc.ts';
import { AppError } from '../../errors.ts';

export interface DocumentPart {
  field: string;
  fileName: string;
  content: Buffer;
  contentType: DocumentType;
}

/** Multipart for this plugin's routes only, with the KYC upload's limits. */
export async function documentMultipart(app: FastifyInstance, maxFiles: number) {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_DOCUMENT_BYTES,
      files: maxFiles,
      fields: 8,
      parts: maxFiles + 8,
      fieldSize: 4096,
    },
  });
}

/** A file as it may be stored: its type read from its content; refused (400 naming `label`) otherwise. */
export function checkedFile(label: string, field: string, content: Buffer): DocumentType {
  if (content.length === 0)
    throw new AppError('DOCUMENT_REJECTED', KYC_MESSAGES.empty(label), {
      [field]: KYC_MESSAGES.empty(label),
    });
  const type = detectDocumentType(content.subarray(0, 8));
  if (!type)
    throw new AppError('DOCUMENT_REJECTED', KYC_MESSAGES.wrongType(label), {
      [field]: KYC_MESSAGES.wrongType(label),
    });
  return type;
}

/** Reads a multipart body: the files of `fileField` (checked) and the text fields. */
export async function readDocumentParts(
  request: FastifyRequest,
  fileField: string,
  label: string,
): Promise<{ files: DocumentPart[]; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', KYC_MESSAGES.notMultipart);
  const files: DocumentPart[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField)
          throw new AppError(
            'VALIDATION',
            `Unknown field ${part.fieldname.slice(0, 40)}: send the files as ${fileField}`,
          );
        const content = await part.toBuffer();
        files.push({
          field: part.fieldname,
          fileName: (part.filename || fileField).slice(0, 200),
          content,
          contentType: checkedFile(label, fileField, content),
        });
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('DOCUMENT_TOO_LARGE', KYC_MESSAGES.tooLarge(label), {
        [fileField]: KYC_MESSAGES.tooLarge(label),
      });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('PAYLOAD_TOO_LARGE', KYC_MESSAGES.tooMany);
    if (error instanceof AppError) throw error;
    throw new AppError('VALIDATION', KYC_MESSAGES.malformed);
  }
  return { files, fields };
}
