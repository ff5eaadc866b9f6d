import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, documentField } from './document-file.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });
const message = (value: unknown) =>
  documentField('Attach the bill of lading').safeParse(value).error?.issues[0]?.message;

describe('documentField (a required document in a form)', () => {
  it('takes a PDF, JPEG or PNG of at most 10 MB, read by its type or its name', () => {
    const pdf = file('bl.pdf', 'application/pdf');
    expect(documentField('x').parse(pdf)).toBe(pdf);
    expect(message(file('scan.JPG', ''))).toBeUndefined();
  });

  it('names what is missing, then what is wrong with the file', () => {
    expect(message(null)).toBe('Attach the bill of lading');
    expect(message(undefined)).toBe('Attach the bill of lading');
    expect(message(file('bl.docx', 'application/msword'))).toBe(DOCUMENT_MESSAGES.type);
    expect(message(file('bl.pdf', 'application/pdf', 11 * 1024 * 1024))).toBe(DOCUMENT_MESSAGES.size);
    expect(message(file('bl.pdf', 'application/pdf', 0))).toBe(DOCUMENT_MESSAGES.empty);
  });
});
