// The portal's HTTP API as an OpenAPI 3.1 document, generated from the same zod schemas the services
// validate with (so the two cannot drift apart). `generate.ts` writes it to proto/openapi.json.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorResponse } from '../http-error.js';
import { ListVideosQuery, ListVideosResponse, IngestVideoRequest, Video } from '../videos.js';
import { SubscribeEmailRequest, SubscribeEmailResponse } from '../email.js';
import { DetectCrisisRequest, DetectCrisisResponse } from '../crisis.js';
import { QueryAiRequest, QueryAiResponse, Quota, QuotaQuery } from '../ai.js';
import {
  AvailabilityQuery,
  AvailabilityResponse,
  BookSessionRequest,
  BookSessionResponse,
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
} from '../payments.js';

const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, json(ErrorResponse, ERROR_TEXT[status] ?? 'Error')]));

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is invalid; the message names what is wrong',
  401: 'Missing or invalid signature',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'The body is too large',
  415: 'The body is not JSON',
  429: 'Free questions used up for today',
  503: 'A dependency is unavailable',
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
  request: { body: { required: true, content: { 'application/json': { schema: request } } } },
  responses: { 200: json(response, 'OK'), ...errors(400, 413, 415, ...statuses) },
  ...extra,
});

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  const routes: RouteConfig[] = [
    post('/api/detect-crisis', 'crisis', 'Is this message a crisis?', DetectCrisisRequest, DetectCrisisResponse, []),
    post('/api/query-ai', 'ai', "Ask the practitioner's AI", QueryAiRequest, QueryAiResponse, [429, 503]),
    post(
      '/api/query-ai/stream',
      'ai',
      'Ask, answered as server-sent events: meta, delta…, done | error',
      QueryAiRequest,
      QueryAiResponse,
      [429, 503],
    ),
    {
      method: 'get',
      path: '/api/quota',
      tags: ['ai'],
      summary: 'Free questions used today',
      request: { query: QuotaQuery },
      responses: { 200: json(Quota, 'OK'), ...errors(400) },
    },
    post('/api/subscribe-email', 'content', 'Join the e-mail list', SubscribeEmailRequest, SubscribeEmailResponse, []),
    {
      method: 'get',
      path: '/api/videos',
      tags: ['content'],
      summary: 'The video library, optionally one category',
      request: { query: ListVideosQuery },
      responses: { 200: json(ListVideosResponse, 'OK'), ...errors(400) },
    },
    post('/api/videos/ingest', 'content', 'Add or update a video (HMAC-signed)', IngestVideoRequest, Video, [401]),
    post('/api/book-session', 'booking', 'Book a session', BookSessionRequest, BookSessionResponse, [409]),
    {
      method: 'get',
      path: '/api/session/{id}',
      tags: ['booking'],
      summary: 'A booked session',
      request: { params: z.object({ id: z.string() }) },
      responses: { 200: json(SessionResponse, 'OK'), ...errors(404) },
    },
    {
      method: 'get',
      path: '/api/availability',
      tags: ['booking'],
      summary: 'Free slots',
      request: { query: AvailabilityQuery },
      responses: { 200: json(AvailabilityResponse, 'OK'), ...errors(400) },
    },
    post(
      '/api/create-checkout-session',
      'payments',
      'Start the subscription checkout',
      CreateCheckoutSessionRequest,
      CreateCheckoutSessionResponse,
      [503],
    ),
    post(
      '/api/create-payment-intent',
      'payments',
      'Pay for a session',
      CreatePaymentIntentRequest,
      CreatePaymentIntentResponse,
      [404, 503],
    ),
    post(
      '/api/create-subscription',
      'payments',
      'Start a subscription',
      CreateSubscriptionRequest,
      CreateSubscriptionResponse,
      [503],
    ),
    post(
      '/api/complete-subscription',
      'payments',
      'Confirm a subscription',
      CompleteSubscriptionRequest,
      CompleteSubscriptionResponse,
      [503],
    ),
  ];
  for (const route of routes) registry.registerPath(route);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Holistic Health Portal API',
      version: '1.0.0',
      description: 'Every call of the portal behind nginx. Errors answer `{ "message": ... }`.',
    },
    servers: [{ url: 'http://localhost:8080' }],
  });
}
