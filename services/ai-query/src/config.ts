import { z } from 'zod';
import { practitionerName, serviceConfig, signingSecrets } from '@hhp/kit';
import { servicePort } from '@hhp/proto/services';

const timeZone = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as UTC or America/New_York');

export const AiQueryConfig = serviceConfig('ai-query', servicePort('ai-query')).extend({
  /** Without a key the offline engine answers from the portal's own library. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  /** Any OpenAI-compatible server (a local model, a test stub). */
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  PRACTITIONER_NAME: practitionerName,
  /** The calendar day of the free-question quota starts at midnight in this zone. */
  QUOTA_TIME_ZONE: timeZone.default('UTC'),
  /**
   * New guestIds one address may bring in an hour (their first question of the day): a guard against a
   * client rotating guestIds, not a second quota; many visitors behind one NAT stay far below it.
   */
  IP_NEW_GUESTS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000_000).default(100),
  /**
   * How long a question waits for its stores (the quota bucket, the subscriber check) before it is
   * answered 503 and given back. A crisis or an emergency is answered without them.
   */
  DB_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /** Beyond this many questions waiting for the quota store, more are refused at once with 503 and Retry-After. */
  MAX_WAITING_QUESTIONS: z.coerce.number().int().min(1).max(100_000).default(256),
  /** The quota's JetStream key-value bucket: its name, and its replicas (3 in a JetStream cluster). */
  QUOTA_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 characters of A-Z, a-z, 0-9, _ or -')
    .default('ai_quota'),
  QUOTA_BUCKET_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** The sentence-embedding model's folder (model.onnx, tokenizer.json); the bootstrap's .tools/models/minilm when unset. */
  EMBEDDING_MODEL_DIR: z.string().min(1).optional(),
  MULTILINGUAL_MODEL_DIR: z.string().min(1).optional(),
  /** The rules decide without the in-process crisis model when it is slower than this. */
  CRISIS_MODEL_TIMEOUT_MS: z.coerce.number().int().min(10).max(5000).default(250),
  /** How long to wait for the crisis service before the in-process rules decide alone. */
  CRISIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(5000).default(300),
  /** Verifies the subscriber cookie that payments signs; without it nobody is recognised as a subscriber. */
  SUBSCRIBER_COOKIE_SECRET: signingSecrets.optional(),
  /**
   * The secret the subscriber cookie was signed with before SUBSCRIBER_COOKIE_SECRET was rotated: still
   * accepted, so nobody is logged out (deploy/README.md, "Rotate the subscriber cookie secret"). Unset: none.
   */
  SUBSCRIBER_COOKIE_PREVIOUS_SECRET: signingSecrets.optional(),
  /**
   * Verifies the AI Avatar Session's pass that booking signs (the same secret): its holder is not counted
   * until the session ends. Without it no pass is honoured.
   */
  SESSION_PASS_SECRET: signingSecrets.optional(),
  /** Key of the visitor hash in events; defaults to the cookie secret, else a random key per process. */
  VISITOR_HASH_KEY: z.string().min(16).optional(),
});
export type AiQueryConfig = z.output<typeof AiQueryConfig>;
