// The same verdict over NATS request-reply for ai-query (rpc.crisis.v1.detect), and what this service judges
// with (rpc.crisis.v1.info: ai-query skips asking when it runs the same rules and crisis model, and there is no
// moderation model). When ai-query has run the same crisis model (`modelRead`), only the rules and the moderation
// model judge here: running the model twice cost the crisis service 8 ms of CPU a question (BENCHMARKS.md).
import { z } from 'zod';
import { RULES_VERSION } from '@hhp/crisis-rules';
import { DetectCrisisRpcRequest, RpcSubjects } from '@hhp/proto';
import type { EventBus } from '@hhp/kit';
import type { CrisisDecisions } from './decisions.js';

export function crisisReplies(bus: EventBus, decisions: CrisisDecisions, modelVersion: () => string | undefined) {
  const detect = bus.reply(RpcSubjects.detectCrisis, {
    request: DetectCrisisRpcRequest,
    // A model the asker has already run is not run again here: the same examples give the same verdict.
    handler: ({ query, modelRead }) =>
      decisions.decide(query, 'rpc', undefined, { skipModel: modelRead !== undefined && modelRead === modelVersion() }),
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
