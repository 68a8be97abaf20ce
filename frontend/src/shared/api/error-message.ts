import type { ApiError } from './base-query';

const FALLBACK = 'Something went wrong. Please try again.';

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
}

const NO_ANSWER = 'We could not reach the portal. Please check your connection and try again.';

/**
 * What a visitor reads when a call failed (issue 27, point 5): the state, not a status code. The server's own
 * sentence (its JSON `message`, written for visitors) when it sent one; else a sentence of ours: no answer came
 * (the network), or something went wrong.
 */
export function errorSentence(error: unknown): string {
  if (!isApiError(error)) return FALLBACK;
  return serverSentence(error) ?? (error.status === 'FETCH_ERROR' ? NO_ANSWER : FALLBACK);
}

/** The server's own sentence (its JSON `message`) of a failed call, when it sent one. */
export function serverSentence(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const { data } = error;
  const message = typeof data === 'object' && data !== null && 'message' in data ? data.message : undefined;
  return typeof message === 'string' && message.trim() ? message : undefined;
}
