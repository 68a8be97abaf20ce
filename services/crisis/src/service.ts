import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { Counter } from 'prom-client';
import { RULES_VERSION, detectCrisis } from '@hhp/crisis-rules';
import { z } from 'zod';
import { CrisisDetectedEvent, DetectCrisisRequest, RpcSubjects, Subjects, type DetectCrisisResponse } from '@hhp/proto';
import { DurablePublisher, createEnvelope, hashVisitor, parse, type ServiceContext, type ServiceParts } from '@hhp/kit';
import type { CrisisConfig } from './config.js';
import { openAiModeration, type Moderation } from './moderation.js';

export interface Verdict extends DetectCrisisResponse {
  source?: 'rules' | 'moderation';
  ruleId?: string;
}

/**
 * The rules answer at once; when they see nothing and a moderation model is configured, it is asked too.
 * Either can raise the alarm, and a model that fails leaves the rules' verdict (never fails open).
 */
export async function judge(query: string, moderation: Moderation | undefined): Promise<Verdict> {
  const rules = detectCrisis(query);
  if (rules.isCrisis) return { isCrisis: true, source: 'rules', ...(rules.ruleId ? { ruleId: rules.ruleId } : {}) };
  if (moderation && query.trim() && (await moderation(query))) return { isCrisis: true, source: 'moderation' };
  return { isCrisis: false };
}

/** POST /api/detect-crisis over HTTP, and the same verdict over NATS request-reply for ai-query. */
export function crisisService(overrides: { moderation?: Moderation } = {}) {
  return ({ config, bus, logger, metrics }: ServiceContext<CrisisConfig>): ServiceParts => {
    // The first call compiles the rules (~100 ms); pay that before the first visitor does.
    detectCrisis('warm up');
    const client = 'moderation' in overrides ? undefined : openAiModeration(config, logger);
    const moderation = 'moderation' in overrides ? overrides.moderation : client?.moderate;
    const visitorKey = config.VISITOR_HASH_KEY ?? randomBytes(32).toString('hex');
    // Kept until JetStream acknowledges them: a crisis detected while NATS is away is published when it returns.
    const events = new DurablePublisher({
      bus,
      logger,
      name: Subjects.crisisDetected,
      registry: metrics.registry,
    });
    const detected = new Counter({
      name: 'crisis_detected_total',
      help: 'Messages judged to be a crisis, by source and channel',
      labelNames: ['source', 'channel'] as const,
      registers: [metrics.registry],
    });

    const decide = async (query: string, channel: 'http' | 'rpc', visitor?: string): Promise<DetectCrisisResponse> => {
      let verdict: Verdict;
      try {
        verdict = await judge(query, moderation);
      } catch (err) {
        logger.error({ err }, 'crisis judgement failed; the rules decide alone');
        verdict = { isCrisis: detectCrisis(query).isCrisis, source: 'rules' };
      }
      if (verdict.isCrisis) {
        const source = verdict.source ?? 'rules';
        detected.inc({ source, channel });
        const data = CrisisDetectedEvent.shape.data.parse({
          source,
          channel,
          ...(verdict.ruleId ? { ruleId: verdict.ruleId } : {}),
          ...(visitor ? { visitor: hashVisitor(visitor, visitorKey) } : {}),
        });
        events.publish(createEnvelope(Subjects.crisisDetected, data));
      }
      return { isCrisis: verdict.isCrisis };
    };

    const router = Router();
    router.post('/api/detect-crisis', async (req, res) => {
      const { query } = parse(DetectCrisisRequest, req.body);
      res.set('Cache-Control', 'no-store').json(await decide(query, 'http', req.ip));
    });

    const subscription = bus.reply(RpcSubjects.detectCrisis, {
      request: DetectCrisisRequest,
      handler: ({ query }) => decide(query, 'rpc'),
    });

    const info = bus.reply(RpcSubjects.crisisInfo, {
      request: z.object({}),
      handler: async () => ({ moderation: moderation !== undefined, rulesVersion: RULES_VERSION }),
    });

    return {
      routers: [router],
      stop: [
        ['crisis replies', () => Promise.all([subscription.drain(), info.drain()])],
        ['crisis events', () => events.close()],
        ['moderation client', async () => client?.close()],
      ],
    };
  };
}
