// ai.v1.answered, for analytics: how a question was answered, by whom (a keyed hash, never the guestId),
// how fast, with how many sources and tokens; never the text. Counted in ai_answers_total too.
import { AiAnsweredEvent, Subjects, type AiAnsweredEvent as AiAnswered } from '@hhp/proto';
import { createEnvelope, hashVisitor } from '@hhp/kit';
import type { AnalyticsPublisher } from './analytics.js';
import type { Usage } from '../model/llm.js';
import type { AiMetrics } from '../metrics.js';

export interface AnsweredFacts {
  mode: AiAnswered['data']['mode'];
  isSubscriber: boolean;
  /** performance.now() at the question's arrival. */
  started: number;
  sources: number;
  usage?: Usage;
}

export interface Visitor {
  guestId?: string | null | undefined;
  ip: string;
  streamed: boolean;
  requestId: string | undefined;
}

export class AnsweredEvents {
  constructor(
    private readonly analytics: AnalyticsPublisher,
    private readonly visitorKey: string,
    private readonly metrics: AiMetrics,
  ) {}

  record(visitor: Visitor, facts: AnsweredFacts): void {
    this.metrics.answers.inc({ mode: facts.mode });
    const { usage } = facts;
    const data: AiAnswered['data'] = {
      visitor: hashVisitor(visitor.guestId ?? `ip:${visitor.ip}`, this.visitorKey),
      mode: facts.mode,
      streamed: visitor.streamed,
      isSubscriber: facts.isSubscriber,
      latencyMs: Math.round(performance.now() - facts.started),
      sources: facts.sources,
      ...(usage?.promptTokens !== undefined ? { promptTokens: usage.promptTokens } : {}),
      ...(usage?.completionTokens !== undefined ? { completionTokens: usage.completionTokens } : {}),
    };
    const event = createEnvelope(Subjects.aiAnswered, AiAnsweredEvent.shape.data.parse(data));
    this.analytics.publish(event, visitor.requestId);
  }
}
