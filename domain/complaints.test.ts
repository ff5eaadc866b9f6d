import { describe, expect, it } from 'vitest';
import { COMPLAINT_MESSAGES, complaintFormSchema } from './complaints.ts';
import { MAX_DOCUMENT_BYTES } from './kyc.ts';

const text = 'The cargo arrived nine days after the order said it was delivered.';
const messages = (value: unknown) =>
  Object.fromEntries(
    (complaintFormSchema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

describe('complaintFormSchema (the complaint form)', () => {
  it('takes a category, the text and no attachment', () => {
    expect(complaintFormSchema.parse({ category: 'order', text: ` ${text} ` })).toEqual({
      category: 'order',
      text,
    });
  });

  it('says what each field needs, with the server’s messages', () => {
    expect(messages({ category: '', text: 'Late.' })).toEqual({
      category: COMPLAINT_MESSAGES.category,
      text: COMPLAINT_MESSAGES.textShort,
    });
    expect(messages({ category: 'order', text: 'x'.repeat(5001) })).toEqual({
      text: COMPLAINT_MESSAGES.textLong,
    });
  });

  it('takes an attachment up to 10 MB', () => {
    expect(messages({ category: 'order', text, attachment: { size: MAX_DOCUMENT_BYTES } })).toEqual({});
    expect(messages({ category: 'order', text, attachment: { size: MAX_DOCUMENT_BYTES + 1 } })).toEqual({
      attachment: COMPLAINT_MESSAGES.attachmentLarge,
    });
  });
});
