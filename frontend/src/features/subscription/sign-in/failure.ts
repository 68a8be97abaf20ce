/**
 * What to say of a failed sign-in or portal call: the service's own message (or `incomplete` for a link cut
 * short, which the service refuses as a malformed field), and whether trying again helps.
 */
export function failureOf(error: unknown, incomplete?: string): { message: string; retryable: boolean } {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  if (status === 400 && incomplete) return { message: incomplete, retryable: false };
  const message =
    typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
      ? data.message
      : 'The service could not be reached. Please try again in a moment.';
  // 4xx: the link itself is the problem (expired, used, not valid); anything else may pass.
  const retryable = typeof status !== 'number' || status >= 500;
  return { message, retryable };
}
