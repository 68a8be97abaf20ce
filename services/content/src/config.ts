import { z } from 'zod';
import { serviceConfig, signingSecrets } from '@hhp/kit';
import { servicePort } from '@hhp/proto/services';

export const ContentConfig = serviceConfig('content', servicePort('content')).extend({
  /** Shared with the automation service that publishes videos; signs POST /api/videos/ingest. */
  CONTENT_INGEST_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)'),
  /** How old an ingest request's x-timestamp may be. */
  INGEST_MAX_SKEW_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** How far ahead of the server's clock an ingest request's x-timestamp may be (the sender's clock drift). */
  INGEST_MAX_FUTURE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** Sign-ups per client address, and per e-mail address, in each window; 0 turns that limit off. */
  SIGNUPS_PER_ADDRESS: z.coerce.number().int().min(0).default(10),
  SIGNUPS_PER_EMAIL: z.coerce.number().int().min(0).default(3),
  SIGNUP_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** The JetStream key-value bucket of the sign-up counts (shared by the replicas). */
  SIGNUP_LIMIT_BUCKET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, dashes and underscores')
    .default('content_signups'),
  /**
   * Signs the e-mail list's confirmation and unsubscribe links (HMAC); unset: no confirmation e-mail is sent
   * and the links' endpoints answer 503. `npm start` generates one.
   */
  LIST_TOKEN_SECRET: signingSecrets.optional(),
  /** The portal's address, for the links in the list's e-mails (`npm start` sets it to where nginx listens). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** How long a request waits for the database before it is answered 503 (the write itself goes on). */
  DB_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
});
export type ContentConfig = z.infer<typeof ContentConfig>;
