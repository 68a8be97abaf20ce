// What a question is while the assistant decides it: who asks (Asker), where the answer goes (AnswerSink),
// what comes back (Answered), and a question let in (Turn). Shared by the chat's flow (answer.ts) and the
// voice call's (admit.ts).
import type { QueryAiRequest, Quota, Source } from '@hhp/proto';
import type { Logger } from '@hhp/kit';
import { ALLOWED, type Admission, type Reserved } from '../quota/admission.js';
import type { AnsweredEvents } from '../analytics/answered-event.js';
import type { AiQueryConfig } from '../config.js';
import type { CrisisCheck } from '../crisis/crisis-check.js';
import type { Caution } from '../answers/caution.js';
import type { LanguageModel } from '../model/llm.js';
import type { AiMetrics } from '../metrics.js';
import type { Hit, Library } from '../answers/retrieval.js';

export interface Asker {
  body: QueryAiRequest;
  ip: string;
  cookie: string | undefined;
  requestId: string | undefined;
  streamed: boolean;
  /** The same on every attempt nginx makes at this request (questions.router.ts): see QuotaCounters.take. */
  attempt?: string | undefined;
}

/** Where the answer's text goes: all at once (JSON) or piece by piece (SSE). */
export interface AnswerSink {
  /** Called once, before any text: the counters and the crisis and emergency flags. */
  start(meta: Quota & { isCrisis: boolean; isEmergency: boolean; crisisLines?: true }): void;
  delta(text: string): void;
}

/** A sink for a caller that wants only the returned answer. */
export const NO_SINK: AnswerSink = { start() {}, delta() {} };

export interface Answered extends Quota {
  response: string;
  isCrisis: boolean;
  isEmergency: boolean;
  /** The crisis lines show with this ordinary answer (the crisis model's middle band: possibly at risk). */
  crisisLines?: true;
  sources: Source[];
}

/** A question let in: whose counters, what it took, and what the model must know about it. */
export interface Turn {
  /** The counters of a subscriber or a session pass holder; undefined for a guest (`reserved`). */
  unlimited: Quota | undefined;
  reserved: Reserved | undefined;
  /** The question describes a medical emergency (emergency.ts). */
  emergency: boolean;
  /** The question needs a doctor or pharmacist first (caution.ts). */
  caution: Caution | undefined;
  /** The crisis model put the question in its middle band: the answer shows the crisis lines with it. */
  crisisLines: boolean;
  /** The question's vector from the crisis check, for the library (which embeds it itself without one). */
  embedded: { text: string; vector: Float32Array } | undefined;
}

export interface AssistantDeps {
  config: AiQueryConfig;
  admission: Admission;
  crisis: CrisisCheck;
  library: Library;
  model: LanguageModel | undefined;
  answered: AnsweredEvents;
  logger: Logger;
  metrics: AiMetrics;
}

/** The counters reported with a question let in: a guest's after its reservation, anyone else's as they are. */
export function quotaOf({ unlimited, reserved }: Pick<Turn, 'unlimited' | 'reserved'>): Quota {
  return reserved ? { queriesUsed: reserved.used, queriesAllowed: ALLOWED, isSubscriber: false } : unlimited!;
}

export function sourcesOf(hits: Hit[]): Source[] {
  return hits.map(({ passage }) => ({ title: passage.title, path: passage.path }));
}
