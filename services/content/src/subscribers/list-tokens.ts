// The tokens in the list e-mails' links: `<subscriber id>.<HMAC-SHA256 of the purpose and the id>`. The id
// rather than the address, so no address sits in a URL (logs, referrers); the purpose, so a confirmation
// link cannot unsubscribe anyone and an unsubscribe link cannot confirm.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'confirm' | 'unsubscribe';

const mac = (secret: string, purpose: TokenPurpose, id: string) =>
  createHmac('sha256', secret).update(`list-${purpose}:${id}`).digest('base64url');

export function listToken(secret: string, purpose: TokenPurpose, id: string): string {
  return `${id}.${mac(secret, purpose, id)}`;
}

/** The subscriber id the token was made for, or undefined when it was not made with this secret and purpose. */
export function verifyListToken(secret: string, purpose: TokenPurpose, token: string): string | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, purpose, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}
