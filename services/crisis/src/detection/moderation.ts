// OpenAI's moderation model as a second opinion on self-harm. Any failure (timeout, error status,
// network, an answer of the wrong shape) yields no opinion: the rules' verdict stands, so detection never
// fails open.
//
// One POST per message, through undici's request API rather than the openai SDK: the SDK (over fetch)
// cost about four times the CPU per call (BENCHMARKS.md, scripts/bench/model-client.mjs), and every
// visitor's message pays it.
import { Agent, request } from 'undici';
import { z } from 'zod';
import type { Logger } from '@hhp/kit';
import type { CrisisConfig } from '../config.js';

const SELF_HARM_CATEGORIES = ['self-harm', 'self-harm/intent', 'self-harm/instructions'] as const;

const ModerationResponse = z.object({
  results: z.array(z.object({ categories: z.record(z.string(), z.boolean()) })).min(1),
});

export type Moderation = (text: string) => Promise<boolean | undefined>;

export interface ModerationClient {
  moderate: Moderation;
  close(): Promise<void>;
}

export function openAiModeration(config: CrisisConfig, logger: Logger): ModerationClient | undefined {
  const key = config.OPENAI_API_KEY;
  if (!key) return undefined;
  const base = config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1';
  const url = new URL('moderations', base.endsWith('/') ? base : `${base}/`);
  const timeout = config.MODERATION_TIMEOUT_MS;
  const agent = new Agent({ keepAliveTimeout: 30_000, connect: { timeout } });
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

  const moderate: Moderation = async (text) => {
    // Not AbortSignal.timeout: its timer cannot be cleared, so it fired (and built an exception) 1.5 s
    // after every message, answered or not.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`no answer within ${timeout} ms`)), timeout);
    try {
      const { statusCode, body } = await request(url, {
        method: 'POST',
        dispatcher: agent,
        headers,
        body: JSON.stringify({ model: config.MODERATION_MODEL, input: text }),
        signal: controller.signal,
      });
      if (statusCode !== 200) {
        await body.dump();
        throw new Error(`moderation answered ${statusCode}`);
      }
      const { results } = ModerationResponse.parse(await body.json());
      const categories = results[0]!.categories;
      return SELF_HARM_CATEGORIES.some((category) => categories[category] === true);
    } catch (err) {
      logger.warn({ err: String(err) }, 'moderation unavailable; the rules decide alone');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
  return { moderate, close: () => agent.close() };
}
