// The portal's HTTP API as an OpenAPI 3.1 document, generated from the same zod schemas the services
// validate with (so the two cannot drift apart). `generate.ts` writes it to proto/openapi.json.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorResponse, MAX_JSON_BODY_BYTES } from '../http-error.js';
import { ListVideosQuery, ListVideosResponse, IngestVideoRequest, Video } from '../videos.js';
import { MAX_SPEECH_TEXT_CHARS, SPEECH_PATH, SpeechQuery } from '../speech.js';
import {
  ConfirmEmailRequest,
  ConfirmEmailResponse,
  SubscribeEmailRequest,
  SubscribeEmailResponse,
  UnsubscribeEmailQuery,
  UnsubscribeEmailResponse,
} from '../email.js';
import { DetectCrisisRequest, DetectCrisisResponse } from '../crisis.js';
import {
  PerspectiveRequest,
  QueryAiRequest,
  QueryAiResponse,
  Quota,
  QuotaExceededResponse,
  QuotaQuery,
  StreamDeltaEvent,
  StreamDoneEvent,
  StreamErrorEvent,
  StreamMetaEvent,
} from '../ai.js';
import {
  AvailabilityQuery,
  AvailabilityResponse,
  BookSessionRequest,
  BookSessionResponse,
  JoinSessionRequest,
  JoinSessionResponse,
  CancelSessionRequest,
  ReleaseSessionRequest,
  ManageSessionRequest,
  ManageSessionResponse,
  RescheduleSessionRequest,
  SessionParams,
  SessionResponse,
} from '../booking.js';
import {
  CompleteSubscriptionRequest,
  CompleteSubscriptionResponse,
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse,
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  CreateSubscriptionRequest,
  CreateSubscriptionResponse,
  CheckoutCompleteRequest,
  CompleteSignInRequest,
  PaymentStatusQuery,
  PaymentStatusResponse,
  PaymentsConfigResponse,
  PortalRequest,
  PortalResponse,
  SignInLinkRequest,
  SignInLinkResponse,
  StripeWebhookRequest,
  SubscriptionStatusResponse,
} from '../payments.js';
import { PRACTICE_OPERATIONS, PRACTICE_ROUTES } from './practice-routes.js';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, json(ErrorResponse, ERROR_TEXT[status] ?? 'Error')]));

const BODY_LIMIT = `${MAX_JSON_BODY_BYTES} bytes`;

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is invalid (a field, malformed JSON, or a compressed body that does not decompress); the message names what is wrong',
  401: 'Missing or invalid signature',
  404: 'Not found',
  402: "The card was declined; the message is the card issuer's, through Stripe",
  409: 'Conflict with the current state',
  413: `The body is over ${BODY_LIMIT} (counted after any Content-Encoding is undone)`,
  415: 'The body is not JSON, or its Content-Encoding is not one of gzip, deflate, br, zstd',
  429: 'Too many requests from this client or for this address; Retry-After says when to try again',
  502: 'Stripe answered with an error; nothing was charged',
  503: 'A dependency is unavailable; nothing was done',
};

// The two statuses of the assistant that carry more than a message.
const QUOTA_EXCEEDED = json(
  QuotaExceededResponse,
  'Free questions used up for today: the message and the counters (the widget shows its upgrade panel)',
);
const MODEL_FAILED = json(ErrorResponse, 'The model did not answer; the question was not counted');

const REQUEST_BODY_NOTE =
  `A JSON object of at most ${BODY_LIMIT} (${MAX_JSON_BODY_BYTES / 1024} KiB, counted after any Content-Encoding ` +
  "is undone; a larger body is 413). Every body within the fields' maxLength fits, even with every character " +
  'written as a `\\uXXXX` escape. maxLength counts characters (code points: an emoji is one). Text fields ' +
  'refuse control characters (their pattern): a one-line field any C0 or C1 control, U+2028 and U+2029; free ' +
  'text allows line feeds and tabs; no field a lone surrogate.';

// One request each that the running stack answers with 200: documentation, and the first case schemathesis
// sends (its examples phase), so every success response is checked even when generated bodies are refused.
// A guestId of its own per route: each example costs one of that guest's free questions.
const REQUEST_EXAMPLES: Record<string, unknown> = {
  '/api/detect-crisis': { query: 'I have trouble sleeping before exams' },
  '/api/query-ai': { query: 'What can help with stress headaches?', guestId: 'openapiExampleGuest01' },
  '/api/query-ai/stream': { query: 'Which foods support digestion?', guestId: 'openapiExampleGuest02' },
  '/api/subscribe-email': { email: 'visitor@example.com', source: 'footer' },
};

