// How much of an answer the offline engine says, sentence by sentence: the synthesiser speaks one sentence
// while the next is made, and a long answer is said in part (the captions carry the whole of it).
import { DISCLAIMER } from '@hhp/proto';
import { spokenText } from '../engine/spoken-text.js';

/** The answer's sentences, in order, each short enough to start speaking soon ("Dr. Helen" is not two). */
export function sentences(text: string): string[] {
  const parts = spokenText(text)
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?]["”’)]?)(?<!\b(?:Dr|Mr|Mrs|Ms|St|Prof)\.)\s+(?=[A-Z0-9"“(])/)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
  return parts.length ? parts : [];
}

/**
 * About half a minute of espeak-ng's speech: an answer longer than this is said in part (its first sentences),
 * and the captions, which carry the whole answer with its pages, say the rest. A voice answer is heard, not
 * skimmed; the library's answers run to a thousand characters, over a minute of speech.
 */
export const SPOKEN_ANSWER_CHARS = 420;
/** Said where a long answer is cut. */
export const MORE_IN_CAPTIONS = 'There is more in the captions, with the pages to read.';

/**
 * What is said of an answer: all of it when `whole` (the crisis lines: every word of them), else its first
 * sentences up to SPOKEN_ANSWER_CHARS (at least one), then MORE_IN_CAPTIONS when something was left out; the
 * disclaimer that ends an answer is always said.
 */
export function spokenAnswer(text: string, { whole = false } = {}): string[] {
  const parts = sentences(text);
  if (whole) return parts;
  const disclaimer = sentences(DISCLAIMER);
  const endsWithDisclaimer =
    parts.length > disclaimer.length && disclaimer.every((s, i) => parts[parts.length - disclaimer.length + i] === s);
  const body = endsWithDisclaimer ? parts.slice(0, -disclaimer.length) : parts;
  const tail = endsWithDisclaimer ? disclaimer : [];
  const kept: string[] = [];
  let length = 0;
  for (const sentence of body) {
    if (kept.length > 0 && length + sentence.length > SPOKEN_ANSWER_CHARS) break;
    kept.push(sentence);
    length += sentence.length + 1;
  }
  return kept.length < body.length ? [...kept, MORE_IN_CAPTIONS, ...tail] : parts;
}
