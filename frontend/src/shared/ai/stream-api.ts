// POST /api/query-ai/stream and its server-sent events: the AI's streamed answer, as a thunk of the shared API
// layer beside the RTK Query endpoints of ./api.ts (a cache entry is no place for a stream). EventSource cannot
// POST, so the body is read with fetch's stream reader.
//
// Every event is checked against proto's schema. The schemas are zod, which the first download of a page must
// not carry (the home page's budget): only the chat panel's lazy chunk imports this module.
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import {
  QuotaExceededResponse,
  StreamDeltaEvent,
  StreamDoneEvent,
  StreamErrorEvent,
  StreamMetaEvent,
} from '@hhp/proto/ai';
import type { QueryAiRequest, Quota, Source } from '@hhp/proto';
import { httpError, type ApiError } from '../api/base-query';
import { quotaReceived, quotaStale, type AiDispatch, type QuotaState } from './api';

/** What this module needs of a zod schema (the frontend itself does not depend on zod). */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** isEmergency may be missing from a server older than the flag. */
export type StreamMeta = Quota & { isCrisis: boolean; isEmergency?: boolean; crisisLines?: true | undefined };
const MetaEvent: Schema<StreamMeta> = StreamMetaEvent.partial({ isEmergency: true });
export type StreamDone = { response: string; sources: Source[] };

export interface StreamHandlers {
  /** The answer has begun: the counters (already in the quota's cache) and the answer's kind. */
  meta(meta: StreamMeta): void;
  delta(text: string): void;
}

export type StreamResult = { data: StreamDone; error?: undefined } | { data?: undefined; error: ApiError };

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

class StreamFailure extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
}

/** An event's JSON, as its schema says, or a PARSING_ERROR. */
function payload<T>(schema: Schema<T>, event: string, data: string): T {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new StreamFailure({ status: 'PARSING_ERROR', message: `the answer's ${event} event is not what proto says` });
  }
  return parsed.data;
}

/**
 * Reads one answer from `response`: calls the handlers as it arrives and resolves with the whole answer.
 * The counters of its `meta` event, and those of a 429, go to RTK Query's quota cache (the only copy); when an
 * answer that had been counted fails, the quota is read again (the service gives the question back).
 */
export async function readAnswer(response: Response, on: StreamHandlers, dispatch: AiDispatch): Promise<StreamResult> {
  if (!response.ok || !response.body) {
    const error = httpError(response, await response.text());
    if (error.status === 429) {
      const counters = QuotaExceededResponse.safeParse(error.data);
      if (counters.success) dispatch(quotaReceived(counters.data));
    }
    return { error };
  }
  let counted = false;
  try {
    for await (const { event, data } of sseEvents(response.body)) {
      if (event === 'meta') {
        const meta = payload(MetaEvent, event, data);
        dispatch(quotaReceived(meta));
        counted = true;
        on.meta(meta);
      } else if (event === 'delta') {
        on.delta(payload(StreamDeltaEvent, event, data).text);
      } else if (event === 'done') {
        return { data: payload(StreamDoneEvent, event, data) };
      } else if (event === 'error') {
        throw new StreamFailure({ status: 'STREAM_ERROR', message: payload(StreamErrorEvent, event, data).message });
      }
    }
    throw new StreamFailure({ status: 'STREAM_ERROR', message: 'The answer ended before it was complete' });
  } catch (cause) {
    if (counted) dispatch(quotaStale());
    if (cause instanceof StreamFailure) return { error: cause.error };
    return { error: { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) } };
  }
}

/**
 * Asks one question and streams its answer (specification, sections 4 and 8). Resolves with the answer, or
 * an error with a typed status: a number for an HTTP refusal (429: the free questions are used up), whose
 * message is `status: body` like every other call's; FETCH_ERROR, PARSING_ERROR or STREAM_ERROR otherwise.
 */
export const askAiStream =
  (
    request: QueryAiRequest,
    on: StreamHandlers,
    signal: AbortSignal,
  ): ThunkAction<Promise<StreamResult>, QuotaState, unknown, UnknownAction> =>
  async (dispatch) => {
    let response: Response;
    try {
      response = await fetch('/api/query-ai/stream', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify(request),
        signal,
      });
    } catch (cause) {
      return { error: { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) } };
    }
    return readAnswer(response, on, dispatch);
  };
