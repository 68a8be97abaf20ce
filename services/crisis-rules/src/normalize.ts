/**
 * Normalisation for crisis matching. A message is reduced to lower-case ASCII words separated by single
 * spaces, so that the rules in rules.ts only have to describe wording, not typography:
 *
 *   "I CAN’T go on… 😭"        -> "i cant go on"
 *   "kiiill myselfff"          -> "kil myself"      (every run of one letter collapses to one letter)
 *   "su1cide", "0verdose"      -> "suicide", "overdose"
 *   "ｋｉｌｌ", "𝐤𝐢𝐥𝐥", "kіll"   -> "kil"             (NFKC, and Cyrillic/Greek look-alikes)
 *   "s u i c i d e", "k.i.l.l" -> "suicide", "kil"
 *   "d\u0000ie", "d\u200Bie"   -> "die"             (invisible characters are removed)
 *
 * Because letter runs collapse, the rule patterns must be collapsed the same way; collapseRegexSource()
 * does that when the rules are compiled, so rules are written in ordinary spelling ("kill myself").
 */

// Letters from other scripts that render like Latin ones; NFKC leaves them alone.
// Each pair is a look-alike letter followed by its Latin reading.
const LOOKALIKES = new Map(
  'аa вb еe ёe кk мm нh оo рp сc тt уy хx іi їi јj ѕs ԁd ɡg ӏl αa βb εe ηn ιi κk νv οo ρp τt υu χx ßss æae œoe øo łl đd ıi'
    .split(' ')
    .map((pair) => [pair[0]!, pair.slice(1)] as const),
);
const LOOKALIKE_RE = new RegExp(`[${[...LOOKALIKES.keys()].join('')}]`, 'gu');

// Apostrophe-like characters; all become ' and are then dropped inside words ("can’t" -> "cant").
const APOSTROPHES_RE = /[\u2018\u2019\u201B\u2032\u02BC\u02B9\u0060\u00B4]/g;
const INNER_APOSTROPHE_RE = /(?<=[a-z0-9])'+(?=[a-z])/g;

// Symbols used as letters, only where they sit inside a word ("k!ll", "w@nt") or start one ("$uicide").
const INNER_SYMBOL_RE = /(?<=[a-z0-9])[@$!|](?=[a-z0-9])|(?<![a-z0-9])\$(?=[a-z])/g;
const SYMBOL_LETTERS: Readonly<Record<string, string>> = { '@': 'a', $: 's', '!': 'i', '|': 'l' };

// Digits used as letters. "2" between letters reads as "to" ("want2die").
const DIGIT_LETTERS: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '2': ' to ',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
};
// Tokens where digits are real numbers, not leetspeak: "500mg", "3am", "2nd", "5htp", "b12", "x39", "coq10".
const NUMERIC_TOKEN_RE = /^(?:\d+[a-z]{0,3}|[a-z]+\d+)$/;

// Characters that show nothing, so a word split by one reads whole on the screen but not to the rules:
// control characters other than the tabs and line breaks that separate words, format characters
// (zero-width space, joiners, soft hyphen, word joiner, BOM, bidi controls, tag characters) and the rest
// of Unicode's default-ignorable code points (variation selectors, Hangul fillers, the grapheme joiner).
const INVISIBLE = String.raw`(?![\t\n\v\f\r\u0085])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]`;
const INVISIBLE_RE = new RegExp(INVISIBLE, 'gu');

const MAX_CHARS = 10_000;

/** Normalises text for crisis matching. Input longer than 10,000 characters is truncated first. */
export function normalizeForCrisis(text: string): string {
  let s = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text;
  s = s.normalize('NFKC');
  s = s.replace(INVISIBLE_RE, '');
  s = s.normalize('NFD').replace(/\p{M}+/gu, ''); // diacritics
  s = s.toLowerCase();
  s = s.replace(LOOKALIKE_RE, (c) => LOOKALIKES.get(c) ?? c);
  s = s.replace(APOSTROPHES_RE, "'").replace(INNER_APOSTROPHE_RE, '');
  s = s.replace(INNER_SYMBOL_RE, (c) => SYMBOL_LETTERS[c] ?? c);
  s = s.replace(/[a-z0-9]+/g, readLeetspeak);
  s = s.replace(/[^a-z0-9]+/g, ' ');
  s = joinSpelledOutLetters(s);
  s = collapseLetterRuns(s);
  return s.replace(/ {2,}/g, ' ').trim();
}

/** Collapses every run of one letter to a single letter: "diiiie" -> "die", "kill" -> "kil". */
export function collapseLetterRuns(text: string): string {
  return text.replace(/([a-z])\1+/g, '$1');
}

/**
 * collapseLetterRuns for regular-expression source: escapes such as \b and \s are copied untouched, so
 * "\bbetter" becomes "\bbeter", not "\better". A doubled letter must not carry a quantifier ("kill?").
 */
export function collapseRegexSource(source: string): string {
  let out = '';
  let previousLetter = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      out += c + (source[i + 1] ?? '');
      i++;
      previousLetter = '';
    } else if (c >= 'a' && c <= 'z') {
      if (c !== previousLetter) out += c;
      previousLetter = c;
    } else {
      out += c;
      previousLetter = '';
    }
  }
  return out;
}

function readLeetspeak(token: string): string {
  if (!/[0-9]/.test(token) || !/[a-z]/.test(token) || NUMERIC_TOKEN_RE.test(token)) return token;
  return token.replace(/[0-9]/g, (d, offset: number) => {
    if (d === '2' && (offset === 0 || offset === token.length - 1)) return d;
    return DIGIT_LETTERS[d] ?? d;
  });
}

// "s u i c i d e" and "k.i.l.l" (already spaced out): three or more single letters in a row are one word.
function joinSpelledOutLetters(text: string): string {
  return text.replace(/(?<![a-z0-9])[a-z](?: [a-z]){2,}(?![a-z0-9])/g, (letters) => letters.replace(/ /g, ''));
}
