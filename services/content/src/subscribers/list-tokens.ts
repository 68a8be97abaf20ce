// The tokens in the list e-mails' links. The subscriber id rather than the address, so no address sits in a URL
// (logs, referrers); a MAC under the purpose, so a confirmation link cannot unsubscribe anyone and an
// unsubscribe link cannot confirm.
// - unsubscribe: `<subscriber id>.<HMAC-SHA256 of "list-unsubscribe:<id>">`, good for as long as the address is
//   stored (every list e-mail carries one; leaving must always work).
// - confirm: `<subscriber id>.<sign-up id>.<purpose MAC of both>` (the kit's purposeMac), good only while that
//   sign-up is the address's live one (opt-in.ts): an unsubscribe or a later sign-up supersedes it. A confirm
//   token of the earlier form `<id>.<HMAC of "list-confirm:<id>">` is still read, as a sign-up with no id.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { purposeMac, sameMac } from '@hhp/kit';

export type TokenPurpose = 'confirm' | 'unsubscribe';

const CONFIRM_PURPOSE = 'list-confirm';

const mac = (secret: string, purpose: TokenPurpose, id: string) =>
  createHmac('sha256', secret).update(`list-${purpose}:${id}`).digest('base64url');

/** The earlier form, kept for the unsubscribe links (and for reading old confirm links). */
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

/** The confirmation link's token of one sign-up. */
export function confirmToken(secret: string, id: string, signupId: string): string {
  return `${id}.${signupId}.${purposeMac(CONFIRM_PURPOSE, `${id}.${signupId}`, secret)}`;
}

/**
 * The subscriber and sign-up a confirm token was made for (`signupId` undefined for a token of the earlier
 * form), or undefined when it was not made with this secret as a confirm token.
 */
export function verifyConfirmToken(
  secret: string,
  token: string,
): { id: string; signupId: string | undefined } | undefined {
  const parts = token.split('.');
  if (parts.length === 2) {
    const id = verifyListToken(secret, 'confirm', token);
    return id ? { id, signupId: undefined } : undefined;
  }
  if (parts.length !== 3 || !parts[0] || !parts[1]) return undefined;
  const [id, signupId, given] = parts as [string, string, string];
  return sameMac(given, purposeMac(CONFIRM_PURPOSE, `${id}.${signupId}`, secret)) ? { id, signupId } : undefined;
}
