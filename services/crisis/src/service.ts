import { detectCrisis } from '@hhp/crisis-rules';
import { CRISIS_MODEL_VERSION, loadCrisisModel } from '@hhp/crisis-model';
import type { ServiceContext, ServiceParts } from '@hhp/kit';
import type { CrisisConfig } from './config.js';
import { CrisisDecisions } from './detection/decisions.js';
import { detectCrisisRouter } from './detection/detect-crisis.router.js';
import type { CrisisModel } from './detection/judge.js';
import { openAiModeration, type Moderation } from './detection/moderation.js';
import { crisisReplies } from './detection/replies.js';

/** POST /api/detect-crisis over HTTP, and the same verdict over NATS request-reply for ai-query. */
export function crisisService(overrides: { moderation?: Moderation; modelDir?: string } = {}) {
  return ({ config, bus, logger, metrics }: ServiceContext<CrisisConfig>): ServiceParts => {
    // The first call compiles the rules (a noticeable pause); pay that before the first visitor does.
    detectCrisis('warm up');
    const client = 'moderation' in overrides ? undefined : openAiModeration(config, logger);
    const moderation = 'moderation' in overrides ? overrides.moderation : client?.moderate;
    // The sentence-embedding model loads in the background; the service is not ready until it has loaded (or
    // failed: then the rules and the moderation model decide without it, and embedding_model_up says so).
    const {
      embeddings,
      spanish,
      judge: crisisModel,
    } = loadCrisisModel({
      registry: metrics.registry,
      logger,
      timeoutMs: config.CRISIS_MODEL_TIMEOUT_MS,
      ...((overrides.modelDir ?? config.EMBEDDING_MODEL_DIR)
        ? { modelDir: overrides.modelDir ?? config.EMBEDDING_MODEL_DIR }
        : {}),
      ...(config.MULTILINGUAL_MODEL_DIR ? { spanishModelDir: config.MULTILINGUAL_MODEL_DIR } : {}),
    });
    const model: CrisisModel = async (query) => {
      const judgement = await crisisModel.judge(query);
      return judgement && { tier: judgement.tier };
    };
    const decisions = new CrisisDecisions({
      bus,
      logger,
      registry: metrics.registry,
      moderation,
      model,
      visitorHashKey: config.VISITOR_HASH_KEY,
    });
    const replies = crisisReplies(bus, decisions, () => (crisisModel.available ? CRISIS_MODEL_VERSION : undefined));
    return {
      routers: [detectCrisisRouter(decisions)],
      readiness: { 'crisis model': crisisModel.readiness },
      stop: [
        ['crisis replies', () => replies.drain()],
        ['crisis events', () => decisions.close()],
        ['moderation client', async () => client?.close()],
        ['embedding models', () => Promise.all([embeddings.close(), spanish.close()]).then(() => undefined)],
      ],
    };
  };
}
