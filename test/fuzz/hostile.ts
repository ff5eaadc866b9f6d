// Boundary and hostile values (checklist V4): control characters and NUL, unicode that trips code
// (RTL override, zero-width, emoji sequences, lone surrogates), strings past every limit, numbers at
// and past the edges of doubles and of our numeric columns, wrong types, deep nesting, prototype keys.
import fc from 'fast-check';
import { marker, type Value } from './values.ts';

const CONTROL = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));

/** NUL and the other control characters, alone and inside ordinary text. */
const CONTROL_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  'Rotterdam\u0000',
  '\u0000 ',
  CONTROL.join(''),
  'line\u0001\u001f',
  '\u007f\u0080\u009f',
  '\t\n\r\u000b\u000c',
  '\u001b[31mred',
];

/** Unicode that trips code: direction overrides, invisible characters, emoji sequences, lone surrogates. */
const UNICODE_STRINGS: readonly string[] = [
  '\u0085\u2028\u2029',
  '\u202egnp.exe',
  '\u200b\u200c\u200d\u2060',
  '\ufeffBOM',
  '🚀',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301',
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\ud83d',
  'ＡＢＣ１２３',
  '١٢٣٫٤٥',
  'İıßẞﬀ',
  'עברית العربية',
];

/** Text shaped like what parsers and queries mishandle: injections, numbers and dates as text. */
const TEXT_SHAPES: readonly string[] = [
  '',
  ' ',
  '   padded   ',
  "' OR '1'='1",
  "'; drop table users; --",
  '%',
  '_',
  '\\',
  '%00',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e-400',
  '-0',
  '0',
  '-1',
  '9007199254740993',
  '0x1F',
  '1_000',
  ' 42 ',
  '1,5',
  '0.001',
  '.5',
  '5.',
  '+5',
  '00012',
  '99999999999999999999.99',
  '2027-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '2026-13-01',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '{3f0c1b8e-8a51-4a6c-9e3d-2b7f4c1d9e00}',
];

export const HOSTILE_STRINGS: readonly string[] = [...CONTROL_STRINGS, ...UNICODE_STRINGS, ...TEXT_SHAPES];

/** Long strings around typical limits (30, 60, 100, 120, 254, 5,000 characters) and past the body limit. */
const LONG_LENGTHS = [31, 61, 101, 121, 129, 201, 255, 1_001, 5_001, 20_000, 120_000];

const numberToken = (text: string) => marker({ $fuzz: 'raw', text });

export const HOSTILE_NUMBERS: readonly Value[] = [
  0,
  -1,
  1,
  0.1,
  0.005,
  99.999,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  1e15,
  numberToken('-0'),
  numberToken('1e400'),
  numberToken('-1e400'),
  numberToken('9007199254740993'),
  numberToken('123456789012345678901234567890'),
  numberToken('1.0000000000000000000001'),
  numberToken('0.30000000000000004'),
];

const HOSTILE_STRUCTURES: readonly Value[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  [''],
  { '': '' },
  [1, 'two', { three: 3 }],
  numberToken('{"__proto__":{"polluted":true}}'),
  numberToken('{"constructor":{"prototype":{"polluted":true}}}'),
  marker({ $fuzz: 'nest', depth: 20, shape: 'array' }),
  marker({ $fuzz: 'nest', depth: 1_000, shape: 'object' }),
  marker({ $fuzz: 'nest', depth: 20_000, shape: 'array' }),
];

export const hostileString: fc.Arbitrary<Value> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...CONTROL_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...UNICODE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...TEXT_SHAPES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...LONG_LENGTHS), fc.constantFrom('a', '9', 'é', '🚀', '\u0000', ' '))
      .map(([times, text]) => marker({ $fuzz: 'repeat', text, times })),
  },
);

/** Any hostile value: strings, numbers and wrong-typed structures. */
export const hostileValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRUCTURES) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys a client should not be able to send: prototype keys, odd names, server-owned fields. */
export const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
  '\u0000',
  'a'.repeat(300),
  '$where',
  'id',
  'password',
  'passwordHash',
];

/** Whole bodies that are not valid JSON, or JSON that is no object. */
export const MALFORMED_BODIES: readonly string[] = [
  '',
  ' ',
  '{',
  '}',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '\ufeff{}',
  'nul',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '[{}]',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\u0000"}',
  '{"a":1e999999}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '\u0000',
  '\xff\xfe{\x00}\x00',
];

export const CONTENT_TYPES: readonly (string | null)[] = [
  null,
  '',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/json; charset=utf-16le',
  'application/json; charset=iso-8859-1',
  'application/json;charset=UTF-8',
  'APPLICATION/JSON',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/xml',
  'application/octet-stream',
  '*/*',
  'application/json, text/plain',
  'application',
];

/** Query strings that break parsers: bad escapes, prototype keys, huge or repeated parameters. */
export const RAW_QUERIES: readonly string[] = [
  'q=%00',
  'q=%',
  'q=%zz',
  'q=%C0%AF',
  'q=%ED%A0%80',
  'q=%F0%9F%9A%80%E2%80%AE',
  '__proto__=x',
  '__proto__[polluted]=1',
  'constructor=x&prototype=y',
  'limit=1e308',
  'limit=-0',
  'limit=0x10',
  'page=9007199254740993',
  'page=NaN',
  `status=${'active,'.repeat(2_000)}`,
  'a=1&'.repeat(1_000),
  `q=${'a'.repeat(3_000)}`,
  'q[]=1&q[]=2',
  'sort[$ne]=x',
  'q=%27%20OR%201%3D1--',
  'traderId=%00',
  '&&&==&=',
  'q',
];

/** Path segments of odd shapes, written into the URL as they are. */
export const RAW_SEGMENTS: readonly string[] = [
  '%00',
  '%',
  '%zz',
  '..',
  '%2e%2e',
  '%2F',
  '.',
  '~',
  '%C0%AF',
  '%ED%A0%80',
  '%F0%9F%9A%80',
  'a'.repeat(101),
  'a'.repeat(2_000),
  '%20',
  '+',
  'null',
  '0',
  '-1',
  '1e308',
  '3F0C1B8E-8A51-4A6C-9E3D-2B7F4C1D9E00',
  '%7B3f0c1b8e-8a51-4a6c-9e3d-2b7f4c1d9e00%7D',
  '3f0c1b8e-8a51-4a6c-9e3d-2b7f4c1d9e00%00',
];

/** Cookies a client could send: broken, oversized or repeated session cookies. */
export const RAW_COOKIES: readonly string[] = [
  'hb_session=',
  'hb_session=%00',
  `hb_session=${'x'.repeat(101)}`,
  `hb_session=${'x'.repeat(5_000)}`,
  'hb_session=a; hb_session=b',
  'hb_session=;;;=;',
  'hb_oauth=forged.signature',
];

/** Headers of a cross-site browser write (refused by the CSRF check). */
export const CROSS_SITE_HEADERS: readonly Record<string, string>[] = [
  { 'sec-fetch-site': 'cross-site' },
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { 'sec-fetch-site': 'same-site', origin: 'https://sub.localhost' },
];
