import { z } from 'zod';
import { serviceConfig } from '@hhp/kit';
import { servicePort } from '@hhp/proto/services';

export const CrisisConfig = serviceConfig('crisis', servicePort('crisis')).extend({
  /** With a key, OpenAI's moderation model also judges every message; either source can raise the alarm. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  MODERATION_MODEL: z.string().min(1).default('omni-moderation-latest'),
  /** The rules' verdict stands alone when the model is slower than this. */
  MODERATION_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1500),
  /** The sentence-embedding model's folder (model.onnx, tokenizer.json); the bootstrap's .tools/models/minilm when unset. */
  EMBEDDING_MODEL_DIR: z.string().min(1).optional(),
  MULTILINGUAL_MODEL_DIR: z.string().min(1).optional(),
  /** The rules (and the moderation model) decide without the crisis model when it is slower than this. */
  CRISIS_MODEL_TIMEOUT_MS: z.coerce.number().int().min(10).max(5000).default(250),
  /** Key of the visitor hash in crisis.v1.detected; random per process when unset. */
  VISITOR_HASH_KEY: z.string().min(16).optional(),
});
export type CrisisConfig = z.output<typeof CrisisConfig>;
