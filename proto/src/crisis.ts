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
  /**
   * Present (true) when the message is no crisis but the crisis model put it in its middle band, "possibly at risk":
   * the page offers the crisis lines (988, text 741741) gently beside what it shows, as with ai-query's answer of the
   * same name (QueryAiResponse). Never with `isCrisis`.
   */
  crisisLines: z.literal(true).optional(),
});
export type DetectCrisisResponse = z.infer<typeof DetectCrisisResponse>;