const post = (
  path: string,
  tag: string,
  summary: string,
  request: z.ZodType,
  response: z.ZodType,
  statuses: number[],
  extra: Partial<RouteConfig> = {},
): RouteConfig => ({
  method: 'post',
  path,
  tags: [tag],
  summary,
  request: {
    body: {
      required: true,
      description: REQUEST_BODY_NOTE,
      content: { 'application/json': { schema: request, example: REQUEST_EXAMPLES[path] } },
    },
  },
  responses: { 200: json(response, 'OK'), ...errors(400, 413, 415, ...statuses) },
  ...extra,
});

/**
 * A POST on one booking (`/api/session/{id}/…`) whose body carries a link's token: the usual request errors,
 * and what each refusal of its own means.
 */
const sessionPost = (
  path: string,
  summary: string,
  request: z.ZodType,
  ok: ReturnType<typeof json>,
  refusals: Record<number, string>,
): RouteConfig => ({
  method: 'post',
  path,
  tags: ['booking'],
  summary,
  request: {
    params: SessionParams,
    body: { required: true, description: REQUEST_BODY_NOTE, content: { 'application/json': { schema: request } } },
  },
  responses: {
    200: ok,
    ...errors(400, 413, 415, 503),
    ...Object.fromEntries(Object.entries(refusals).map(([status, what]) => [status, json(ErrorResponse, what)])),
  },
});

const MANAGE_TOKEN_REFUSED = "The token is not this booking's change-or-cancel token";

/**
 * Each operation's operationId (what client generators name their functions: stable, camelCase; renaming one
 * breaks every generated client) and its description, by `METHOD path`. Every route has one entry and every
 * entry a route (buildOpenApiDocument throws otherwise).
 */
