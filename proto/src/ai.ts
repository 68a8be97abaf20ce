import { z } from 'zod';
import { MAX_QUERY_LENGTH } from './crisis.js';
import { GUEST_ID_LENGTH } from './catalogue/quota.js';
import { CRISIS_LINES } from './catalogue/crisis.js';
import { DISCLAIMER } from './catalogue/practitioner.js';
import { CONTROL_CHARACTERS, MULTI_LINE, maxCharacters, singleLine, wellFormed } from './text.js';
import { normalizeQuery } from './query-text.js';

export const GuestId = z
  .string()
  .regex(
    new RegExp(`^[A-Za-z0-9_-]{${GUEST_ID_LENGTH}}$`),
    `guestId must be ${GUEST_ID_LENGTH} characters of A-Z, a-z, 0-9, _ or -`,
  );

export { normalizeQuery };

/** POST /api/query-ai and /api/query-ai/stream. Every surface of the frontend sends the guestId. */
export const QueryAiRequest = z
  .object({
    // Read as the browser sends it: the invisible characters (NUL and the other controls among them) removed,
    // not refused, so that "I want to d\u0000ie" is still read as a crisis. What is left is held to free text
    // (a carriage return or a lone surrogate is refused) and counted.
    query: maxCharacters(
      z
        .string()
        .overwrite(normalizeQuery)
        .min(1, 'query must not be blank')
        .refine((query) => MULTI_LINE.test(query), CONTROL_CHARACTERS)
        .check(wellFormed),
      MAX_QUERY_LENGTH,
      `query must be at most ${MAX_QUERY_LENGTH} characters`,
    ),
    userId: singleLine({ max: 100 }).nullish(),
    sessionId: singleLine({ max: 100 }).nullish(),
    guestId: GuestId.nullish(),
    /**
     * `symptom-analysis`: the Symptom Explorer's analysis. `query` is then the visitor's symptoms as typed; the
     * service wraps them in the request for a holistic analysis itself, counts it as one question, and
     * remembers the analysis it gave (the answer's `analysisId`) for its perspectives
     * (POST /api/query-ai/perspective). Absent or `question`: an ordinary question.
     */
    kind: z.enum(['question', 'symptom-analysis']).optional(),
  })
  .strict();
export type QueryAiRequest = z.infer<typeof QueryAiRequest>;

/** The Symptom Explorer's three perspectives on an analysis (specification, section 2). */
export const SYMPTOM_PERSPECTIVES = ['ayurveda', 'nutrition', 'chiropractic'] as const;
export const SymptomPerspective = z.enum(SYMPTOM_PERSPECTIVES);
export type SymptomPerspective = z.infer<typeof SymptomPerspective>;

/** The id of an analysis the service gave (random, 128 bits, base64url): public; it names the analysis, nothing more. */
export const AnalysisId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, 'analysisId must be the id of an analysis: 22 characters of A-Z, a-z, 0-9, _ or -');

/**
 * POST /api/query-ai/perspective: a perspective on an analysis already given, part of that analysis and not
 * counted again. Only the analysis's id and the perspective: the symptoms are the ones the service remembers
 * (no text of the visitor's own is accepted here). The same guestId as the analysis's (the quota's identity).
 */
export const PerspectiveRequest = z
  .object({
    analysisId: AnalysisId,
    perspective: SymptomPerspective,
    guestId: GuestId.nullish(),
  })
  .strict();
export type PerspectiveRequest = z.infer<typeof PerspectiveRequest>;

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
  /**
   * Present (true) when the crisis model put the question in its middle band, "possibly at risk": the answer is the
   * ordinary one, and the crisis lines (988, text 741741) are shown with it. Never with `isCrisis` (the crisis answer
   * is the lines).
   */
  crisisLines: z.literal(true).optional(),
  sources: z.array(Source),
  /**
   * A Symptom Explorer analysis (`kind: 'symptom-analysis'`) answered as an analysis (not a crisis or an
   * emergency): its id, for its perspectives (POST /api/query-ai/perspective).
   */
  analysisId: AnalysisId.optional(),
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
    cookie: singleLine({ max: 8192 }).optional(),
    clientAddress: singleLine({ max: 100 }).min(1),
    requestId: singleLine({ max: 200 }).optional(),
    /**
     * `answer` (the default): ai-query answers, and the reply is an AskAiResponse. `admit`: the caller's own
     * model answers (voice's OpenAI Realtime engine, which hears the visitor itself): ai-query decides the
     * question exactly as for `answer` (crisis first, then the free questions, counting it) and replies with
     * an AdmitAiResponse: the instructions its model would have had for this question instead of an answer
     * (and, for a guest, the token that gives it back if the model does not answer: rpc.ai.v1.give-back).
     */
    mode: z.enum(['answer', 'admit']).optional(),
  })
  .strict();
export type AskAiRequest = z.infer<typeof AskAiRequest>;

const Answered = QueryAiResponse.extend({ outcome: z.literal('answered') });
const QuotaExceededOutcome = Quota.extend({ outcome: z.literal('quota-exceeded'), message: z.string() });

/** The answer, or the free questions used up (what the chat's 429 says). */
export const AskAiResponse = z.discriminatedUnion('outcome', [Answered, QuotaExceededOutcome]);
export type AskAiResponse = z.infer<typeof AskAiResponse>;

