// OpenAI's moderation model as a second opinion on self-harm. Any failure (timeout, error status,
// network) yields no opinion: the rules' verdict stands, so detection never fails open.
import OpenAI from 'openai';
import type { Logger } from '@hhp/kit';
import type { CrisisConfig } from './config.js';

const SELF_HARM_CATEGORIES = ['self-harm', 'self-harm/intent', 'self-harm/instructions'] as const;

export type Moderation = (text: string) => Promise<boolean | undefined>;

export function openAiModeration(config: CrisisConfig, logger: Logger): Moderation | undefined {
  if (!config.OPENAI_API_KEY) return undefined;
  const client = new OpenAI({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL ?? null,
    timeout: config.MODERATION_TIMEOUT_MS,
    maxRetries: 0,
  });
  return async (text) => {
    try {
      const { results } = await client.moderations.create(
        { model: config.MODERATION_MODEL, input: text },
        { signal: AbortSignal.timeout(config.MODERATION_TIMEOUT_MS) },
      );
      const categories = (results[0]?.categories ?? {}) as unknown as Record<string, boolean>;
      return SELF_HARM_CATEGORIES.some((category) => categories[category] === true);
    } catch (err) {
      logger.warn({ err: String(err) }, 'moderation unavailable; the rules decide alone');
      return undefined;
    }
  };
}
