// What the Realtime engine's model is told to say, and the words of the service's own it says and shows.
import { spokenText } from '../engine/spoken-text.js';

/** Shown when the Realtime socket is lost: the call ends with it. */
export const REALTIME_LOST = 'The voice assistant was disconnected. Please start the call again.';
/**
 * Said and shown when an admitted question went unanswered and was given back: the chat's words for the same
 * case (ai-query's questions/answer.ts).
 */
export const NOT_COUNTED =
  "The AI assistant couldn't answer just now. Your question was not counted; please try again.";

/** How the model is told to say words of the service's own (the crisis lines, a limit), word for word. */
export function verbatim(text: string): string {
  return `Say exactly the following words, in the language they are written in, calmly and warmly, and say nothing else:\n\n${spokenText(text)}`;
}

/** How a spoken answer differs from the chat's written one; added to the chat's instructions. */
export const SPOKEN_STYLE =
  'You are speaking with the person on a voice call: answer in speech, without lists, page paths or links; name the pages by their titles.';