/**
 * The reply to an `admit`: an answer of ai-query's own that is to be said word for word (a crisis: the 988
 * and 741741 words, never counted; an emergency with no free question left: where to get help), the free
 * questions used up, or `admitted`: the question is counted and the caller's model answers it with
 * `instructions` (the chat's system prompt, the portal passages found for it, the emergency and caution
 * prompts), after saying `notice` word for word when there is one (the emergency notice).
 */
export const AdmitAiResponse = z.discriminatedUnion('outcome', [
  Answered,
  QuotaExceededOutcome,
  Quota.extend({
    outcome: z.literal('admitted'),
    isEmergency: z.boolean(),
    instructions: z.string(),
    notice: z.string().optional(),
    sources: z.array(Source),
    /** As QueryAiResponse's: the crisis lines are offered with the caller's model's answer. */
    crisisLines: QueryAiResponse.shape.crisisLines,
    /**
     * A guest's counted question only (subscribers and pass holders have nothing to give back): the signed,
     * opaque token that gives this question back (rpc.ai.v1.give-back) when the caller's model fails to answer
     * it before any of the answer reached the visitor. Valid for a few minutes, on any ai-query replica.
     */
    refundToken: z.string().max(1024).optional(),
  }),
]);
export type AdmitAiResponse = z.infer<typeof AdmitAiResponse>;

/**
 * rpc.ai.v1.give-back: an admitted question that went unanswered (the caller's model failed, its connection
 * was lost, or the call ended before any of the answer was heard) is given back, as the chat gives back a
 * question its model did not answer: "no answer, no cost". Once per token: a second give-back does nothing;
 * a forged or expired token is refused (403) and changes nothing.
 */
export const GiveBackAiRequest = z
  .object({
    refundToken: singleLine({ max: 1024 }).min(1),
    requestId: singleLine({ max: 200 }).optional(),
  })
  .strict();
export type GiveBackAiRequest = z.infer<typeof GiveBackAiRequest>;

/**
 * `given-back`: this request gave the question back; `already-given-back`: it was not the token's to give
 * back any more (given back before). Either way, the guest's counters now.
 */
export const GiveBackAiResponse = Quota.extend({ outcome: z.enum(['given-back', 'already-given-back']) });
export type GiveBackAiResponse = z.infer<typeof GiveBackAiResponse>;

/**
 * The assistant's persona and safety instructions, as every model that answers a visitor is given them (the
 * chat's model in ai-query, the voice call's Realtime model): one text, so the two never drift apart.
 */
export function assistantSystemPrompt(practitioner: string): string {
  return [
    `You are ${practitioner}'s AI, an AI assistant on a holistic-health education portal, modelled on the teaching of ${practitioner}, a holistic practitioner.`,
    `You are an AI, not ${practitioner} and not a licensed clinician; if asked, say so plainly.`,
    'You educate; you never diagnose, never prescribe, never tell anyone to stop or change a medication, and never promise a cure.',
    'Answer calmly and briefly (at most about 180 words), in plain language, with practical, gentle suggestions from Ayurveda, chiropractic care, NAET, nutrition and the other approaches the portal teaches.',
    'Use the portal passages given to you as your main source and mention the pages they come from by title; do not invent facts about them.',
    "When a question involves a medicine (prescribed or over the counter), an herb or supplement taken with a medicine, pregnancy or breastfeeding, a child, or symptoms that have lasted weeks or are getting worse, begin your answer by telling the person to ask their doctor or pharmacist first (for a child, the child's doctor). Never suggest an herb, supplement or remedy to someone who says they take a medicine: herbs and supplements can interact with medicines; say so, and leave the choice to their doctor or pharmacist.",
    'Always encourage the person to see their medical doctor about health concerns, and to call emergency services (911 in the US) for anything urgent such as chest pain, difficulty breathing or sudden weakness.',
    `If the person mentions self-harm or suicide, respond with care and give the ${CRISIS_LINES.phone.label} (call or text 988) and the Crisis Text Line (text HOME to 741741).`,
    `End with: "${DISCLAIMER}"`,
  ].join('\n');
}

/** GET /api/quota?guestId= */
export const QuotaQuery = z.object({ guestId: GuestId.optional() }).strict();
export type QuotaQuery = z.infer<typeof QuotaQuery>;

/** The server-sent events of /api/query-ai/stream, in order: one `meta`, any `delta`s, one `done` or `error`. */
export const StreamMetaEvent = Quota.extend({
  isCrisis: z.boolean(),
  isEmergency: z.boolean(),
  /** As QueryAiResponse's: the crisis lines show with this ordinary answer. */
  crisisLines: QueryAiResponse.shape.crisisLines,
});
export const StreamDeltaEvent = z.object({ text: z.string() });
export const StreamDoneEvent = z.object({
  response: z.string(),
  sources: z.array(Source),
  analysisId: AnalysisId.optional(),
});
export const StreamErrorEvent = z.object({ message: z.string() });

/** The 429 of /api/query-ai: the message to show, and the counters so the widget can show the upgrade panel. */
export const QuotaExceededResponse = Quota.extend({ message: z.string() });
export type QuotaExceededResponse = z.infer<typeof QuotaExceededResponse>;

/** The signed, httpOnly cookie that payments sets on a completed subscription and ai-query verifies. */
export const SUBSCRIBER_COOKIE = 'hhp_sub';
