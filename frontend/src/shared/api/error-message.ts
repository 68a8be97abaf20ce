import type { ApiError } from './base-query';

const FALLBACK = 'Something went wrong. Please try again.';

function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'status' in error && 'message' in error;
}

/** The text to show for whatever an RTK Query hook reports as `error` (ours, or a serialized exception). */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return FALLBACK;
}
