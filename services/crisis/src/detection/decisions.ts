// Deciding, with its consequences: the verdict (judge.ts), the crisis_detected_total metric, and
// crisis.v1.detected (a keyed hash of the visitor, never the message), kept until JetStream has it.
import { randomBytes } from 'node:crypto';
import { Counter, type Registry } from 'prom-client';
import { detectCrisis } from '@hhp/crisis-rules';
import { CrisisDetectedEvent, Subjects, type DetectCrisisResponse } from '@hhp/proto';
import { DurablePublisher, createEnvelope, hashVisitor, type EventBus, type Logger } from '@hhp/kit';
import { judge, type CrisisModel, type Verdict } from './judge.js';
import type { Moderation } from './moderation.js';

export type Channel = 'http' | 'rpc';

export class CrisisDecisions {
  private readonly events: DurablePublisher;
  private readonly detected: Counter<'source' | 'channel'>;
  private readonly visitorKey: string;

  constructor(
    private readonly deps: {
      bus: EventBus;
      logger: Logger;
      registry: Registry;
      moderation: Moderation | undefined;
      model?: CrisisModel | undefined;
      visitorHashKey: string | undefined;
    },
  ) {
    this.visitorKey = deps.visitorHashKey ?? randomBytes(32).toString('hex');
    // Kept until JetStream acknowledges them: a crisis detected while NATS is away is published when it returns.
    this.events = new DurablePublisher({
      bus: deps.bus,
      logger: deps.logger,
      name: Subjects.crisisDetected,
      registry: deps.registry,
    });
    this.detected = new Counter({
      name: 'crisis_detected_total',
      help: 'Messages judged to be a crisis, by source and channel',
      labelNames: ['source', 'channel'] as const,
      registers: [deps.registry],
    });
  }

  get moderated(): boolean {
    return this.deps.moderation !== undefined;
  }

  /** `skipModel`: the asker has already run this service's crisis model on the message, and it saw no crisis. */
  async decide(
    query: string,
    channel: Channel,
    visitor?: string,
    { skipModel = false }: { skipModel?: boolean } = {},
  ): Promise<DetectCrisisResponse> {
    let verdict: Verdict;
    try {
      const model = skipModel ? undefined : this.deps.model;
      verdict = await judge(query, { model, moderation: this.deps.moderation });
    } catch (err) {
      this.deps.logger.error({ err }, 'crisis judgement failed; the rules decide alone');
      verdict = { isCrisis: detectCrisis(query).isCrisis, source: 'rules' };
    }
    if (verdict.isCrisis) {
      const source = verdict.source ?? 'rules';
      this.detected.inc({ source, channel });
      const data = CrisisDetectedEvent.shape.data.parse({
        source,
        channel,
        ...(verdict.ruleId ? { ruleId: verdict.ruleId } : {}),
        ...(visitor ? { visitor: hashVisitor(visitor, this.visitorKey) } : {}),
      });
      this.events.publish(createEnvelope(Subjects.crisisDetected, data));
    }
    // The middle band is no crisis: nothing counted or published, only the lines offered.
    return verdict.crisisLines ? { isCrisis: false, crisisLines: true } : { isCrisis: verdict.isCrisis };
  }

  /** Publishes what waits (bounded), for shutdown. */
  close(): Promise<void> {
    return this.events.close();
  }
}
