import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { RegistrationVerifyRequest, SignInVerifyRequest } from '@hhp/proto';
import { errorSentence, isApiError } from '../../shared/api/error-message';
import { texts } from './texts';

/**
 * The key types whose signatures proto's AuthenticationCredential accepts (at most 512 base64url characters):
 * EdDSA, ES256, RS256. The server also offers ML-DSA-44 first (@simplewebauthn/server's default on a Node with
 * post-quantum Web Crypto), whose 2420-byte signatures that schema refuses: a passkey of that type would register
 * and then never sign in (Chromium's virtual authenticator chooses it). Until the server offers only what it reads,
 * the console asks for these.
 */
const READABLE_KEY_TYPES = new Set([-8, -7, -257]);

/** The browser's passkey ceremonies, answering the JSON forms the server's schemas read. */
export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON) {
  const readable = optionsJSON.pubKeyCredParams.filter(({ alg }) => READABLE_KEY_TYPES.has(alg));
  const asked = readable.length ? { ...optionsJSON, pubKeyCredParams: readable } : optionsJSON;
  return (await startRegistration({ optionsJSON: asked })) as unknown as RegistrationVerifyRequest['credential'];
}

export const signWithPasskey = async (optionsJSON: PublicKeyCredentialRequestOptionsJSON) =>
  (await startAuthentication({ optionsJSON })) as unknown as SignInVerifyRequest['credential'];

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/**
 * What the person reads when a ceremony failed: the server's sentence for a refused call (used or expired
 * invite, unknown passkey, too many attempts), ours when the browser's passkey dialog was cancelled or failed.
 */
export function ceremonyError(error: unknown): string {
  if (isApiError(error)) return errorSentence(error);
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return texts.passkeyCancelled;
  }
  if (error instanceof Error && error.message) return error.message;
  return errorSentence(error);
}
