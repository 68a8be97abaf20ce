import { detectCrisis } from '@hhp/crisis-rules';
import type { ServiceContext, ServiceParts } from '@hhp/kit';
import type { CrisisConfig } from './config.js';
import { CrisisDecisions } from './detection/decisions.js';
import { detectCrisisRouter } from './detection/detect-crisis.router.js';
import { openAiModeration, type Moderation } from './detection/moderation.js';
import { crisisReplies } from './detection/replies.js';

/** POST /api/detect-crisis over HTTP, and the same verdict over NATS request-reply for ai-query. */
export function crisisService(overrides: { moderation?: Moderation } = {}) {
  return ({ config, bus, logger, metrics }: ServiceContext<CrisisConfig>): ServiceParts => {
    // The first call compiles the rules (a noticeable pause); pay that before the first visitor does.
    detectCrisis('warm up');
    const client = 'moderation' in overrides ? undefined : openAiModeration(config, logger);
    const moderation = 'moderation' in overrides ? overrides.moderation : client?.moderate;
    const decisions = new CrisisDecisions({
      bus,
      logger,
      registry: metrics.registry,
      moderation,
      visitorHashKey: config.VISITOR_HASH_KEY,
    });
    const replies = crisisReplies(bus, decisions);
    return {
      routers: [detectCrisisRouter(decisions)],
      stop: [
        ['crisis replies', () => replies.drain()],
        ['crisis events', () => decisions.close()],
        ['moderation client', async () => client?.close()],
      ],
    };
  };
}
