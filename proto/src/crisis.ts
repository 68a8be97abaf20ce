import { z } from 'zod';
import { multiLine } from './text.js';

export const MAX_QUERY_LENGTH = 4000;

/** POST /api/detect-crisis */
export const DetectCrisisRequest = z
  .object({
    query: multiLine({
      max: MAX_QUERY_LENGTH * 2,
      tooLong: `query must be at most ${MAX_QUERY_LENGTH * 2} characters`,
    }),
  })
  .strict();
export type DetectCrisisRequest = z.infer<typeof DetectCrisisRequest>;

export const DetectCrisisResponse = z.object({
  isCrisis: z.boolean(),
});
export type DetectCrisisResponse = z.infer<typeof DetectCrisisResponse>;
