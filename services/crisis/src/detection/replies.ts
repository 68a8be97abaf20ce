// The same verdict over NATS request-reply for ai-query (rpc.crisis.v1.detect), and what this service judges
// with (rpc.crisis.v1.info: ai-query skips asking when it runs the same rules and crisis model, and there is no
// moderation model).
import { z } from 'zod';
import { RULES_VERSION } from '@hhp/crisis-rules';
import { DetectCrisisRequest, RpcSubjects } from '@hhp/proto';
import type { EventBus } from '@hhp/kit';
import type { CrisisDecisions } from './decisions.js';

export function crisisReplies(bus: EventBus, decisions: CrisisDecisions, modelVersion: () => string | undefined) {
  const detect = bus.reply(RpcSubjects.detectCrisis, {
    request: DetectCrisisRequest,
    handler: ({ query }) => decisions.decide(query, 'rpc'),
  });
  const info = bus.reply(RpcSubjects.crisisInfo, {
    request: z.object({}),
    handler: async () => {
      const model = modelVersion();
      return { moderation: decisions.moderated, rulesVersion: RULES_VERSION, ...(model ? { model } : {}) };
    },
  });
  return { drain: () => Promise.all([detect.drain(), info.drain()]) };
}
