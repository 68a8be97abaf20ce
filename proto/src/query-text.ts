// What counts as a question (specification, section 5: non-blank after trimming, the trimmed text sent). No zod
// here: the frontend imports this module alone (`@hhp/proto/query-text`), so the pages read a question exactly as
// the request schema (ai.ts) does without downloading the schemas.

// Characters that show nothing: control characters other than tabs and line breaks, format characters
// (zero-width space, joiners, soft hyphen, word joiner, BOM, bidi controls, tag characters) and the other
// default-ignorable code points (variation selectors, Hangul fillers).
const INVISIBLE = /(?![\t\n\v\f\r])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * A question as it is read: invisible characters removed (a next-line control read as a line break, a
 * Braille blank as a space) and the ends trimmed, so a query of only invisible characters is blank.
 */
export function normalizeQuery(text: string): string {
  return text
    .replace(/\u0085/g, '\n')
    .replace(/\u2800/g, ' ')
    .replace(INVISIBLE, '')
    .trim();
}
