// KYC test kit: multipart bodies as a browser's FormData sends them, and small files of each type.
import { randomUUID } from 'node:crypto';

export interface Part {
  /** The form field: identity, address, company (files) or a text field's name. */
  name: string;
  /** A file part when set. */
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body and its content type. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----hb${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.filename !== undefined)
      head.push(`Content-Type: ${part.contentType ?? 'application/octet-stream'}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A tiny but real-looking file of each accepted type (their magic bytes first). */
export const FILES = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: () =>
    Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6360000002000100e221bc330000000049454e44ae426082',
      'hex',
    ),
  jpeg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF test image')]),
  /** An executable renamed: what a .pdf name does not make a PDF. */
  exe: () => Buffer.from('MZ\x90\x00 this program cannot be run in DOS mode'),
};

/** One PDF per document kind the role needs (domain/kyc.ts requiredDocuments). */
export function documentParts(kinds: readonly string[], file: () => Buffer = FILES.pdf): Part[] {
  return kinds.map((kind) => ({
    name: kind,
    filename: `${kind}.pdf`,
    contentType: 'application/pdf',
    content: file(),
  }));
}

/** What an admin client offers (test/investing.ts's Actor). */
interface AdminCalls {
  get: (url: string) => Promise<{ statusCode: number; body: string; json: <T = unknown>() => T }>;
}

/**
 * The admin opens each of the user's KYC documents, as the review dialog does: approval needs every
 * document opened by the approving admin (server/features/verification/kyc/identity.ts).
 */
export async function openDocuments(admin: AdminCalls, userId: string): Promise<void> {
  const detail = await admin.get(`/api/admin/users/${userId}`);
  if (detail.statusCode !== 200) throw new Error(`user detail: ${detail.statusCode} ${detail.body}`);
  for (const doc of detail.json<{ documents: Array<{ id: string }> }>().documents) {
    const file = await admin.get(`/api/kyc/documents/${doc.id}`);
    if (file.statusCode !== 200) throw new Error(`document ${doc.id}: ${file.statusCode}`);
  }
}
