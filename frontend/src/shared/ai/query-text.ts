// What counts as a question (specification, section 5: non-blank after trimming, the trimmed text sent).
// A copy of proto's normalizeQuery (proto/src/ai.ts): proto's schema modules carry zod, which the pages do
// not download. frontend/test/unit/query-text.test.ts checks that the two agree.

// Characters that show nothing: control characters other than tabs and line breaks, format characters
// (zero-width space, joiners, soft hyphen, word joiner, BOM, bidi controls, tag characters) and the other
// default-ignorable code points (variation selectors, Hangul fillers).
const INVISIBLE = /(?![\t\n\v\f\r])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The question as it is sent: invisible characters removed (a next-line control read as a line break, a
 * Braille blank as a space) and the ends trimmed. Empty when the text is blank, however it looks.
 */
export function normalizeQuery(text: string): string {
  return text
    .replace(/\u0085/g, '\n')
    .replace(/\u2800/g, ' ')
    .replace(INVISIBLE, '')
    .trim();
}
