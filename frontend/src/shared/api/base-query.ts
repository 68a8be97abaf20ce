import type { BaseQueryFn } from '@reduxjs/toolkit/query';

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Record<string, string | undefined>;
  body?: unknown;
  /** The specification's fetcher can treat 401 as "nothing here" instead of an error; the default throws. */
  on401?: 'throw' | 'returnNull';
}

/**
 * Every failed call, whatever went wrong. `status` is the HTTP status, or a word when no answer came back;
 * `message` is what the screens show.
 */
export interface ApiError {
  /**
   * `FETCH_ERROR`: no answer (network, abort); `PARSING_ERROR`: an answer that is not what proto's schema says;
   * `STREAM_ERROR`: a streamed answer that reported a failure or ended before it was complete.
   */
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'STREAM_ERROR';
  message: string;
  /** The error's JSON body, when it had one (a 429 of the AI carries the counters). */
  data?: unknown;
}

function withParams(url: string, params: RequestArgs['params']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined) search.set(key, value);
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A non-success answer as every caller sees it (specification, section 7): its HTTP status, typed, and the
 * message `status: body`, where the body is the service's JSON `message` when it has one (DESIGN.md), else
 * the raw text (an nginx page, plain text), else the status text.
 */
export function httpError(response: Pick<Response, 'status' | 'statusText'>, text: string): ApiError {
  const data = parseJson(text);
  const message =
    typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
      ? data.message
      : text.trim();
  const detail = message || response.statusText || 'Request failed';
  return { status: response.status, message: `${response.status}: ${detail}`, ...(data === undefined ? {} : { data }) };
}

/**
 * The specification's fetcher (section 7): cookies always go along, and a non-success answer becomes an
 * error whose message is `status: body` (or the status text when the body is empty). No retries.
 */
export const httpBaseQuery: BaseQueryFn<RequestArgs | string, unknown, ApiError> = async (args, { signal }) => {
  const { url, method = 'GET', params, body, on401 = 'throw' } = typeof args === 'string' ? { url: args } : args;
  let response: Response;
  try {
    response = await fetch(withParams(url, params), {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    return { error: { status: 'FETCH_ERROR', message: cause instanceof Error ? cause.message : String(cause) } };
  }

  const text = await response.text();
  if (response.status === 401 && on401 === 'returnNull') return { data: null };
  if (!response.ok) return { error: httpError(response, text) };
  if (!text) return { data: null };
  try {
    return { data: JSON.parse(text) as unknown };
  } catch {
    return { error: { status: 'PARSING_ERROR', message: `${response.status}: the answer was not JSON` } };
  }
};
