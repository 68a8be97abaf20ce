// What the portal's routes share in the OpenAPI document: a JSON answer, the error answers with their
// meanings, the note on every JSON request body, a POST with the usual request errors, and a GET.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { ErrorResponse, MAX_JSON_BODY_BYTES } from '../http-error.js';

export const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, json(ErrorResponse, ERROR_TEXT[status] ?? 'Error')]));

export const BODY_LIMIT = `${MAX_JSON_BODY_BYTES} bytes`;

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

export const REQUEST_BODY_NOTE =
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

export const post = (
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

/** A GET answered with `response` as JSON, or with the errors of `statuses`. */
export const get = (
  path: string,
  tag: string,
  summary: string,
  response: z.ZodType,
  statuses: number[],
  request?: RouteConfig['request'],
): RouteConfig => ({
  method: 'get',
  path,
  tags: [tag],
  summary,
  ...(request ? { request } : {}),
  responses: { 200: json(response, 'OK'), ...errors(...statuses) },
});
