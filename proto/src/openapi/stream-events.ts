// The answer stream of POST /api/query-ai/stream in the OpenAPI document: its four events as schema
// components, and its 200 as one `text/event-stream` event that refers to them.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { StreamDeltaEvent, StreamDoneEvent, StreamErrorEvent, StreamMetaEvent } from '../ai.js';

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
export const STREAM_OK = {
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

/** Registers the stream's events as schema components (STREAM_OK refers to them). */
export function registerStreamEvents(registry: OpenAPIRegistry) {
  for (const [name, schema] of Object.entries(STREAM_EVENTS)) {
    // zod's own JSON Schema (2020-12, OpenAPI 3.1's dialect): the events are referenced from inside a raw
    // schema object, where the generator does not convert zod.
    const { $schema: _dialect, ...component } = z.toJSONSchema(schema, { io: 'output' });
    registry.registerComponent('schemas', name, component as SchemaComponent);
  }
}
