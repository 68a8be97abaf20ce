import { z } from 'zod';
import { MAX_QUERY_LENGTH } from './crisis.js';
import { GUEST_ID_LENGTH } from './catalogue/quota.js';

export const GuestId = z
  .string()
  .regex(
    new RegExp(`^[A-Za-z0-9_-]{${GUEST_ID_LENGTH}}$`),
    `guestId must be ${GUEST_ID_LENGTH} characters of A-Z, a-z, 0-9, _ or -`,
  );

// Characters that show nothing: control characters other than tabs and line breaks, format characters
// (zero-width space, joiners, soft hyphen, word joiner, BOM, bidi controls, tag characters) and the other
// default-ignorable code points (variation selectors, Hangul fillers). The frontend's copy,
// frontend/src/shared/ai/query-text.ts, is checked against this one by its unit test.
const INVISIBLE = /(?![\t\n\v\f\r])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * A question as it is read: invisible characters removed (a next-line control read as a line break, a
 * Braille blank as a space) and the ends trimmed, so a query of only invisible characters is blank.
 */
export function normalizeQuery(text: string): string {
  return text
    .replace(/\u0085/g, '\n')
    .replace(/\u2800/g, ' ')
    .replace(INVISIBLE, '')
    .trim();
}

/** POST /api/query-ai and /api/query-ai/stream. Every surface of the frontend sends the guestId. */
export const QueryAiRequest = z
  .object({
    query: z
      .string()
      .overwrite(normalizeQuery)
      .min(1, 'query must not be blank')
      .max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`),
    userId: z.string().max(100).nullish(),
    sessionId: z.string().max(100).nullish(),
    guestId: GuestId.nullish(),
  })
  .strict();
export type QueryAiRequest = z.infer<typeof QueryAiRequest>;

/** A page of the portal that an answer drew on. */
export const Source = z.object({
  title: z.string(),
  path: z.string(),
});
export type Source = z.infer<typeof Source>;

export const Quota = z.object({
  queriesUsed: z.number().int().nonnegative(),
  queriesAllowed: z.number().int().nonnegative(),
  isSubscriber: z.boolean(),
  /**
   * Present while this browser holds a valid session pass (the AI Avatar Session's window): questions are not
   * counted until `endsAt`; `isSubscriber` stays false.
   */
  sessionPass: z.object({ endsAt: z.string() }).optional(),
});
export type Quota = z.infer<typeof Quota>;

export const QueryAiResponse = Quota.extend({
  response: z.string(),
  isCrisis: z.boolean(),
  /** The question describes a medical emergency: the answer starts with where to get emergency care. */
  isEmergency: z.boolean(),
  sources: z.array(Source),
});
export type QueryAiResponse = z.infer<typeof QueryAiResponse>;

/**
 * rpc.ai.v1.ask: another service asks the assistant on a visitor's behalf (voice: a spoken question), exactly
 * as the chat asks it: crisis first, the same free questions and subscriber access, the same answers. The
 * visitor's own Cookie header (subscriber cookie, session pass) and address travel with it, as the asking
 * service received them from nginx; never anything the browser says about itself beyond that.
 */
export const AskAiRequest = z
  .object({
    query: QueryAiRequest.shape.query,
    guestId: GuestId.nullish(),
    cookie: z.string().max(8192).optional(),
    clientAddress: z.string().min(1).max(100),
    requestId: z.string().max(200).optional(),
  })
  .strict();
export type AskAiRequest = z.infer<typeof AskAiRequest>;

/** The answer, or the free questions used up (what the chat's 429 says). */
export const AskAiResponse = z.discriminatedUnion('outcome', [
  QueryAiResponse.extend({ outcome: z.literal('answered') }),
  Quota.extend({ outcome: z.literal('quota-exceeded'), message: z.string() }),
]);
export type AskAiResponse = z.infer<typeof AskAiResponse>;

/** GET /api/quota?guestId= */
export const QuotaQuery = z.object({ guestId: GuestId.optional() }).strict();
export type QuotaQuery = z.infer<typeof QuotaQuery>;

/** The server-sent events of /api/query-ai/stream, in order: one `meta`, any `delta`s, one `done` or `error`. */
export const StreamMetaEvent = Quota.extend({ isCrisis: z.boolean(), isEmergency: z.boolean() });
export const StreamDeltaEvent = z.object({ text: z.string() });
export const StreamDoneEvent = z.object({ response: z.string(), sources: z.array(Source) });
export const StreamErrorEvent = z.object({ message: z.string() });

/** The 429 of /api/query-ai: the message to show, and the counters so the widget can show the upgrade panel. */
export const QuotaExceededResponse = Quota.extend({ message: z.string() });
export type QuotaExceededResponse = z.infer<typeof QuotaExceededResponse>;

/** The signed, httpOnly cookie that payments sets on a completed subscription and ai-query verifies. */
export const SUBSCRIBER_COOKIE = 'hhp_sub';
