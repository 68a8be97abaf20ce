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
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR';
  message: string;
}

function withParams(url: string, params: RequestArgs['params']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined) search.set(key, value);
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

/**
 * The services answer errors as JSON `{ "message": ... }` (DESIGN.md); the toast shows that sentence
 * rather than the raw JSON. Any other body (an nginx page, plain text) is shown as it came.
 */
function bodyText(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.trim();
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
  if (!response.ok) {
    const detail = (text && bodyText(text)) || response.statusText || 'Request failed';
    return { error: { status: response.status, message: `${response.status}: ${detail}` } };
  }
  if (!text) return { data: null };
  try {
    return { data: JSON.parse(text) as unknown };
  } catch {
    return { error: { status: 'PARSING_ERROR', message: `${response.status}: the answer was not JSON` } };
  }
};
