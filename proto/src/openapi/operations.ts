// Each operation of the OpenAPI document named and described (operationId, description) and the tags that
// group them, with the checks that every route has an entry and every entry a route.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { SPEECH_PATH } from '../speech.js';
import { PRACTICE_OPERATIONS } from './practice-routes.js';

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
  'GET /api/availability/days': {
    id: 'getOpenDays',
    description:
      "The days of a range that the practice's rules open for a plan (its week, days off, extra days), within the booking horizon; not whether a seat is free.",
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
export const TAGS = [
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
export function withOperation(route: RouteConfig): RouteConfig {
  const operation = OPERATIONS[`${route.method.toUpperCase()} ${route.path}`];
  if (!operation) throw new Error(`openapi: ${route.method.toUpperCase()} ${route.path} has no entry in OPERATIONS`);
  return { ...route, operationId: operation.id, description: operation.description };
}

/** The operationId of `METHOD path`, for a link. */
export const operationIdOf = (operation: string) => {
  const id = OPERATIONS[operation]?.id;
  if (!id) throw new Error(`openapi: a link names ${operation}, which has no entry in OPERATIONS`);
  return id;
};

/** Throws when OPERATIONS names a route that is not among `routes`. */
export function assertEveryOperationRouted(routes: RouteConfig[]) {
  const unused = Object.keys(OPERATIONS).filter(
    (key) => !routes.some((route) => `${route.method.toUpperCase()} ${route.path}` === key),
  );
  if (unused.length) throw new Error(`openapi: OPERATIONS names routes that do not exist: ${unused.join(', ')}`);
}
