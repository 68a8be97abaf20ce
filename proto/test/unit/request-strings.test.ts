import type { z } from 'zod';
import { CONTROL_CHARACTERS, CRLF_LINES, MULTI_LINE, SINGLE_LINE, characterCount, singleLine } from '../../src/text.js';
import { REQUEST_SCHEMAS, REQUEST_STRING_FIELDS } from './request-schemas.js';

/** The fields where a line break is part of the text; every other string field is one line. */
const MULTI_LINE_FIELDS = new Set([
  'AskAiRequest.query',
  'BookSessionRequest.notes',
  'DetectCrisisRequest.query',
  'DetectCrisisRpcRequest.query',
  'IngestVideoRequest.description',
  'QueryAiRequest.query',
  'VoiceClientMessage.sdp', // An SDP offer's lines end with CRLF.
]);

/**
 * The question: read as the browser sends it, its invisible characters (NUL among them) removed rather than
 * refused, so that a crisis hidden by one is still read as a crisis. What the service reads holds none.
 */
const NORMALIZED_FIELDS = new Set(['AskAiRequest.query', 'QueryAiRequest.query']);

/** Never in any field: C0 and C1 controls but the line breaks and tab, DEL, and lone surrogate halves. */
const NEVER = [0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f, 0x80, 0x85, 0x9f, 0xd800, 0xdbff, 0xdc00, 0xdfff];
/** Not in a one-line field either. */
const LINE_BREAKS = [0x09, 0x0a, 0x0d, 0x2028, 0x2029];
const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Values that some field accepts as they are: every field must accept one of them, so that inserting a control
 * character is what its refusal is about (a token's pattern refuses "a" whatever it holds). A field of a new
 * shape needs an example here.
 */
const VALID_EXAMPLES = [
  'a',
  'visitor@example.com',
  'https://example.com/video.mp4',
  '2026-03-02T15:00:00Z',
  '2026-03-02',
  '12:34',
  '9.00',
  '60',
  'dQw4w9WgXcQ',
  'cus_Abc123',
  'pm_Abc123',
  'cs_test_Abc123',
  'x'.repeat(21),
  'x'.repeat(43),
  `${'0'.repeat(24)}.${'x'.repeat(43)}`,
  'abc.def',
  `cus_Abc123.${'x'.repeat(22)}.1767225600.${'x'.repeat(20)}.${'x'.repeat(43)}`,
  'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\n',
];

/** A regex of the field's own, besides the text blocks' rules. */
function hasOwnPattern(schema: z.ZodType): boolean {
  const def = schema._zod.def as { type: string; in?: z.ZodType; checks?: z.core.$ZodCheck[] };
  if (def.type === 'pipe') return hasOwnPattern(def.in!);
  return (def.checks ?? []).some((check) => {
    const { format, pattern } = check._zod.def as { format?: string; pattern?: RegExp };
    return format === 'regex' && ![SINGLE_LINE, MULTI_LINE, CRLF_LINES].includes(pattern!);
  });
}

const insert = (value: string, char: string) => [
  `${char}${value}`,
  `${value.slice(0, 1)}${char}${value.slice(1)}`,
  `${value}${char}`,
];

describe('control characters in requests', () => {
  test('when the request schemas are listed, then bodies, query strings, path parameters, NATS requests and socket frames are all there', () => {
    const names = REQUEST_SCHEMAS.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'BookSessionRequest',
        'SessionParams',
        'PaymentStatusQuery',
        'CreateSubscriptionRequest',
        'IngestVideoRequest',
        'AskAiRequest',
        'VoiceClientMessage',
      ]),
    );
    expect(REQUEST_STRING_FIELDS.length).toBeGreaterThan(40);
  });

  test.each(REQUEST_STRING_FIELDS.map((field) => [field.path, field] as const))(
    'when %s holds a control character, then it is refused',
    (path, { schema }) => {
      const examples = VALID_EXAMPLES.filter((value) => schema.safeParse(value).success);
      // A field of a shape of its own (a token) that no example fits is probed with the characters alone.
      expect({ path, example: examples.length > 0 || hasOwnPattern(schema) }).toEqual({ path, example: true });
      const valid = examples.length > 0 ? examples : [''];
      const forbidden = MULTI_LINE_FIELDS.has(path) ? NEVER : [...NEVER, ...LINE_BREAKS];
      const accepted = forbidden.flatMap((code) =>
        valid.flatMap((value) =>
          insert(value, String.fromCharCode(code)).flatMap((probe) => {
            const result = schema.safeParse(probe);
            if (!result.success) return [];
            if (NORMALIZED_FIELDS.has(path) && !String(result.data).includes(String.fromCharCode(code))) return [];
            return [`${hex(code)} in ${JSON.stringify(value)}`];
          }),
        ),
      );
      expect(accepted).toEqual([]);
    },
  );

  test('when a text field holds a NUL, then the refusal says so', () => {
    const plain = REQUEST_STRING_FIELDS.filter(
      ({ path, schema }) => !NORMALIZED_FIELDS.has(path) && schema.safeParse('a').success,
    );
    expect(plain.map(({ path }) => path)).toEqual(expect.arrayContaining(['BookSessionRequest.name']));
    for (const { path, schema } of plain) {
      const result = schema.safeParse('a\u0000');
      expect({ path, messages: result.error?.issues.map((issue) => issue.message) }).toEqual({
        path,
        messages: expect.arrayContaining([CONTROL_CHARACTERS]),
      });
    }
  });

  test('when a question holds a NUL, then it is read without it; a carriage return is refused', () => {
    for (const path of NORMALIZED_FIELDS) {
      const { schema } = REQUEST_STRING_FIELDS.find((field) => field.path === path)!;
      expect({ path, read: schema.parse('I want to d\u0000ie') }).toEqual({ path, read: 'I want to die' });
      expect({ path, issues: schema.safeParse('first\r\nsecond').error?.issues.map((issue) => issue.message) }).toEqual(
        {
          path,
          issues: [CONTROL_CHARACTERS],
        },
      );
    }
  });

  test('when free text holds line feeds and tabs, then it is accepted', () => {
    const multi = REQUEST_STRING_FIELDS.filter(({ path }) => MULTI_LINE_FIELDS.has(path));
    expect(multi.map(({ path }) => path).sort()).toEqual([...MULTI_LINE_FIELDS].sort());
    for (const { path, schema } of multi.filter(({ path }) => path !== 'VoiceClientMessage.sdp')) {
      expect({ path, ok: schema.safeParse('first line\n\tsecond line').success }).toEqual({ path, ok: true });
    }
  });

  test('when a text holds emoji, CJK and other scripts, then it is accepted and counted in characters', () => {
    const name = singleLine({ max: 5 });
    expect(name.safeParse('😀中é\u05d0a').success).toBe(true);
    expect(name.safeParse('😀😀😀😀😀').success).toBe(true);
    expect(name.safeParse('😀😀😀😀😀😀').success).toBe(false);
    expect(characterCount('😀中a')).toBe(3);
    expect(characterCount('\ud83d')).toBe(1);
  });
});
