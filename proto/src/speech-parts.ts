// What a page's "Listen" reads and where it asks the server's voice (speech.ts has the route's schema): apart
// from the schema, so that the treatments page's code does not carry zod (issue 28).
import type { Modality } from './catalogue/modalities.js';

/** What a treatment card's "Listen" reads, part by part: its name and words, then its panel's. */
export function readAloudParts(modality: Pick<Modality, 'name' | 'description' | 'overview' | 'benefits'>): string[] {
  return [modality.name, modality.description, modality.overview, ...(modality.benefits ?? [])];
}

/** The route's path behind nginx. */
export const SPEECH_PATH = '/api/voice/speech';
