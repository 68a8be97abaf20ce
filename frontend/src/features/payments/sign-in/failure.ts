/** What to say of a failed sign-in or portal call: the service's own message, and whether trying again helps. */
export function failureOf(error: unknown): { message: string; retryable: boolean } {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  const message =
    typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
      ? data.message
      : 'The service could not be reached. Please try again in a moment.';
  // 4xx: the link itself is the problem (expired, used, not valid); anything else may pass.
  const retryable = typeof status !== 'number' || status >= 500;
  return { message, retryable };
}
