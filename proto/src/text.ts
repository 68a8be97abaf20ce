// Text as every service accepts it at its edge. Every string a visitor (or a caller over NATS) sends is
// stored or used in a query somewhere, and PostgreSQL, under FerretDB, cannot hold a NUL character: one that
// reached it was a 500 (SQLSTATE 22P05). Other control characters are no better (a line break in a name
// forges a line of an e-mail or a log, an escape sequence paints a terminal), and a lone surrogate half is not
// text at all (it is written to the database as U+FFFD, so what is read back is not what was sent). So every
// string field of a request is built from one of the blocks below, or is held to a pattern or format of its
// own that admits none of these (proto/test/unit/request-strings.test.ts walks every request schema and
// refuses a field that lets a control character through).
//
// The patterns are published in the OpenAPI document, so clients and schemathesis read the same rule. They
// are written with \u escapes and without flags, so they mean the same in ECMAScript (zod tests them without
// the u flag), in Rust's regex (schemathesis's validator, which refuses a pattern that names a surrogate) and
// in Python's re. A lone surrogate cannot be written in such a pattern (nor held in a Rust or Python string
// taken from JSON), so it is refused by a check of its own that is not published.
import { z } from 'zod';

/** What a field with a control character is told: "name: must not contain control characters". */
export const CONTROL_CHARACTERS = 'must not contain control characters';
/** What a field with half of a UTF-16 surrogate pair is told. */
export const LONE_SURROGATE = 'must not contain a lone surrogate (half of a UTF-16 pair)';

const textWithout = (forbidden: string) => new RegExp(`^[^${forbidden}]*$`);

/** One line: no C0 or C1 control (tab, line breaks and NUL included), no U+2028/U+2029. */
export const SINGLE_LINE = textWithout('\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029');

/** Free text (notes, a question, a description): line feeds, tabs and line separators, but no other control. */
export const MULTI_LINE = textWithout('\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f');

/** Lines ended by CRLF (an SDP offer, RFC 8866): carriage returns and line feeds, no other control. */
export const CRLF_LINES = textWithout('\\u0000-\\u0009\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u2028\\u2029');

const UNPAIRED = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Refuses a lone surrogate: what every text block checks besides its pattern. */
export const wellFormed = z.refine<string>((value) => !UNPAIRED.test(value), LONE_SURROGATE);

/** Characters as JSON Schema's maxLength counts them: code points, so an emoji is one, not two. */
export function characterCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

export interface TextOptions {
  /** The most characters (code points), published as maxLength. */
  max?: number;
  /** The message when there are more (by default "must be at most {max} characters"). */
  tooLong?: string;
}

/**
 * At most `max` characters counted as code points (zod's own max counts UTF-16 units, two for an emoji),
 * published as maxLength.
 */
export function maxCharacters<T extends z.ZodString>(schema: T, max: number, tooLong?: string): T {
  return schema
    .refine((value) => characterCount(value) <= max, tooLong ?? `must be at most ${max} characters`)
    .meta({ maxLength: max });
}

function text(pattern: RegExp, { max, tooLong }: TextOptions) {
  const checked = z.string().regex(pattern, CONTROL_CHARACTERS).check(wellFormed);
  return max === undefined ? checked : maxCharacters(checked, max, tooLong);
}

/**
 * A one-line text field (a name, an id, a token). Chain `.trim()`, `.min()` and the like after it: the
 * control characters and the length are checked on the text as it was sent, as the published pattern says.
 */
export const singleLine = (options: TextOptions = {}) => text(SINGLE_LINE, options);

/** A free-text field (notes, a question): line feeds and tabs allowed, no other control character. */
export const multiLine = (options: TextOptions = {}) => text(MULTI_LINE, options);

/**
 * The rule of singleLine() as a check, for a field with a pattern of its own that trims first (a token pasted
 * from an e-mail): the field's own pattern stays the one published, and already admits no control character.
 */
export const noControlCharacters = z.refine<string>((value) => SINGLE_LINE.test(value), CONTROL_CHARACTERS);

/**
 * zod's e-mail check (`z.email()`) as a pattern without lookaheads, which OpenAPI tools (schemathesis's Rust
 * validator among them) can read: dot-separated words before the `@`, the last character not a quote, then a
 * domain of labels and a TLD of two or more letters. Spaces around it are allowed because the field is trimmed.
 */
export const EMAIL_PATTERN =
  "^ *([A-Za-z0-9_'+-]+\\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\\.)+[A-Za-z]{2,} *$";

/**
 * An e-mail address as a visitor types it: trimmed and lower-cased, at most 254 characters. Published with
 * EMAIL_PATTERN, so a client (or a test generator) knows what the server will accept; not as format email,
 * which would refuse the spaces a pasted address brings and the server trims.
 */
export const EmailAddress = singleLine({ max: 254, tooLong: 'email must be at most 254 characters' })
  .trim()
  .toLowerCase()
  .pipe(z.email('email must be a valid e-mail address'))
  .meta({ pattern: EMAIL_PATTERN });

/** Text of CRLF-ended lines (an SDP offer). */
export const crlfLines = (options: TextOptions = {}) => text(CRLF_LINES, options);

/**
 * A URL of at most `max` characters, published as format uri. The control characters are refused before
 * zod's URL check, which would strip tabs, line breaks and leading or trailing controls without a word.
 */
export const urlText = (max: number) => singleLine({ max }).pipe(z.url()).meta({ format: 'uri' });
