// What the model reads of a message: the message, and when it has several sentences, each of them, since a
// warning sign told in one sentence of a long health question is diluted in the whole message's vector. Long
// sentences are read in overlapping windows of words. At most MAX_SEGMENTS, the whole message first.

const MAX_SEGMENTS = 12;
const WINDOW_WORDS = 24;
const WINDOW_STEP = 12;
/** A sentence of fewer words adds nothing the whole message does not say ("ok.", "thanks!"). */
const MIN_WORDS = 3;
/** The whole message is cut here (the model reads 256 tokens; MiniLM's vectors blur long before). */
const MAX_CHARS = 2000;

export function segments(message: string): string[] {
  const whole = message.replace(/\s+/g, ' ').trim().slice(0, MAX_CHARS);
  if (!whole) return [];
  const parts: string[] = [];
  for (const sentence of whole.split(/(?<=[.!?;:…])\s+|\s*[\n\r]+\s*|\s+(?:but|pero)\s+/i)) {
    const words = sentence.split(' ').filter(Boolean);
    if (words.length < MIN_WORDS) continue;
    if (words.length <= WINDOW_WORDS) {
      parts.push(words.join(' '));
      continue;
    }
    for (let start = 0; start < words.length - WINDOW_STEP; start += WINDOW_STEP) {
      parts.push(words.slice(start, start + WINDOW_WORDS).join(' '));
    }
  }
  const unique = [whole, ...parts.filter((part) => part !== whole)];
  return [...new Set(unique)].slice(0, MAX_SEGMENTS);
}
