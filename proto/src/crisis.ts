import { z } from 'zod';
import { multiLine, singleLine } from './text.js';

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

/**
 * rpc.crisis.v1.detect: the same message, and what the asker has already judged it with. `modelRead` is the crisis
 * model (its CRISIS_MODEL_VERSION) that has read the message at the asker and found no crisis: the service does not
 * run the same model on it again (its rules and its moderation model still judge). Not accepted over HTTP.
 */
export const DetectCrisisRpcRequest = DetectCrisisRequest.extend({
  modelRead: singleLine({ max: 64 })
    .regex(/^[0-9a-f]+$/, 'modelRead must be a crisis model version (hex)')
    .optional(),
}).strict();
export type DetectCrisisRpcRequest = z.infer<typeof DetectCrisisRpcRequest>;

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