const OPERATIONS: Record<string, { id: string; description: string }> = {
  ...PRACTICE_OPERATIONS,
  'POST /api/detect-crisis': {
    id: 'detectCrisis',
    description:
      "The crisis safety net's verdict on a message: keyword rules, then the crisis model for what they let pass. A crisis is answered with the 988 Lifeline and the Crisis Text Line.",
  },
  'POST /api/query-ai': {
    id: 'queryAi',
    description:
      "A question to the practitioner's AI assistant, answered whole. Three free questions a day for a visitor (guestId), unlimited for a subscriber (the subscriber cookie); a message that reads as a crisis gets the crisis answer, uncounted.",
  },
  'POST /api/query-ai/stream': {
    id: 'streamQueryAi',
    description:
      'The same question as POST /api/query-ai, its answer sent as server-sent events while the model writes it.',
  },
  'POST /api/query-ai/perspective': {
    id: 'queryAiPerspective',
    description:
      'One more perspective on a Symptom Explorer analysis this visitor was given: part of that analysis, not counted again.',
  },
  'GET /api/quota': {
    id: 'getQuota',
    description: "How many of today's free questions a visitor has used and has left.",
  },
  'POST /api/subscribe-email': {
    id: 'subscribeEmail',
    description: 'Puts an address on the e-mail list, pending: a confirmation e-mail is sent (double opt-in).',
  },
  'POST /api/subscribe-email/confirm': {
    id: 'confirmEmailSubscription',
    description: "Confirms an address on the e-mail list with the token of its confirmation e-mail's link.",
  },
  'POST /api/subscribe-email/unsubscribe': {
    id: 'unsubscribeEmail',
    description: "Takes an address off the e-mail list with the token of a list e-mail's unsubscribe link.",
  },
  'GET /api/videos': {
    id: 'listVideos',
    description: 'The video library: the default videos and those an operator ingested, optionally of one category.',
  },
  [`GET ${SPEECH_PATH}`]: {
    id: 'readAloud',
    description: "One of the portal's published texts as speech (audio/wav), for browsers that cannot speak it.",
  },
  'POST /api/videos/ingest': {
    id: 'ingestVideo',
    description: "An operator's tool adds or updates a video; the body is signed with the ingest secret (HMAC).",
  },
  'POST /api/book-session': {
    id: 'bookSession',
    description:
      'Books a free slot for a plan and holds it until the session is paid; the answer carries the hold token that releases it.',
  },
  'GET /api/session/{id}': {
    id: 'getSession',
    description: "A booked session's plan, time and state.",
  },
  'POST /api/session/{id}/join': {
    id: 'joinSession',
    description: "Follows an AI Avatar Session's join link (its token in the body).",
  },
  'POST /api/session/{id}/manage': {
    id: 'manageSession',
    description: "Opens a booking's change-or-cancel link (its token in the body).",
  },
  'POST /api/session/{id}/reschedule': {
    id: 'rescheduleSession',
    description: 'Moves a confirmed booking to another free slot, with its change-or-cancel token.',
  },
  'POST /api/session/{id}/release': {
    id: 'releaseSession',
    description: "Gives back an unpaid booking's slot, with the hold token its booking answered.",
  },
  'POST /api/session/{id}/cancel': {
    id: 'cancelSession',
    description: 'Cancels a confirmed booking, with its change-or-cancel token; a card payment is refunded.',
  },
  'GET /api/availability': {
    id: 'getAvailability',
    description: "The slots of one day for a plan, free or taken, in the practice's time zone.",
  },
  'POST /api/create-checkout-session': {
    id: 'createCheckoutSession',
    description: "Starts a subscription in Stripe's hosted Checkout; the answer is where to send the browser.",
  },
  'POST /api/create-payment-intent': {
    id: 'createPaymentIntent',
    description: "Starts the card payment of a held booking (a Stripe PaymentIntent for the page's card form).",
  },
  'POST /api/create-subscription': {
    id: 'createSubscription',
    description: "Starts a subscription to be paid with the page's card form.",
  },
  'POST /api/complete-subscription': {
    id: 'completeSubscription',
    description:
      'Completes a subscription started with POST /api/create-subscription, with the completion token it answered.',
  },
  'GET /api/payments/config': {
    id: 'getPaymentsConfig',
    description: "What the browser needs to take payments (Stripe's publishable key), or 503 when payments are off.",
  },
  'GET /api/payments/status': {
    id: 'getPaymentStatus',
    description: "A booked session's payment, as Stripe reports it.",
  },
  'GET /api/subscription': {
    id: 'getSubscription',
    description: "The subscription of this browser's subscriber cookie, if any.",
  },
  'POST /api/subscription/checkout-complete': {
    id: 'completeSubscriptionCheckout',
    description: "After Stripe's hosted Checkout: verifies the session this browser started and makes it a subscriber.",
  },
  'POST /api/subscription/sign-in': {
    id: 'requestSubscriptionSignIn',
    description:
      'Asks for a one-time sign-in link: sent only when the address has a subscription, the same answer either way.',
  },
  'POST /api/subscription/sign-in/complete': {
    id: 'completeSubscriptionSignIn',
    description: 'Follows a sign-in link: this browser gets the subscriber cookie.',
  },
  'POST /api/subscription/portal': {
    id: 'openSubscriptionPortal',
    description: "A link into Stripe's customer portal, where a subscriber manages or cancels the subscription.",
  },
  'POST /api/stripe/webhook': {
    id: 'receiveStripeEvent',
    description: "Stripe's webhook: payment and subscription events, signed with the webhook secret.",
  },
};

/** The tags of the operations: one per service that answers them. */
const TAGS = [
  { name: 'crisis', description: 'The crisis safety net (the crisis service)' },
  { name: 'ai', description: "The practitioner's AI assistant and its free-question quota (the ai-query service)" },
  { name: 'content', description: 'The video library and the e-mail list (the content service)' },
  { name: 'voice', description: 'Speech: read aloud (the voice service)' },
  {
    name: 'booking',
    description: 'Sessions with the practitioner: slots, bookings and their links (the booking service)',
  },
  { name: 'payments', description: 'Payments and subscriptions, through Stripe (the payments service)' },
  { name: 'practice', description: "The practice's console: staff, passkeys, sessions, audit (the practice service)" },
];

/** The route with its operationId and description (OPERATIONS). */
function withOperation(route: RouteConfig): RouteConfig {
  const operation = OPERATIONS[`${route.method.toUpperCase()} ${route.path}`];
  if (!operation) throw new Error(`openapi: ${route.method.toUpperCase()} ${route.path} has no entry in OPERATIONS`);
  return { ...route, operationId: operation.id, description: operation.description };
}

