import { randomUUID } from 'node:crypto';
import { nanoid } from 'nanoid';
import { Kvm } from '@nats-io/kv';
import { startService, type RunningService } from '@hhp/kit';
import { AiQueryConfig } from '../../src/config.js';
import { aiQueryService } from '../../src/service.js';
import type { LanguageModel } from '../../src/model/llm.js';
import { keyToken } from '../../src/quota/quota-counters.js';

export const COOKIE_SECRET = 'a-test-secret-that-is-long-enough-0123456789';

export type AiQuery = RunningService<AiQueryConfig>;

export async function startAiQuery(env: Record<string, string> = {}, overrides: { model?: LanguageModel } = {}) {
  const config = AiQueryConfig.parse({
    PORT: '0',
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: process.env.NATS_URL,
    MONGODB_DB: `ai-test-${randomUUID().slice(0, 8)}`,
    QUOTA_BUCKET: `quota_test_${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    SUBSCRIBER_COOKIE_SECRET: COOKIE_SECRET,
    CRISIS_TIMEOUT_MS: '100',
    ...env,
  });
  const service = await startService({ name: 'ai-query', config, setup: aiQueryService(overrides) });
  // Ready once the sentence-embedding model has loaded and the crisis model is built (seconds of CPU at start):
  // the tests then measure the service as it runs, not its start.
  for (let i = 0; i < 900 && !(await fetch(`${service.url}/readyz`)).ok; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return service;
}

export const newGuestId = () => nanoid();

export function ask(service: AiQuery, body: unknown, headers: Record<string, string> = {}, path = '/api/query-ai') {
  return fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The slots stored for the guest counter `key` today, read straight from the service's bucket. */
export async function storedCount(service: AiQuery, key: string, limit = 3): Promise<number> {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
  const kv = await new Kvm(service.bus.nc).open(service.config.QUOTA_BUCKET);
  const entries = await Promise.all(
    Array.from({ length: limit }, (_, i) => kv.get(`${day}.${keyToken(key)}.${i + 1}`)),
  );
  return entries.filter((entry) => entry?.operation === 'PUT').length;
}

/** Parses a text/event-stream body into [event, data] pairs. */
export function parseSse(text: string): [string, unknown][] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return [event, JSON.parse(data)];
    });
}
