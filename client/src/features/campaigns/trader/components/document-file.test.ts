import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, documentProblem } from './document-file.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('a campaign document before upload', () => {
  it('is required, a PDF, JPEG or PNG, not empty and at most 10 MB', () => {
    expect(documentProblem(null, 'Attach the bill of lading')).toBe('Attach the bill of lading');
    expect(documentProblem(file('bl.pdf', 'application/pdf'), 'x')).toBeUndefined();
    expect(documentProblem(file('scan.JPG', ''), 'x')).toBeUndefined();
    expect(documentProblem(file('bl.docx', 'application/msword'), 'x')).toBe(DOCUMENT_MESSAGES.type);
    expect(documentProblem(file('bl.pdf', 'application/pdf', 11 * 1024 * 1024), 'x')).toBe(
      DOCUMENT_MESSAGES.size,
    );
    expect(documentProblem(file('bl.pdf', 'application/pdf', 0), 'x')).toBe('The file is empty');
  });
});
