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
