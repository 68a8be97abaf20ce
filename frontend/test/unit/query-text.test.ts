import { QueryAiRequest } from '@hhp/proto';
import { normalizeQuery } from '@hhp/proto/query-text';

const INVISIBLE_ONLY = [
  ['zero-width spaces', '\u200B\u200B\u200B'],
  ['a NUL and a soft hyphen', '\u0000\u00AD'],
  ['joiners and a word joiner', '\u200D\u200C\u2060'],
  ['a BOM and bidi controls', '\uFEFF\u200E\u202E\u2066\u2069'],
  ['variation selectors', '\uFE0F\u{E0100}'],
  ['tag characters', '\u{E0041}\u{E007F}'],
  ['Hangul fillers', '\u3164\uFFA0\u115F'],
  ['a Braille blank', '\u2800'],
  ['whitespace and invisible characters mixed', ' \u200B\n\t\u00A0\u2060 '],
  ['whitespace only', '   \n\t '],
];

describe('what counts as a question', () => {
  it.each(INVISIBLE_ONLY)('when the text is %s, then the browser treats it as blank', (_, text) => {
    expect(normalizeQuery(text)).toBe('');
  });

  it.each(INVISIBLE_ONLY)('when the text is %s, then the request schema refuses it, naming the field', (_, text) => {
    const result = QueryAiRequest.safeParse({ query: text });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['query', 'query must not be blank'],
    ]);
  });

  it.each([
    ['  What helps with sleep?  ', 'What helps with sleep?'],
    ['I want to d\u0000ie', 'I want to die'],
    ['sui\u00ADcide', 'suicide'],
    ['\uFEFFbloating\u200B after meals', 'bloating after meals'],
    ['first line\u0085second line', 'first line\nsecond line'],
    ['tired\tand\nsore', 'tired\tand\nsore'],
  ])("when the text is '%s', then the browser sends what the schema reads: '%s'", (text, expected) => {
    expect(normalizeQuery(text)).toBe(expected);
    expect(QueryAiRequest.parse({ query: text }).query).toBe(expected);
  });
});
