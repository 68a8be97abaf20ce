// The crisis safety net's and the practitioner's AI assistant's routes in the OpenAPI document (the crisis
// and ai-query services).
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { ErrorResponse } from '../http-error.js';
import { DetectCrisisRequest, DetectCrisisResponse } from '../crisis.js';
import {
  PerspectiveRequest,
  QueryAiRequest,
  QueryAiResponse,
  Quota,
  QuotaExceededResponse,
  QuotaQuery,
} from '../ai.js';
import { errors, get, json, post } from './route-shapes.js';
import { STREAM_OK } from './stream-events.js';

// The two statuses of the assistant that carry more than a message.
const QUOTA_EXCEEDED = json(
  QuotaExceededResponse,
  'Free questions used up for today: the message and the counters (the widget shows its upgrade panel)',
);
const MODEL_FAILED = json(ErrorResponse, 'The model did not answer; the question was not counted');

export const CRISIS_ROUTES: RouteConfig[] = [
  post('/api/detect-crisis', 'crisis', 'Is this message a crisis?', DetectCrisisRequest, DetectCrisisResponse, []),
];

export const ASSISTANT_ROUTES: RouteConfig[] = [
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
  get('/api/quota', 'ai', 'Free questions used today', Quota, [400, 503], { query: QuotaQuery }),
];
