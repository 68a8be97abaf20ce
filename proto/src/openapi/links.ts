// How the portal's calls chain in the OpenAPI document: the links on a success answer.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { operationIdOf } from './operations.js';

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
export function withLinks(route: RouteConfig): RouteConfig {
  const links = LINKS[route.path];
  const ok = route.responses[200];
  if (!links || !ok || '$ref' in ok) return route;
  return { ...route, responses: { ...route.responses, 200: { ...ok, links } } };
}
