// The voice service's route in the OpenAPI document: the portal's published texts read aloud.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorResponse } from '../http-error.js';
import { MAX_SPEECH_TEXT_CHARS, SPEECH_PATH, SpeechQuery } from '../speech.js';
import { json } from './route-shapes.js';

export const READ_ALOUD_ROUTE: RouteConfig = {
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
    414: json(ErrorResponse, 'The address is longer than nginx reads (a text far over the limit, answered by nginx)'),
    429: json(
      ErrorResponse,
      'Too many read-aloud requests from this client this minute; Retry-After says when to try again',
    ),
    503: json(ErrorResponse, "The server's voice (espeak-ng) failed"),
  },
};
