// POST /api/query-ai/stream and its server-sent events. EventSource cannot POST, so this reads the body
// with fetch's stream reader. Errors read like the shared fetcher's (specification, section 7):
// "<status>: <the service's message>", so the widget can tell a 429 from anything else.
import type { QueryAiRequest, Quota, Source } from '@hhp/proto';

/** isEmergency may be missing from a server older than the flag. */
export type StreamMeta = Quota & { isCrisis: boolean; isEmergency?: boolean };

export interface StreamHandlers {
  meta(meta: StreamMeta): void;
  delta(text: string): void;
  done(answer: { response: string; sources: Source[] }): void;
}

export class StreamError extends Error {
  constructor(
    message: string,
    /** The answer's JSON body when it had one: a 429 carries the counters. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'StreamError';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
    ? body.message
    : undefined;
}

/** One event block ("event: x\ndata: {...}"), per the SSE format: data lines join with newlines. */
function parseEvent(block: string): { event: string; data: string } | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, data: data.join('\n') } : undefined;
}

/** Splits a text stream into SSE event blocks, whatever the chunk boundaries. */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      // Line ends may be \r\n or \r; a \r at the very end may be the first half of a \r\n, so it waits.
      const held = buffer.endsWith('\r') ? '\r' : '';
      buffer = buffer.slice(0, buffer.length - held.length).replace(/\r\n?/g, '\n') + held;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const parsed = parseEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (parsed) yield parsed;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** Asks one question and calls the handlers as the answer arrives; throws a StreamError on any failure. */
export async function streamAnswer(body: QueryAiRequest, on: StreamHandlers, signal: AbortSignal): Promise<void> {
  const response = await fetch('/api/query-ai/stream', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });

  if (!response.ok || !response.body) {
    const text = await response.text();
    const json = parseJson(text);
    const detail = messageOf(json) ?? (text.trim() || response.statusText || 'Request failed');
    throw new StreamError(`${response.status}: ${detail}`, json);
  }

  for await (const { event, data } of sseEvents(response.body)) {
    const payload = parseJson(data);
    if (event === 'meta') on.meta(payload as StreamMeta);
    else if (event === 'delta') on.delta((payload as { text: string }).text);
    else if (event === 'done') {
      on.done(payload as { response: string; sources: Source[] });
      return;
    } else if (event === 'error') throw new StreamError(messageOf(payload) ?? 'The answer failed', payload);
  }
  throw new StreamError('The answer ended before it was complete');
}
