import { upgradeTexts } from './texts';

/**
 * What the conversation says when a question is refused because the free questions are used (the 429's own
 * message, word for word); the upgrade panel's title and subtext when the refusal carried none.
 */
export function limitAnswer(body: unknown): string {
  const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  return typeof message === 'string' && message.trim()
    ? message
    : `${upgradeTexts.limitTitle}. ${upgradeTexts.limitSubtext}`;
}

/** A 429 of the AI for a guest: the free questions are used (a subscriber's 429 is an ordinary failure). */
export function isLimitRefusal(error: unknown): error is { status: 429; data?: unknown } {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 429) return false;
  const data = 'data' in error ? error.data : undefined;
  return !(typeof data === 'object' && data !== null && 'isSubscriber' in data && data.isSubscriber === true);
}
