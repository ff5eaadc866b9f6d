// What a campaign document upload accepts before it is sent (a milestone's evidence, the sales
// invoice; the server reads the type from the content, kyc.ts): a PDF, JPEG or PNG of at most 10 MB.
// The forms' field for it is `documentField`.
import { z } from 'zod';
import { MAX_DOCUMENT_BYTES } from './kyc.ts';

export const DOCUMENT_MESSAGES = {
  type: 'The file must be a PDF, JPEG or PNG',
  size: 'The file is larger than 10 MB',
  empty: 'The file is empty',
} as const;

/** What the checks read of a browser File. */
export type DocumentFile = { name: string; type: string; size: number };

const EXTENSION = /\.(pdf|jpe?g|png)$/i;
const TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** What is wrong with the chosen file (`required` names what is missing); undefined when it may go. */
export function documentProblem(file: DocumentFile | null, required: string): string | undefined {
  if (!file) return required;
  if (!TYPES.has(file.type) && !EXTENSION.test(file.name)) return DOCUMENT_MESSAGES.type;
  if (file.size > MAX_DOCUMENT_BYTES) return DOCUMENT_MESSAGES.size;
  if (file.size === 0) return DOCUMENT_MESSAGES.empty;
  return undefined;
}

const isDocumentFile = (v: unknown): v is DocumentFile =>
  typeof v === 'object' &&
  v !== null &&
  typeof Reflect.get(v, 'name') === 'string' &&
  typeof Reflect.get(v, 'type') === 'string' &&
  typeof Reflect.get(v, 'size') === 'number';

/**
 * A required document in a form: the chosen file (null until one is), with `required` when none is
 * and documentProblem's message when it may not go. `F` is the form's file type (the browser's File).
 */
export function documentField<F extends DocumentFile = DocumentFile>(required: string) {
  return z
    .custom<F | null>((v) => v === null || isDocumentFile(v), required)
    .superRefine((file, ctx) => {
      const problem = documentProblem(file, required);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((file) => file as F);
}
