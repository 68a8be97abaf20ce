// The tokens in the list e-mails' links (the kit's signed-value.ts, LIST_TOKEN_SECRET). The subscriber id rather
// than the address, so no address sits in a URL (logs, referrers); a purpose of each link's own, so a
// confirmation link cannot unsubscribe anyone and an unsubscribe link cannot confirm. Neither expires:
// - unsubscribe: `<subscriber id>.0.<key id><MAC>`, good for as long as the address is stored (every list
//   e-mail carries one; leaving must always work).
// - confirm: `<subscriber id>.<sign-up id>.0.<key id><MAC>`, good only while that sign-up is the address's live
//   one (opt-in.ts): an unsubscribe or a later sign-up supersedes it. A subscriber stored before sign-ups had
//   ids gets `<subscriber id>.0.<key id><MAC>`, read as a sign-up with no id.
// The earlier forms (`<id>.<HMAC of "list-<purpose>:<id>">`, `<id>.<sign-up id>.<purpose MAC of both>`) verify
// until the kit's EARLIER_FORMS_UNTIL.
import { earlierPurposeInput, signValue, signedInEarlierForm, verifyValue } from '@hhp/kit';

export type TokenPurpose = 'confirm' | 'unsubscribe';

const ID = /^[0-9a-f]{24}$/;
const SIGNUP_ID = /^[\w-]{16}$/;

/** The unsubscribe link's token of a subscriber (or the confirm token of one stored before sign-ups had ids). */
export function listToken(secret: string, purpose: TokenPurpose, id: string): string {
  return signValue(secret, `list-${purpose}`, id, 'never');
}

/** The earliest form: `<id>.<HMAC-SHA256 of "list-<purpose>:<id>">`. */
function earliestForm(secret: string, purpose: TokenPurpose, token: string): string | undefined {
  const [id = '', mac, ...rest] = token.split('.');
  return rest.length === 0 && signedInEarlierForm(secret, `list-${purpose}:${id}`, mac) ? id : undefined;
}

/** The subscriber id the token was made for, or undefined when it was not made with this secret and purpose. */
export function verifyListToken(secret: string, purpose: TokenPurpose, token: string): string | undefined {
  const id = verifyValue(secret, `list-${purpose}`, token)?.payload ?? earliestForm(secret, purpose, token);
  return id !== undefined && ID.test(id) ? id : undefined;
}

/** The confirmation link's token of one sign-up. */
export function confirmToken(secret: string, id: string, signupId: string): string {
  return signValue(secret, 'list-confirm', `${id}.${signupId}`, 'never');
}

/** The earlier form of a sign-up's token: `<id>.<sign-up id>.<MAC of "list-confirm\n<id>.<sign-up id>">`. */
function earlierConfirmForm(secret: string, token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const payload = `${parts[0]}.${parts[1]}`;
  return signedInEarlierForm(secret, earlierPurposeInput('list-confirm', payload), parts[2]) ? payload : undefined;
}

/**
 * The subscriber and sign-up a confirm token was made for (`signupId` undefined for a token of a subscriber
 * stored before sign-ups had ids), or undefined when it was not made with this secret as a confirm token.
 */
export function verifyConfirmToken(
  secret: string,
  token: string,
): { id: string; signupId: string | undefined } | undefined {
  const payload =
    verifyValue(secret, 'list-confirm', token)?.payload ??
    earlierConfirmForm(secret, token) ??
    earliestForm(secret, 'confirm', token);
  const [id = '', signupId, ...rest] = payload?.split('.') ?? [];
  if (!ID.test(id) || rest.length > 0 || (signupId !== undefined && !SIGNUP_ID.test(signupId))) return undefined;
  return { id, signupId };
}
