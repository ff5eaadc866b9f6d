// What a campaign document upload accepts before it is sent (the server reads the type from the
// content, domain/kyc.ts): a PDF, JPEG or PNG of at most 10 MB.
import { MAX_DOCUMENT_BYTES } from '@domain/kyc.ts';

export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

export const DOCUMENT_MESSAGES = {
  type: 'The file must be a PDF, JPEG or PNG',
  size: 'The file is larger than 10 MB',
} as const;

const EXTENSION = /\.(pdf|jpe?g|png)$/i;
const TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** What is wrong with the chosen file (`required` names what is missing); undefined when it may go. */
export function documentProblem(
  file: Pick<File, 'name' | 'type' | 'size'> | null,
  required: string,
): string | undefined {
  if (!file) return required;
  if (!TYPES.has(file.type) && !EXTENSION.test(file.name)) return DOCUMENT_MESSAGES.type;
  if (file.size > MAX_DOCUMENT_BYTES) return DOCUMENT_MESSAGES.size;
  if (file.size === 0) return 'The file is empty';
  return undefined;
}
