// Reading the portal's own pages aloud with the server's voice (the voice service's espeak-ng): what a page's
// "Listen" falls back to when the browser cannot speak (no speechSynthesis, no voices, or Chromium's
// `synthesis-failed`). Only the texts the portal publishes can be spoken, so what the route can be made to
// synthesise is a short, fixed list: each of them once, then from the cache (services/voice/README.md, "Read
// aloud"). The frontend reads the same parts with the browser's voice, so the two cannot drift apart.
import { z } from 'zod';
import { MODALITIES } from './catalogue/modalities.js';
import { readAloudParts } from './speech-parts.js';
import { singleLine } from './text.js';

export { readAloudParts, SPEECH_PATH } from './speech-parts.js';

/** The longest text the route reads: a part of a page (a published part is under 300 characters). */
export const MAX_SPEECH_TEXT_CHARS = 600;

/** Every text the server reads aloud: the parts of every treatment card. */
export const SPEAKABLE_TEXTS: ReadonlySet<string> = new Set(MODALITIES.flatMap(readAloudParts));

/** GET /api/voice/speech?text=…: one published text, spoken as audio/wav. */
export const SpeechQuery = z
  .object({
    text: singleLine({
      max: MAX_SPEECH_TEXT_CHARS,
      tooLong: `at most ${MAX_SPEECH_TEXT_CHARS} characters can be read aloud at once`,
    })
      .min(1, 'must not be empty')
      .meta({
        description:
          "One of the portal's published texts, exactly as the page shows it (a treatment card's name, " +
          'description, overview or one of its benefits); any other text is 404.',
        example: MODALITIES[0]!.description,
      }),
  })
  .strict();
export type SpeechQuery = z.infer<typeof SpeechQuery>;
