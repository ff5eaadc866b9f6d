// Sending a stored upload back (docs/security.md, "Uploads"): with the type read from its content at
// upload (never sniffed again), a name of ours (never the upload's), shown inline in a sandbox, and
// streamed from the database a few chunks at a time.
import type { FastifyReply } from 'fastify';
import type { DocumentType } from '../../domain/kyc.ts';
import type { Db } from '../db/connect.ts';
import { readFile } from './storage.ts';

const EXTENSIONS: Record<DocumentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** The file as the answer: `name` plus the extension of its type, e.g. `evidence.pdf`. */
export function sendStoredFile(
  reply: FastifyReply,
  db: Db,
  file: { fileId: string; contentType: DocumentType; size: number },
  name: string,
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `inline; filename="${name}.${EXTENSIONS[file.contentType]}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('content-length', file.size)
    .send(readFile(db, file.fileId));
}
