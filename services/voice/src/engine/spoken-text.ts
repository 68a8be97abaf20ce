// What either engine says of its own, and how a written answer is said rather than read.

/** Said when a turn cannot be answered (the recogniser, the assistant or the model failed). */
export const TURN_FAILED =
  'Sorry, I could not answer that just now. Please try again, or type your question in the chat.';

/**
 * The answer as it is said rather than read: the pages' paths in brackets (the captions keep them, with the
 * sources) and list bullets become pauses, not "slash conditions slash insomnia"; a paragraph ends a sentence.
 */
export function spokenText(text: string): string {
  return text
    .replace(/([^.!?:\s])[ \t]*\n\s*\n/g, '$1.\n\n')
    .replace(/\s*\(\/[^()\s]*\)/g, '')
    .replace(/\s*[•·]\s*/g, '. ')
    .replace(/([.!?])\s*\.\s/g, '$1 ')
    .replace(/:\s*\.\s/g, ': ');
}
