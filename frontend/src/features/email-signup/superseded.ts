import { errorSentence } from '../../shared/api/error-message';

/**
 * What a link's page says when its call failed: the server's sentence without the field name it starts with for
 * API clients ("token: this link is not valid…" reads "This link is not valid…"); a visitor never typed a token.
 */
export function linkErrorSentence(error: unknown): string {
  const sentence = errorSentence(error).replace(/^token: /, '');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * Whether the confirmation call failed because the link was superseded: content answers 410 when the address
 * unsubscribed or signed up again after the link was sent (its README, "The double opt-in").
 */
export function isSupersededLink(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 410;
}
