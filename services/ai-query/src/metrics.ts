// ai-query's own metrics, beside the kit's: how questions were answered, why they were refused, how long
// each step took, how many are being answered now, and how many wait for the quota store. Made once per
// service, shared by its parts.
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { metricsOn } from '@hhp/kit';

export interface AiMetrics {
  answers: Counter<'mode'>;
  refusals: Counter<'reason'>;
  /** How long each step of a question takes, from its arrival: where the time of a slow answer went. */
  stages: Histogram<'stage'>;
  /** How long each request to the quota store (the JetStream key-value bucket) takes, by operation. */
  quotaStore: Histogram<'operation'>;
  /**
   * The questions this process is answering now (Assistant.ask and admit, from arrival to the end): what a
   * visitor waits behind, and what the prod autoscaler scales on (deploy/k8s/prometheus-adapter).
   */
  inFlight: Gauge;
}

/** `waiting`: the questions and quota reads waiting for the quota store now, read at each scrape. */
export function aiMetrics(registry: Registry, waiting: () => number): AiMetrics {
  const { counter, histogram, gauge } = metricsOn(registry);
  gauge('ai_quota_waiting', 'Questions and quota reads waiting for the quota store', waiting);
  return {
    answers: counter('ai_answers_total', 'Questions answered, by how', ['mode']),
    refusals: counter(
      'ai_quota_refusals_total',
      'Questions refused by a quota, or shed because too many were waiting',
      ['reason'],
    ),
    stages: histogram(
      'ai_query_stage_seconds',
      'Time from the question to: the crisis verdict, the quota decision, the first words of the answer',
      [0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      ['stage'],
    ),
    quotaStore: histogram(
      'ai_quota_store_seconds',
      'Duration of each request to the quota store (create: take a slot, get: read one, delete: give one back)',
      [0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2],
      ['operation'],
    ),
    inFlight: gauge(
      'ai_questions_in_flight',
      "Questions being answered now: from arrival to the answer's end, HTTP and spoken",
    ),
  };
}
