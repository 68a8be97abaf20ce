/**
 * Whether the confirmation call failed because the link was superseded: content answers 410 when the address
 * unsubscribed or signed up again after the link was sent (its README, "The double opt-in").
 */
export function isSupersededLink(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 410;
}