/** The operationId of `METHOD path`, for a link. */
const operationIdOf = (operation: string) => {
  const id = OPERATIONS[operation]?.id;
  if (!id) throw new Error(`openapi: a link names ${operation}, which has no entry in OPERATIONS`);
  return id;
};

/**
 * What a success answer gives the next request (OpenAPI links): documentation of how the calls chain, and
 * the chains schemathesis's stateful phase follows (scripts/api-test.mjs). A link's requestBody fills the
 * fields it names; schemathesis generates the rest.
 */
const LINKS: Record<string, Record<string, object>> = {
  '/api/availability': {
    BookSlot: {
      operationId: operationIdOf('POST /api/book-session'),
      requestBody: { type: '$request.query.type', scheduledAt: '$response.body#/slots/0/startsAt' },
    },
  },
  '/api/book-session': {
    GetSession: { operationId: operationIdOf('GET /api/session/{id}'), parameters: { id: '$response.body#/id' } },
    ...Object.fromEntries(
      (['join', 'manage', 'reschedule', 'cancel'] as const).map((action) => [
        `${action[0]!.toUpperCase()}${action.slice(1)}Session`,
        { operationId: operationIdOf(`POST /api/session/{id}/${action}`), parameters: { id: '$response.body#/id' } },
      ]),
    ),
    ReleaseSession: {
      operationId: operationIdOf('POST /api/session/{id}/release'),
      parameters: { id: '$response.body#/id' },
      requestBody: { token: '$response.body#/holdToken' },
    },
    PayForSession: {
      operationId: operationIdOf('POST /api/create-payment-intent'),
      requestBody: { sessionId: '$response.body#/id' },
    },
    SessionPaymentStatus: {
      operationId: operationIdOf('GET /api/payments/status'),
      parameters: { sessionId: '$response.body#/id' },
    },
  },
  '/api/create-subscription': {
    CompleteSubscription: {
      operationId: operationIdOf('POST /api/complete-subscription'),
      requestBody: { customerId: '$response.body#/customerId', completionToken: '$response.body#/completionToken' },
    },
  },
};

/** The route with its LINKS on its 200 answer. */
function withLinks(route: RouteConfig): RouteConfig {
  const links = LINKS[route.path];
  const ok = route.responses[200];
  if (!links || !ok || '$ref' in ok) return route;
  return { ...route, responses: { ...route.responses, 200: { ...ok, links } } };
}

type SchemaComponent = Parameters<typeof OpenAPIRegistry.prototype.registerComponent<'schemas'>>[2];

const STREAM_EVENTS = { StreamMetaEvent, StreamDeltaEvent, StreamDoneEvent, StreamErrorEvent };

/** One server-sent event as `event:` and `data:` lines, its data a JSON document of the given schema. */
const streamEvent = (event: string, component: keyof typeof STREAM_EVENTS) => ({
  type: 'object' as const,
  required: ['event', 'data'],
  properties: {
    event: { const: event },
    data: {
      type: 'string' as const,
      contentMediaType: 'application/json',
      contentSchema: { $ref: `#/components/schemas/${component}` },
    },
  },
});

/**
 * The stream's 200: `text/event-stream`. As OpenAPI 3.1 tools read an event stream's schema, it describes
 * one event: `meta` first, any number of `delta`, then `done` or `error`.
 */
