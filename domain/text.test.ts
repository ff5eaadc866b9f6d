import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { textField } from './text.ts';

const singleLine = textField('Title');
const multiLine = textField('Description', { multiline: true });
const issues = (schema: z.ZodType, value: string) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const C1 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i));
const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

describe('textField', () => {
  it.each([
    'Kandla → Rotterdam green ammonia cargo',
    'Zürich Wasserstoff AG — Ø 250 t',
    'हरित हाइड्रोजन',
    'هيدروجين أخضر',
    '緑の水素 🚢💧',
    'Tabs\u00a0and non-breaking spaces',
    '',
  ])('accepts ordinary text: %s', (value) => {
    expect(singleLine.parse(value)).toBe(value);
    expect(multiLine.parse(value)).toBe(value);
  });

  it('refuses every C0 control, DEL and every C1 control in a single-line field, naming the field', () => {
    for (const c of [...C0, '\u007f', ...C1, '\u2028', '\u2029']) {
      expect(issues(singleLine, `a${c}b`), hex(c)).toEqual(['Title cannot contain control characters']);
    }
  });

  it('multi-line fields keep tab and line breaks, and refuse every other control', () => {
    expect(multiLine.parse('Line one\r\nLine two\n\tindented\u2028')).toBe(
      'Line one\r\nLine two\n\tindented\u2028',
    );
    for (const c of [...C0.filter((c) => !'\t\n\r'.includes(c)), '\u007f', ...C1]) {
      expect(issues(multiLine, `a${c}b`), hex(c)).toEqual(['Description cannot contain control characters']);
    }
  });

  it('refuses the bidi embedding, override and isolate controls (Trojan Source) in both kinds of field', () => {
    const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    for (const c of bidi) {
      expect(issues(singleLine, `invoice${c}fdp.exe`), hex(c)).toEqual([
        'Title cannot contain control characters',
      ]);
      expect(issues(multiLine, `a${c}b`), hex(c)).toEqual(['Description cannot contain control characters']);
    }
    // The plain direction marks mixed right-to-left text needs stay allowed.
    expect(singleLine.parse('Order \u200fهيدروجين\u200e 42')).toBe('Order \u200fهيدروجين\u200e 42');
  });

  it('refuses half a surrogate pair (text that is not valid Unicode), keeps whole pairs', () => {
    for (const broken of ['\ud83d', 'a\ude80b', '\ude80\ud83d']) {
      expect(issues(singleLine, broken)).toEqual(['Title is not valid text']);
    }
    expect(singleLine.parse('\ud83d\ude80')).toBe('🚀');
  });

  it('chains like z.string(): trimming and length checks still apply, with their own messages', () => {
    const title = textField('Title', { error: 'Title is required' }).trim().min(5, 'Too short');
    expect(title.parse('  Hello  ')).toBe('Hello');
    expect(issues(title, 'Hi')).toEqual(['Too short']);
    expect(title.safeParse(42).error?.issues[0]?.message).toBe('Title is required');
  });
});
