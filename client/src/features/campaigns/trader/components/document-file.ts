// What a campaign document upload accepts (the rule and its messages are the domain's,
// domain/document-file.ts); the file input's accept list.
export { DOCUMENT_MESSAGES, documentProblem } from '@domain/document-file.ts';

export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