const STREAM_OK = {
  description:
    'Server-sent events, in order: one `meta` (counters, crisis and emergency flags), any number of `delta` ' +
    '(text of the answer), then `done` (the whole answer and its sources) or `error` (the answer could not be ' +
    'finished). The schema describes one event. Closing the connection aborts the answer and gives the ' +
    'question back. Errors before the stream begins are JSON, as for POST /api/query-ai.',
  content: {
    'text/event-stream': {
      schema: {
        oneOf: [
          streamEvent('meta', 'StreamMetaEvent'),
          streamEvent('delta', 'StreamDeltaEvent'),
          streamEvent('done', 'StreamDoneEvent'),
          streamEvent('error', 'StreamErrorEvent'),
        ],
      },
    },
  },
};

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  for (const [name, schema] of Object.entries(STREAM_EVENTS)) {
    // zod's own JSON Schema (2020-12, OpenAPI 3.1's dialect): the events are referenced from inside a raw
    // schema object, where the generator does not convert zod.
    const { $schema: _dialect, ...component } = z.toJSONSchema(schema, { io: 'output' });
    registry.registerComponent('schemas', name, component as SchemaComponent);
  }
  const routes: RouteConfig[] = [
    post('/api/detect-crisis', 'crisis', 'Is this message a crisis?', DetectCrisisRequest, DetectCrisisResponse, []),
    post('/api/query-ai', 'ai', "Ask the practitioner's AI", QueryAiRequest, QueryAiResponse, [503], {
      responses: {
        200: json(QueryAiResponse, 'OK'),
        ...errors(400, 413, 415, 503),
        429: QUOTA_EXCEEDED,
        502: MODEL_FAILED,
      },
    }),
    post(
      '/api/query-ai/stream',
      'ai',
      'Ask, answered as server-sent events: meta, delta…, done | error',
      QueryAiRequest,
      QueryAiResponse,
      [503],
      { responses: { 200: STREAM_OK, ...errors(400, 413, 415, 503), 429: QUOTA_EXCEEDED, 502: MODEL_FAILED } },
    ),
    post(
      '/api/query-ai/perspective',
      'ai',
      "A perspective (Ayurvedic, nutritional, chiropractic) on a Symptom Explorer analysis already given: part of that analysis, not counted again; each perspective is answered once per analysis and then served as given. 404 for an analysis this visitor was not given (unknown, another visitor's, or older than a day)",
      PerspectiveRequest,
      QueryAiResponse,
      [404, 503],
      { responses: { 200: json(QueryAiResponse, 'OK'), ...errors(400, 404, 413, 415, 503), 502: MODEL_FAILED } },
    ),
    {
      method: 'get',
      path: '/api/quota',
      tags: ['ai'],
      summary: 'Free questions used today',
      request: { query: QuotaQuery },
      responses: { 200: json(Quota, 'OK'), ...errors(400, 503) },
    },
    post(
      '/api/subscribe-email',
      'content',
      'Join the e-mail list',
      SubscribeEmailRequest,
      SubscribeEmailResponse,
      [429, 503],
    ),
    post(
      '/api/subscribe-email/confirm',
      'content',
      "Confirm an address on the e-mail list (the double opt-in e-mail's link; idempotent; 410 when the link was superseded by an unsubscribe or a later sign-up)",
      ConfirmEmailRequest,
      ConfirmEmailResponse,
      [410, 503],
    ),
    {
      method: 'post',
      path: '/api/subscribe-email/unsubscribe',
      tags: ['content'],
      summary: 'Leave the e-mail list: the one-click unsubscribe of every list e-mail (RFC 8058; idempotent)',
      request: {
        query: UnsubscribeEmailQuery,
        body: {
          required: false,
          description:
            "Read only to record which sent it (at most 1024 bytes): mail clients send the form `List-Unsubscribe=One-Click`, the portal's page `{}`",
          content: {
            'application/x-www-form-urlencoded': { schema: z.object({ 'List-Unsubscribe': z.literal('One-Click') }) },
            'application/json': { schema: z.object({}) },
          },
        },
      },
      responses: { 200: json(UnsubscribeEmailResponse, 'OK'), ...errors(400, 413, 503) },
    },
    {
      method: 'get',
      path: '/api/videos',
      tags: ['content'],
      summary: 'The video library, optionally one category',
      request: { query: ListVideosQuery },
      responses: { 200: json(ListVideosResponse, 'OK'), ...errors(400, 503) },
    },
    {
      method: 'get',
      path: SPEECH_PATH,
      tags: ['voice'],
      summary:
        "Read aloud: one of the portal's published texts (a treatment card's parts) in the server's voice, " +
        'for browsers that cannot speak; kept a day (ETag)',
      request: { query: SpeechQuery },
      responses: {
        200: {
          description: 'The text spoken (espeak-ng, 22.05 kHz mono 16-bit PCM)',
          content: { 'audio/wav': { schema: z.string().meta({ format: 'binary' }) } },
        },
        304: { description: "The browser's copy is current (If-None-Match)" },
        400: json(ErrorResponse, `No text, or more than ${MAX_SPEECH_TEXT_CHARS} characters, or control characters`),
        404: json(ErrorResponse, "Not one of the portal's published texts: nothing else is read aloud"),
        414: json(
          ErrorResponse,
          'The address is longer than nginx reads (a text far over the limit, answered by nginx)',
        ),
        429: json(
          ErrorResponse,
          'Too many read-aloud requests from this client this minute; Retry-After says when to try again',
        ),
        503: json(ErrorResponse, "The server's voice (espeak-ng) failed"),
      },
    },
    post(
      '/api/videos/ingest',
      'content',
      'Add or update a video (HMAC-signed)',
      IngestVideoRequest,
      Video,
      [401, 409, 503],
      {
        responses: {
          200: json(Video, 'Updated'),
          201: json(Video, 'Added'),
          ...errors(400, 401, 413, 415, 503),
          409: json(ErrorResponse, 'Older than the stored version of the video (a delayed or replayed request)'),
        },
      },
    ),
    post(
      '/api/book-session',
      'booking',
      'Book a session (holds the slot until paid)',
      BookSessionRequest,
      BookSessionResponse,
      [409, 429, 503],
    ),
    {
      method: 'get',
      path: '/api/session/{id}',
      tags: ['booking'],
      summary: 'A booked session',
      request: { params: SessionParams },
      responses: { 200: json(SessionResponse, 'OK'), ...errors(400, 404, 503) },
    },
    sessionPost(
      '/api/session/{id}/join',
      "Follow an AI Avatar Session's join link: inside its window, sets this browser's session pass (cookie hhp_pass)",
      JoinSessionRequest,
      json(
        JoinSessionResponse,
        '`active` (the pass is set until `endsAt`, for this browser only), `early` (the window opens at `startsAt`) or `ended`',
      ),
      {
        403: "The token is not this booking's join token",
        404: 'No such session, or not an AI Avatar Session',
        409: 'The session is not confirmed, or is already open in another browser',
      },
    ),
    sessionPost(
      '/api/session/{id}/manage',
      "Open a booking's change-or-cancel link: the booking, and whether it can still be changed",
      ManageSessionRequest,
      json(ManageSessionResponse, 'The booking as its change-or-cancel page shows it'),
      { 403: MANAGE_TOKEN_REFUSED, 404: 'No such session' },
    ),
    sessionPost(
      '/api/session/{id}/reschedule',
      'Move a confirmed booking to another free slot of its plan (up to 24 hours before it starts)',
      RescheduleSessionRequest,
      json(ManageSessionResponse, 'Moved; an e-mail with the updated invite follows'),
      {
        403: MANAGE_TOKEN_REFUSED,
        404: 'No such session',
        409: 'The new slot was just taken, or the booking can no longer be changed (the message says which)',
      },
    ),
    sessionPost(
      '/api/session/{id}/release',
      "Give back an unpaid booking's hold (the visitor went back from checkout): the slot is free again at once",
      ReleaseSessionRequest,
      json(SessionResponse, 'Released (or no longer held: the same answer); the booking reads `expired`'),
      {
        403: "The token is not this booking's hold token",
        404: 'No such session',
        409: 'The booking is paid or confirmed, so its time stays booked (the message says so)',
      },
    ),
    sessionPost(
      '/api/session/{id}/cancel',
      'Cancel a confirmed booking (up to 24 hours before it starts): the slot is freed and a card payment refunded',
      CancelSessionRequest,
      json(ManageSessionResponse, 'Cancelled (or cancelled before: the same answer); the refund follows'),
      {
        403: MANAGE_TOKEN_REFUSED,
        404: 'No such session',
        409: 'The booking can no longer be cancelled (the message says why)',
      },
    ),
    {
      method: 'get',
      path: '/api/availability',
      tags: ['booking'],
      summary: "A day's slots for a plan, free or taken, in the practice's time zone",
      request: { query: AvailabilityQuery },
      responses: { 200: json(AvailabilityResponse, 'OK'), ...errors(400, 503) },
    },
    post(
      '/api/create-checkout-session',
      'payments',
      'Start the subscription checkout',
      CreateCheckoutSessionRequest,
      CreateCheckoutSessionResponse,
      [502, 503],
    ),
    post(
      '/api/create-payment-intent',
      'payments',
      'Pay for a session',
      CreatePaymentIntentRequest,
      CreatePaymentIntentResponse,
      [404, 409, 502, 503],
    ),
    post(
      '/api/create-subscription',
      'payments',
      'Start a subscription',
      CreateSubscriptionRequest,
      CreateSubscriptionResponse,
      [502, 503],
    ),
    post(
      '/api/complete-subscription',
      'payments',
      'Confirm a subscription',
      CompleteSubscriptionRequest,
      CompleteSubscriptionResponse,
      [402, 403, 404, 409, 502, 503],
    ),
    {
      method: 'get',
      path: '/api/payments/config',
      tags: ['payments'],
      summary: "Stripe's publishable key (503 when payments are not configured)",
      responses: { 200: json(PaymentsConfigResponse, 'OK'), ...errors(503) },
    },
    {
      method: 'get',
      path: '/api/payments/status',
      tags: ['payments'],
      summary: "A session's payment as Stripe reports it",
      request: { query: PaymentStatusQuery },
      responses: { 200: json(PaymentStatusResponse, 'OK'), ...errors(400, 404, 503) },
    },
    {
      method: 'get',
      path: '/api/subscription',
      tags: ['payments'],
      summary: "This browser's subscription (its subscriber cookie), as Stripe's webhooks left it",
      responses: { 200: json(SubscriptionStatusResponse, 'OK'), ...errors(503) },
    },
    post(
      '/api/subscription/checkout-complete',
      'payments',
      'Verify a hosted Checkout session this browser started with Stripe and mark this browser a subscriber',
      CheckoutCompleteRequest,
      SubscriptionStatusResponse,
      [403, 404, 409, 502, 503],
    ),
    post(
      '/api/subscription/sign-in',
      'payments',
      'Ask for a one-time sign-in link for a subscription (the same answer whether or not the address has one)',
      SignInLinkRequest,
      SignInLinkResponse,
      [503],
      {
        responses: {
          202: json(SignInLinkResponse, 'The same answer for every address; the link is sent only to a subscriber'),
          ...errors(400, 413, 415, 503),
          429: json(ErrorResponse, 'Too many sign-in requests from this client; Retry-After says when to try again'),
        },
      },
    ),
    post(
      '/api/subscription/sign-in/complete',
      'payments',
      'Follow a sign-in link: this browser gets the subscriber cookie',
      CompleteSignInRequest,
      SubscriptionStatusResponse,
      [503],
      {
        responses: {
          200: json(SubscriptionStatusResponse, 'Signed in: the subscriber cookie is set'),
          ...errors(400, 413, 415, 503),
          409: json(ErrorResponse, 'The subscription is no longer active'),
          410: json(ErrorResponse, 'The link has expired or was already used'),
        },
      },
    ),
    post(
      '/api/subscription/portal',
      'payments',
      'Stripe\'s customer portal for the subscription of a "Manage subscription" token, or of this browser\'s cookie',
      PortalRequest,
      PortalResponse,
      [403, 404, 502, 503],
    ),
    {
      method: 'post',
      path: '/api/stripe/webhook',
      tags: ['payments'],
      summary: "Stripe's events, signed (Stripe-Signature); each applied once by its id",
      request: {
        headers: z.object({ 'stripe-signature': z.string() }),
        body: { required: true, content: { 'application/json': { schema: StripeWebhookRequest } } },
      },
      responses: {
        200: json(z.object({ received: z.boolean() }), 'Applied, or already applied'),
        ...errors(400, 503),
        409: json(ErrorResponse, 'Another delivery of the same event is being applied right now; Stripe retries'),
      },
    },
    ...PRACTICE_ROUTES,
  ];
  for (const route of routes) registry.registerPath(withLinks(withOperation(route)));
  const unused = Object.keys(OPERATIONS).filter(
    (key) => !routes.some((route) => `${route.method.toUpperCase()} ${route.path}` === key),
  );
  if (unused.length) throw new Error(`openapi: OPERATIONS names routes that do not exist: ${unused.join(', ')}`);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Holistic Health Portal API',
      version: '1.0.0',
      contact: { name: 'Holistic Health Portal support', email: 'support@holistichealth.example' },
      description:
        'Every call of the portal behind nginx. Errors answer `{ "message": ... }`, nginx\'s own too (400, 413, ' +
        '414 and, when a service cannot be reached, 502, 503 or 504). A JSON request body is at most ' +
        `${BODY_LIMIT} once any Content-Encoding (gzip, deflate, br, zstd) is undone.`,
    },
    servers: [{ url: 'http://localhost:8080' }],
    tags: TAGS,
  });
}
